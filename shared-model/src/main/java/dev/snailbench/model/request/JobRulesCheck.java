package dev.snailbench.model.request;

import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.request.JobRequest.DatabaseRequest;
import dev.snailbench.model.request.JobRequest.ModelRequest;
import dev.snailbench.model.request.JobRequest.QuestionRequest;
import dev.snailbench.model.request.JobRequest.SchemaVariantRequest;
import dev.snailbench.model.target.InvalidTarget;
import dev.snailbench.model.target.TargetSpec;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rules between a job request's fields, decided from the request alone: every rule broken is reported, each at
 * the field to fix. A field with a value of its own that is already refused (an unknown dialect, a blank question)
 * is left to its constraint; what needs the job resolved (a question set's questions, the registered database, the
 * backends, the SQL) is checked by the generator afterwards.
 */
public final class JobRulesCheck implements ConstraintValidator<JobRules, JobRequest> {

    @Override
    public boolean isValid(JobRequest job, ConstraintValidatorContext context) {
        if (job == null) {
            return true;
        }
        List<String[]> problems = new ArrayList<>();
        models(job, problems);
        database(job, problems);
        levelsAndSchemas(job, problems);
        questions(job, problems);
        if (job.predictions() != null && !job.predictions().isEmpty() && blank(job.model())) {
            problems.add(new String[] {
                "predictions", "recorded predictions need a replay model (\"model\": " + "\"<label>\")"
            });
        }
        if (problems.isEmpty()) {
            return true;
        }
        context.disableDefaultConstraintViolation();
        problems.forEach(p -> add(context, p[0], p[1]));
        return false;
    }

    private static void models(JobRequest job, List<String[]> problems) {
        List<String> labels = new ArrayList<>();
        if (!blank(job.model())) {
            labels.add(job.model());
        }
        if (job.models() != null) {
            job.models().stream()
                    .filter(m -> m != null && !blank(m.label()))
                    .map(ModelRequest::label)
                    .forEach(labels::add);
        }
        if (blank(job.model()) && (job.models() == null || job.models().isEmpty())) {
            problems.add(new String[] {
                "model", "name the model: \"model\" (recorded predictions) or \"models\" " + "(backends)"
            });
        }
        Set<String> seen = new HashSet<>();
        for (String label : labels) {
            if (!seen.add(label)) {
                problems.add(new String[] {"models", "model label '" + label + "' is used twice"});
            }
        }
    }

    private static void database(JobRequest job, List<String[]> problems) {
        DatabaseRequest db = job.database();
        if (db == null) {
            // A linking-only job: predictions are scored on schema linking and query characteristics, nothing runs.
            return;
        }
        if (job.onRegisteredDatabase()) {
            if (db.jdbcUrl() != null || db.kind() != null || db.user() != null || db.password() != null) {
                problems.add(new String[] {
                    "database",
                    "name either a registered database (databaseId) or an inline "
                            + "one (kind, jdbcUrl, user, password), not both"
                });
            }
            try {
                UUID.fromString(db.databaseId().trim());
            } catch (IllegalArgumentException e) {
                problems.add(new String[] {
                    "database.databaseId",
                    "'" + db.databaseId() + "' is not the id of a "
                            + "registered database (a UUID from POST /databases on the executor)"
                });
            }
            return;
        }
        SqlDialect kind = dialect(db.kind());
        if (blank(db.kind())) {
            problems.add(new String[] {"database.kind", "must not be blank (postgresql or sqlserver)"});
        }
        if (blank(db.jdbcUrl())) {
            problems.add(new String[] {"database.jdbcUrl", "must not be blank"});
        } else if (kind != null) {
            try {
                // The executor's own parsing: one host, no credentials, only the allowlisted driver properties. Where
                // the address may be is the executor's rule, asked when the job is submitted.
                TargetSpec.parse(kind, db.jdbcUrl(), Map.of(), "database.jdbcUrl", "database.options");
            } catch (InvalidTarget e) {
                problems.add(new String[] {e.field(), e.getMessage()});
            }
        }
        SqlDialect dialect = dialect(job.dialect());
        if (kind != null && dialect != null && kind != dialect) {
            problems.add(new String[] {
                "dialect", "dialect " + dialect.id() + " does not match the " + kind.id() + " database"
            });
        }
        if (blank(db.user())) {
            problems.add(new String[] {"database.user", "must not be blank"});
        }
        if (db.password() == null) {
            problems.add(new String[] {"database.password", "missing (use \"\" for none)"});
        }
        if (job.asksModels() && job.nativeSchema() != null && blank(job.schemaId())) {
            problems.add(new String[] {
                "nativeSchema",
                "models are shown the schema of a registered database only: "
                        + "register it (POST /databases on the executor) and name it by database.databaseId, or give a "
                        + "built-in schemaId"
            });
        }
    }

    private static void levelsAndSchemas(JobRequest job, List<String[]> problems) {
        Set<NaturalnessLevel> levels = levels(job.levels());
        boolean schemaId = !blank(job.schemaId());
        if (levels.stream().anyMatch(l -> l != NaturalnessLevel.NATIVE) && job.crosswalkId() == null && !schemaId) {
            problems.add(new String[] {
                "schemaId",
                "levels other than Native need a crosswalk that renames the "
                        + "identifiers: a built-in one (schemaId) or yours (crosswalkId)"
            });
        }
        if (job.crosswalkId() != null) {
            if (schemaId) {
                problems.add(new String[] {
                    "crosswalkId", "name either a built-in schemaId or your crosswalkId, not " + "both"
                });
            }
            if (!job.onRegisteredDatabase()) {
                problems.add(new String[] {
                    "database.databaseId",
                    "a job with your crosswalk runs on your registered " + "database (POST /databases on the executor)"
                });
            }
        }
        SchemaVariantRequest variant = job.schemaVariant();
        if (variant == null) {
            return;
        }
        if (!job.onRegisteredDatabase()) {
            problems.add(new String[] {
                "database.databaseId",
                "a job on a schema variant runs on your registered "
                        + "database (POST /databases on the executor), whose schema the variant renames"
            });
        }
        if (job.crosswalkId() != null || schemaId) {
            problems.add(new String[] {
                "schemaVariant",
                "a schema variant renames your database's own names: name " + "no crosswalkId or schemaId with it"
            });
        }
        if (!levels.isEmpty() && !levels.equals(Set.of(NaturalnessLevel.NATIVE))) {
            problems.add(new String[] {
                "levels",
                "a job on a schema variant is asked at the Native level only (the "
                        + "variant's names are what the model sees)"
            });
        }
        String kind = variant.kind() == null ? "" : variant.kind().trim().toLowerCase(Locale.ROOT);
        if (kind.equals("original")
                && (variant.seed() != null || variant.rate() != null || variant.context() != null)) {
            problems.add(new String[] {
                variant.rate() != null
                        ? "schemaVariant.rate"
                        : variant.seed() != null ? "schemaVariant.seed" : "schemaVariant.context",
                "the original schema injects nothing: give seed, " + "rate and context only with injected or refined"
            });
        } else if (variant.context() != null && kind.equals("injected")) {
            problems.add(new String[] {
                "schemaVariant.context",
                "only a refined variant has a context (the words its "
                        + "offline packager may expand an abbreviation to)"
            });
        }
        over(variant, kind, problems);
    }

    /** What a refined variant repairs: the team's own names ({@code over: original}, or rate 0) or an injected copy. */
    private static void over(SchemaVariantRequest variant, String kind, List<String[]> problems) {
        String over = variant.over() == null ? null : variant.over().trim().toLowerCase(Locale.ROOT);
        boolean zero = variant.rate() != null && variant.rate() == 0;
        if (over != null && !kind.equals("refined") && !kind.isEmpty()) {
            problems.add(new String[] {
                "schemaVariant.over", "only a refined variant is built over a schema " + "(original or injected)"
            });
        } else if (zero && !kind.isEmpty() && !kind.equals("refined") && !kind.equals("original")) {
            problems.add(new String[] {"schemaVariant.rate", SchemaVariantRequest.RATE});
        } else if ("injected".equals(over) && zero) {
            problems.add(new String[] {
                "schemaVariant.rate",
                "must be above 0 and at most 0.5 over an injected copy "
                        + "(the share of columns renamed per ambiguity type)"
            });
        } else if ("original".equals(over) && variant.rate() != null && !zero) {
            problems.add(new String[] {
                "schemaVariant.rate",
                "a refined variant over the original schema injects "
                        + "nothing: give a rate only over an injected copy"
            });
        } else if (variant.overOriginal() && variant.seed() != null) {
            problems.add(new String[] {
                "schemaVariant.seed",
                "a refined variant over the original schema injects "
                        + "nothing: give a seed only over an injected copy"
            });
        }
    }

    private static void questions(JobRequest job, List<String[]> problems) {
        if (job.questionSet() != null) {
            if (job.questions() != null) {
                problems.add(new String[] {"questionSet", "give either questions or a questionSet, not both"});
            }
            return;
        }
        List<QuestionRequest> questions = job.questions();
        if (questions == null || questions.isEmpty()) {
            problems.add(new String[] {"questions", "a job needs at least one question (or a questionSet)"});
            return;
        }
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < questions.size(); i++) {
            QuestionRequest q = questions.get(i);
            if (q != null && !blank(q.id()) && !ids.add(q.id())) {
                problems.add(new String[] {"questions[" + i + "].id", "question id '" + q.id() + "' is used twice"});
            }
        }
    }

    /** The job's levels as the generator reads them (Native when none); unknown ones are their constraint's. */
    private static Set<NaturalnessLevel> levels(List<String> levels) {
        Set<NaturalnessLevel> parsed = new LinkedHashSet<>();
        if (levels != null) {
            for (String level : levels) {
                try {
                    parsed.add(NaturalnessLevel.fromLabel(level));
                } catch (IllegalArgumentException e) {
                    // Refused by the level's own constraint.
                }
            }
        }
        return parsed;
    }

    private static SqlDialect dialect(String id) {
        try {
            return id == null ? null : SqlDialect.fromId(id);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }

    private static final Pattern SEGMENT = Pattern.compile("([^.\\[]+)(?:\\[(\\d+)])?");

    /** A violation at {@code path}: {@code a}, {@code a.b}, {@code a[3]} or {@code a[3].b}. */
    private static void add(ConstraintValidatorContext context, String path, String message) {
        var builder = context.buildConstraintViolationWithTemplate(Messages.literal(message));
        String[] parts = path.split("\\.", 2);
        Matcher first = SEGMENT.matcher(parts[0]);
        if (!first.matches()) {
            throw new IllegalArgumentException("not a field path: " + path);
        }
        var node = builder.addPropertyNode(first.group(1));
        Integer index = first.group(2) == null ? null : Integer.valueOf(first.group(2));
        if (parts.length == 1) {
            if (index == null) {
                node.addConstraintViolation();
            } else {
                node.addBeanNode().inIterable().atIndex(index).addConstraintViolation();
            }
        } else if (index == null) {
            node.addPropertyNode(parts[1]).addConstraintViolation();
        } else {
            node.addPropertyNode(parts[1]).inIterable().atIndex(index).addConstraintViolation();
        }
    }
}
