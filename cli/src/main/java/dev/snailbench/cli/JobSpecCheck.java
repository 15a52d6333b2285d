package dev.snailbench.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.request.JobRequest;
import dev.snailbench.model.request.RequestPaths;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.guard.JobSql;
import dev.snailbench.sql.guard.SqlGuard;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;

/**
 * A job spec checked before it is sent, by the generator's own rules where the spec alone decides: every field its
 * records do not have (shared-model's {@link JobRequest}, the one list of a spec's fields), its size (the generator's
 * body limit), its constraints and the rules between its fields (Bean Validation on {@link JobRequest}, as the
 * generator validates it), and the SQL it carries (sql-support's {@link JobSql}, the executor's guard). What needs the
 * platform (its databases, its backends, a question set's questions) the generator checks when the spec arrives.
 * Every problem is named in one error, each at its field's JSON path and where that is in the file.
 */
final class JobSpecCheck {

    /** The generator's {@code quarkus.http.limits.max-body-size}: a larger spec is refused with 413. */
    static final long MAX_BODY_BYTES = 16L * 1024 * 1024;
    /** Problems named in one error; more are counted. */
    static final int MAX_LISTED = 10;

    private static final ObjectMapper READER =
            PlatformClient.json().copy().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private JobSpecCheck() {}

    /**
     * @param where where each field is in the file ({@link SpecLocations})
     * @throws UserError naming every problem of one kind found, prefixed with the file's name
     */
    static void check(String file, Object spec, SpecLocations where) {
        if (!(spec instanceof Map<?, ?>)) {
            throw new UserError(file + ": a job spec is an object with " + String.join(", ", names(JobRequest.class)));
        }
        List<String[]> unknown = new ArrayList<>();
        unknownFields(spec, JobRequest.class, "", unknown, where);
        unknown.sort(Comparator.comparing(u -> RequestPaths.sortable(u[0])));
        refuse(
                file,
                unknown.size() == 1 ? "unknown field " : "unknown fields ",
                unknown.stream().map(u -> u[1]).toList(),
                null);
        byte[] json;
        try {
            json = PlatformClient.json().writeValueAsBytes(spec);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        if (json.length > MAX_BODY_BYTES) {
            throw new UserError(file + ": the spec is " + json.length + " bytes as JSON; the generator accepts at most "
                    + MAX_BODY_BYTES + ": split the questions into several jobs");
        }
        JobRequest request;
        try {
            request = READER.readValue(json, JobRequest.class);
        } catch (JsonMappingException e) {
            String field = e.getPath().stream()
                    .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                    .collect(Collectors.joining("."))
                    .replace(".[", "[");
            throw new UserError(file + ": " + where.named(field) + ": "
                    + e.getOriginalMessage().replaceAll("`[^`]*`", "value"));
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        refuse(file, "", violations(request, where), null);
        List<JobSql.Problem> sql = sql(request);
        refuse(
                file,
                "",
                sql.stream()
                        .map(p -> where.named(p.field()) + ": " + p.problem())
                        .toList(),
                sql.stream().anyMatch(p -> p.field().startsWith("predictions")) ? JobSql.INVALID_PREDICTIONS : null);
    }

    /** Every key of {@code node} that its record type does not have, at any depth, with the one meant. */
    private static void unknownFields(Object node, Type type, String path, List<String[]> found, SpecLocations where) {
        Class<?> raw = type instanceof ParameterizedType p
                ? (Class<?>) p.getRawType()
                : type instanceof Class<?> c ? c : Object.class;
        if (raw.isRecord() && node instanceof Map<?, ?> fields) {
            Map<String, Type> components = new HashMap<>();
            for (RecordComponent c : raw.getRecordComponents()) {
                components.put(c.getName(), c.getGenericType());
            }
            for (Map.Entry<?, ?> field : fields.entrySet()) {
                String name = String.valueOf(field.getKey());
                String at = path.isEmpty() ? name : path + "." + name;
                Type inner = components.get(name);
                if (inner == null) {
                    String located = where.at(at);
                    found.add(new String[] {
                        at,
                        "'" + at + "'" + (located == null ? "" : " at " + located)
                                + Suggest.closest(name, List.copyOf(components.keySet()))
                                        .map(s -> " (did you mean '" + s + "'?)")
                                        .orElse("")
                    });
                } else {
                    unknownFields(field.getValue(), inner, at, found, where);
                }
            }
        } else if (List.class.isAssignableFrom(raw)
                && type instanceof ParameterizedType p
                && node instanceof List<?> elements) {
            for (int i = 0; i < elements.size(); i++) {
                unknownFields(elements.get(i), p.getActualTypeArguments()[0], path + "[" + i + "]", found, where);
            }
        }
    }

    /** The request's constraints and the rules between its fields, in the order of their paths. */
    private static List<String> violations(JobRequest request, SpecLocations where) {
        // Hibernate Validator says its version at INFO when it starts: not a line for the client's output.
        Logger.getLogger("org.hibernate.validator").setLevel(Level.WARNING);
        try (ValidatorFactory factory = Validation.byDefaultProvider()
                .configure()
                .messageInterpolator(new ParameterMessageInterpolator())
                .buildValidatorFactory()) {
            Validator validator = factory.getValidator();
            return validator.validate(request).stream()
                    .sorted(Comparator.comparing((ConstraintViolation<JobRequest> v) ->
                                    RequestPaths.sortable(RequestPaths.of(v.getPropertyPath())))
                            .thenComparing(ConstraintViolation::getMessage))
                    .map(v -> named(RequestPaths.of(v.getPropertyPath()), v.getMessage(), where))
                    .toList();
        }
    }

    /** The gold SQL of the spec's own questions and its recorded predictions, by the executor's guard. */
    private static List<JobSql.Problem> sql(JobRequest request) {
        List<String> golds = request.questions() == null
                ? List.of()
                : request.questions().stream()
                        .map(JobRequest.QuestionRequest::goldSql)
                        .toList();
        List<JobSql.Text> texts = JobSql.texts(request, golds);
        if (texts.isEmpty()) {
            return List.of();
        }
        try (SqlParser parser = new SqlParser(2, Duration.ofSeconds(10))) {
            return JobSql.problems(texts, SqlDialect.fromId(request.dialect()), new SqlGuard(parser), new HashMap<>());
        }
    }

    /** {@code file: kind a; b; and 3 more (note)}, or nothing when there is no problem. */
    private static void refuse(String file, String kind, List<String> problems, String note) {
        if (problems.isEmpty()) {
            return;
        }
        List<String> shown = problems.subList(0, Math.min(MAX_LISTED, problems.size()));
        throw new UserError(file + ": " + kind + String.join(kind.isEmpty() ? "; " : ", ", shown)
                + (problems.size() > shown.size()
                        ? (kind.isEmpty() ? "; and " : " and ") + (problems.size() - shown.size()) + " more"
                        : "")
                + (note == null ? "" : " (" + note + ")"));
    }

    /** {@code field at line L, column C: message}; a rule on the whole document names its fields itself. */
    private static String named(String path, String message, SpecLocations where) {
        return path.isEmpty() ? message : where.named(path) + ": " + message;
    }

    private static List<String> names(Class<? extends Record> type) {
        return Arrays.stream(type.getRecordComponents())
                .map(RecordComponent::getName)
                .toList();
    }
}
