package dev.snailbench.model.request;

import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * The rules between the fields of a {@link JobRequest}, each refusal naming the field to fix
 * ({@link JobRulesCheck}).
 */
@Documented
@Constraint(validatedBy = JobRulesCheck.class)
@Target(TYPE)
@Retention(RUNTIME)
public @interface JobRules {

    String message() default "the job's fields do not go together";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
