package dev.snailbench.scorer.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.localstack.Postgres;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.AttributeOverride;
import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The hop's plain SQL against the table Hibernate created from {@link ItemResult}.
 * Beyond the in-memory tier: the hop's SQL run on PostgreSQL against the table Hibernate made.
 */
@QuarkusTest
@RealInfrastructure
class ItemResultSqlTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    /** The fields Hibernate's bytecode enhancement adds (dirty tracking), in the entity and its embedded parts. */
    private static final String HIBERNATE_STATE = "(.+\\.)?\\$\\$_hibernate.*";
    /** The PostgreSQL type of each Java type the client reads and writes. */
    private static final Map<Class<?>, List<String>> SQL_TYPES = Map.of(
            UUID.class, List.of("uuid"),
            String.class, List.of("character varying", "text"),
            Integer.class, List.of("integer"),
            Double.class, List.of("double precision"),
            Boolean.class, List.of("boolean"),
            OffsetDateTime.class, List.of("timestamp with time zone"));

    @Inject
    ItemResultSql sql;

    @Test
    void shouldNameEveryColumnOfTheTableHibernateCreatedWithItsType() throws Exception {
        Map<String, String> table = tableColumns();
        Map<String, Class<?>> listed = ItemResultSql.COLUMNS.stream()
                .collect(Collectors.toMap(
                        ItemResultSql.Column::name, ItemResultSql.Column::type, (a, b) -> a, LinkedHashMap::new));

        assertThat(listed).as("ItemResultSql.COLUMNS has no duplicate").hasSize(ItemResultSql.COLUMNS.size());
        assertThat(listed.keySet())
                .as("ItemResultSql.COLUMNS against scorer.item_result")
                .containsExactlyInAnyOrderElementsOf(table.keySet());
        assertThat(listed.keySet())
                .as("ItemResultSql.COLUMNS against the entity's fields")
                .containsExactlyInAnyOrderElementsOf(
                        entityFields().stream().map(ItemResultSqlTest::columnOf).toList());
        listed.forEach((name, type) ->
                assertThat(SQL_TYPES.get(type)).as("type of column %s", name).contains(table.get(name)));
    }

    @Test
    void shouldReadBackEveryFieldAsStoredWithNonAsciiAndLargeTexts() throws Exception {
        ItemResult result = everyFieldSet();
        result.resultPreview = "{\"rows\":\"" + "ü€😀".repeat(300_000) + "\"}";

        Map<UUID, ItemResult> standing = sql.insertNew(List.of(result)).await().atMost(WAIT);
        ItemResult stored =
                sql.findAll(List.of(result.workItemId)).await().atMost(WAIT).get(result.workItemId);

        assertThat(standing.get(result.workItemId)).isSameAs(result);
        assertThat(stored)
                .usingRecursiveComparison()
                .ignoringFieldsMatchingRegexes(HIBERNATE_STATE)
                .isEqualTo(result);
    }

    @Test
    void shouldStoreAResultWithEveryNullableColumnNull() throws Exception {
        ItemResult result = new ItemResult();
        result.workItemId = UUID.randomUUID();
        result.jobId = UUID.randomUUID();
        result.tenantId = "t-sql";
        result.scoredAt = Instant.now().truncatedTo(ChronoUnit.MICROS);

        sql.insertNew(List.of(result)).await().atMost(WAIT);

        assertThat(sql.findAll(List.of(result.workItemId)).await().atMost(WAIT).get(result.workItemId))
                .usingRecursiveComparison()
                .ignoringFieldsMatchingRegexes(HIBERNATE_STATE)
                .isEqualTo(result);
    }

    @Test
    void shouldKeepTheResultStoredFirstWhenAnItemIsStoredAgain() throws Exception {
        ItemResult first = everyFieldSet();
        first.reason = "first verdict";
        ItemResult again = everyFieldSet();
        again.workItemId = first.workItemId;
        again.reason = "second verdict";
        again.failed = !first.failed;
        ItemResult other = everyFieldSet();
        sql.insertNew(List.of(first)).await().atMost(WAIT);

        Map<UUID, ItemResult> standing =
                sql.insertNew(List.of(again, other)).await().atMost(WAIT);

        assertThat(standing).containsOnlyKeys(first.workItemId, other.workItemId);
        assertThat(standing.get(first.workItemId))
                .usingRecursiveComparison()
                .ignoringFieldsMatchingRegexes(HIBERNATE_STATE)
                .isEqualTo(first);
        assertThat(standing.get(other.workItemId)).isSameAs(other);
        assertThat(sql.findAll(List.of(first.workItemId, other.workItemId, UUID.randomUUID()))
                        .await()
                        .atMost(WAIT))
                .containsOnlyKeys(first.workItemId, other.workItemId)
                .hasEntrySatisfying(first.workItemId, r -> assertThat(r.reason).isEqualTo("first verdict"));
    }

    /** Every field of the entity set to a value of its own (so a column read into the wrong field shows). */
    private static ItemResult everyFieldSet() throws IllegalAccessException {
        ItemResult result = new ItemResult();
        int n = 0;
        for (Attribute attribute : entityFields()) {
            n++;
            Field field = attribute.field();
            Class<?> type = field.getType();
            Object value;
            if (type == UUID.class) {
                value = UUID.randomUUID();
            } else if (type == String.class) {
                value = field.getName() + " — naïve 日本 " + n;
            } else if (type == Integer.class) {
                value = 1000 + n;
            } else if (type == Double.class) {
                value = n + 0.125;
            } else if (type == Boolean.class || type == boolean.class) {
                value = n % 2 == 0;
            } else if (type == Instant.class) {
                value = Instant.parse("2026-11-27T01:00:00.123456Z").plusSeconds(n);
            } else {
                throw new AssertionError("no test value for " + field);
            }
            attribute.set(result, value);
        }
        return result;
    }

    /** The column an attribute maps to: its {@code @Column} name, else its own name (PostgreSQL folds both). */
    private static String columnOf(Attribute attribute) {
        return attribute.column().toLowerCase();
    }

    /**
     * The entity's persistent attributes, an embedded one's each (Hibernate's enhancement adds its own
     * {@code $$_hibernate_…} fields).
     */
    private static List<Attribute> entityFields() {
        List<Attribute> attributes = new ArrayList<>();
        for (Field field : persistentFields(ItemResult.class)) {
            if (field.isAnnotationPresent(Embedded.class)) {
                Map<String, String> overridden = Arrays.stream(field.getAnnotationsByType(AttributeOverride.class))
                        .collect(Collectors.toMap(
                                AttributeOverride::name, o -> o.column().name()));
                for (Field part : persistentFields(field.getType())) {
                    attributes.add(
                            new Attribute(field, part, overridden.getOrDefault(part.getName(), columnName(part))));
                }
            } else {
                attributes.add(new Attribute(null, field, columnName(field)));
            }
        }
        return attributes;
    }

    private static String columnName(Field field) {
        Column column = field.getAnnotation(Column.class);
        return column == null || column.name().isEmpty() ? field.getName() : column.name();
    }

    private static List<Field> persistentFields(Class<?> type) {
        List<Field> fields = Arrays.stream(type.getDeclaredFields())
                .filter(f -> !Modifier.isStatic(f.getModifiers())
                        && !Modifier.isTransient(f.getModifiers())
                        && !f.isSynthetic()
                        && !f.getName().startsWith("$$"))
                .toList();
        fields.forEach(f -> f.setAccessible(true));
        return fields;
    }

    /** A persistent attribute: a field of the entity, or a field of one of its embedded parts ({@code embedded}). */
    private record Attribute(Field embedded, Field field, String column) {

        void set(ItemResult result, Object value) throws IllegalAccessException {
            field.set(embedded == null ? result : embedded.get(result), value);
        }
    }

    private static Map<String, String> tableColumns() throws Exception {
        Map<String, String> columns = new LinkedHashMap<>();
        try (Connection c = LocalStack.postgres().connect(Postgres.PLATFORM_DATABASE);
                PreparedStatement ps =
                        c.prepareStatement("select column_name, data_type from information_schema.columns"
                                + " where table_schema = 'scorer' and table_name = 'item_result'");
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                columns.put(rs.getString(1), rs.getString(2));
            }
        }
        assertThat(columns).as("columns of scorer.item_result").isNotEmpty();
        return columns;
    }
}
