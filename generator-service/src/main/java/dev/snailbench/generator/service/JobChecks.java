package dev.snailbench.generator.service;

import dev.snailbench.model.domain.JobSpec;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.Prediction;
import dev.snailbench.model.domain.Question;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.request.JobRequest;
import dev.snailbench.model.request.JobRequest.PredictionRequest;
import dev.snailbench.model.request.RequestLimits;
import dev.snailbench.tenancy.ApiLimits;
import dev.snailbench.workbench.messaging.TeamDatabases;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * What a job request cannot say on its own, checked once the job is resolved (its questions read, its registered
 * database asked): each refusal a 400 naming the field to fix. The request's own rules are its constraints.
 */
final class JobChecks {

    /** Problems named in one answer; more are counted. */
    static final int MAX_LISTED = 10;

    private JobChecks() {}

    /** The questions a question set produced (inline items, a stored set) are bounded like inline ones. */
    static void questionSet(List<Question> questions) {
        ApiLimits.count(questions, "questionSet", RequestLimits.QUESTIONS);
        for (int i = 0; i < questions.size(); i++) {
            ApiLimits.text(questions.get(i).question(), "questionSet[" + i + "].question", RequestLimits.QUESTION);
            ApiLimits.text(questions.get(i).goldSql(), "questionSet[" + i + "].goldSql", RequestLimits.SQL);
        }
    }

    /** Levels other than Native on a built-in schema need its crosswalk; the job must fit the platform's limit. */
    static void spec(JobSpec spec, Predicate<String> hasBuiltInCrosswalk, int maxWorkItems) {
        if (spec.schemaId() != null
                && spec.levels().stream().anyMatch(l -> l != NaturalnessLevel.NATIVE)
                && !hasBuiltInCrosswalk.test(spec.schemaId())) {
            throw InvalidInput.of("schemaId", "no crosswalk for schema '" + spec.schemaId() + "'");
        }
        if (spec.workItemCount() > maxWorkItems) {
            throw InvalidInput.of(
                    "questions",
                    "the job has " + spec.workItemCount() + " work items (questions × " + "models × levels); at most "
                            + maxWorkItems + " are accepted");
        }
    }

    /**
     * Each recorded prediction answers a question of the job, once per level, at a level of the job; a replay job
     * has one for every question at every level unless the request allows missing ones (those items then fail).
     */
    static void predictions(JobRequest request, JobSpec spec) {
        List<PredictionRequest> given = request.predictions() == null ? List.of() : request.predictions();
        Set<String> known = new HashSet<>();
        spec.questions().forEach(q -> known.add(q.id()));
        Set<String> seen = new HashSet<>();
        Problems problems = new Problems();
        for (int i = 0; i < given.size(); i++) {
            Prediction p = spec.predictions().get(i);
            String at = "predictions[" + i + "]";
            if (!known.contains(p.questionId())) {
                problems.add(at + ".questionId", "no question with id '" + p.questionId() + "'");
            } else if (p.level() != null && !spec.levels().contains(p.level())) {
                problems.add(
                        at + ".level",
                        "the job has no level " + p.level().label() + " (levels: "
                                + spec.levels().stream()
                                        .map(NaturalnessLevel::label)
                                        .toList() + ")");
            } else if (!seen.add(Prediction.key(p.questionId(), p.level()))) {
                problems.add(
                        at + ".questionId",
                        "question '" + p.questionId() + "' has two predictions"
                                + (p.level() == null
                                        ? ""
                                        : " at level " + p.level().label()));
            }
        }
        problems.throwIfAny();
        if (spec.models().stream().anyMatch(m -> m.isReplay())
                && !Boolean.TRUE.equals(request.allowMissingPredictions())) {
            missing(spec, seen);
        }
    }

    /** Every question at every level of a replay job has its recorded prediction (for that level, or for all). */
    private static void missing(JobSpec spec, Set<String> recorded) {
        Map<String, List<String>> lacking = new LinkedHashMap<>();
        int count = 0;
        for (Question q : spec.questions()) {
            if (recorded.contains(Prediction.key(q.id(), null))) {
                continue;
            }
            for (NaturalnessLevel level : spec.levels()) {
                if (!recorded.contains(Prediction.key(q.id(), level))) {
                    count++;
                    if (lacking.size() < MAX_LISTED) {
                        lacking.computeIfAbsent(q.id(), id -> new ArrayList<>()).add(level.label());
                    }
                }
            }
        }
        if (count == 0) {
            return;
        }
        List<String> named = new ArrayList<>();
        lacking.forEach(
                (id, levels) -> named.add("'" + id + "'" + (spec.levels().size() > 1 ? " at " + levels : "")));
        throw InvalidInput.of(
                "predictions",
                count + " of the replay job's items have no recorded prediction ("
                        + String.join(", ", named) + (count > named.size() ? ", …" : "")
                        + "): record one for each question"
                        + (spec.levels().size() > 1 ? " and level" : "")
                        + ", or set \"allowMissingPredictions\": true to run "
                        + "them without one (those items fail)");
    }

    /**
     * A job on a registered database: its dialect is the database's kind; the schema its models, crosswalk or variant
     * read is named, and is one the database has (any case, as the executor's schema reading accepts).
     */
    static void registered(JobRequest request, UUID databaseId, TeamDatabases.Registered db) {
        if (db.dialect() != null && db.dialect() != SqlDialect.fromId(request.dialect())) {
            throw InvalidInput.of(
                    "dialect",
                    "dialect " + request.dialect() + " does not match database " + databaseId + ", a "
                            + db.dialect().id() + " database");
        }
        String named = request.nativeSchema();
        if (named == null && JobRequestMapper.needsTeamSchema(request)) {
            throw InvalidInput.of(
                    "nativeSchema",
                    "missing: models, a crosswalk or a schema variant on your "
                            + "registered database need the schema to read (a plain schema name, e.g. public); database "
                            + databaseId + " has the schemas " + db.schemas());
        }
        if (named != null && db.schemas().stream().noneMatch(named::equalsIgnoreCase)) {
            throw InvalidInput.of(
                    "nativeSchema",
                    "database " + databaseId + " has no schema '" + named + "' with tables; its schemas: "
                            + db.schemas());
        }
    }

    /**
     * The job's schema as the database spells it (the search path and the prompt's schema must name the same one): a
     * name the database has exactly, else the one it has in another case; null when the job names none.
     */
    static String schemaAsSpelled(JobRequest request, UUID databaseId, List<String> schemas) {
        String named = request.nativeSchema();
        if (named == null || schemas.contains(named)) {
            return named;
        }
        List<String> other = schemas.stream().filter(named::equalsIgnoreCase).toList();
        if (other.isEmpty()) {
            throw InvalidInput.of(
                    "nativeSchema",
                    "database " + databaseId + " has no schema '" + named + "' with tables; its schemas: " + schemas);
        }
        if (other.size() > 1) {
            throw InvalidInput.of(
                    "nativeSchema",
                    "database " + databaseId + " has several schemas named '" + named + "' in different cases: " + other
                            + "; name one exactly");
        }
        return other.get(0);
    }

    /** Several refusals of one kind in one 400: {@code field: problem; field: problem}, naming the first field. */
    static final class Problems {

        private final List<String[]> found = new ArrayList<>();
        private int count;
        private String note;

        /** What to do, said once after the problems. */
        void note(String text) {
            this.note = text;
        }

        void add(String field, String problem) {
            count++;
            if (found.size() < MAX_LISTED) {
                found.add(new String[] {field, problem});
            }
        }

        void throwIfAny() {
            if (count == 0) {
                return;
            }
            List<String> shown = found.stream().map(p -> p[0] + ": " + p[1]).toList();
            throw new InvalidInput(
                    found.get(0)[0],
                    String.join("; ", shown)
                            + (count > shown.size() ? "; and " + (count - shown.size()) + " more" : "")
                            + (note == null ? "" : " (" + note + ")"));
        }
    }
}
