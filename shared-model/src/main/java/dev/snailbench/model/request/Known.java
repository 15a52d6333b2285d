package dev.snailbench.model.request;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.ElementType.PARAMETER;
import static java.lang.annotation.ElementType.TYPE_USE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/** A word of a {@link Vocabulary} (a dialect, a naturalness level), refused with what is accepted; null passes. */
@Documented
@Constraint(validatedBy = Known.Check.class)
@Target({FIELD, METHOD, PARAMETER, TYPE_USE})
@Retention(RUNTIME)
public @interface Known {

    Vocabulary value();

    String message() default "is not a known value";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** The vocabulary's own parser, and its message when it refuses. */
    class Check implements ConstraintValidator<Known, String> {

        private Vocabulary vocabulary;

        @Override
        public void initialize(Known known) {
            this.vocabulary = known.value();
        }

        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            try {
                vocabulary.check(value);
                return true;
            } catch (IllegalArgumentException e) {
                context.disableDefaultConstraintViolation();
                context.buildConstraintViolationWithTemplate(Messages.literal(e.getMessage()))
                        .addConstraintViolation();
                return false;
            }
        }
    }
}
