package dev.snailbench.executor.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.datasets.DataDir;
import dev.snailbench.executor.support.Core;
import dev.snailbench.localstack.FootballDb;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ExecutionStatus;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every FootballDB dev gold query that does not need the missing match_fact table runs on the real database. Beyond
 * the in-memory tier: the gold SQL executed by PostgreSQL on FootballDB's loaded data.
 */
// A @QuarkusTest only to share the module's PostgreSQL (and loaded FootballDB) with the other Quarkus tests:
// local-stack keeps one server per class loader, and plain tests run in another one.
@QuarkusTest
@RealInfrastructure
class FootballDbGoldTest {

    @BeforeAll
    static void load() {
        LocalStack.targetsWithFootballDb();
    }

    @ParameterizedTest
    @ValueSource(strings = {"v1", "v2", "v3"})
    void shouldRunEveryDevGoldQueryExceptTheBrokenOne(String version) throws IOException {
        Map<Integer, ExecutionOutcome> outcomes = new TreeMap<>();
        for (JsonNode q : devQuestions(version)) {
            String sql = q.get("query").asText();
            if (!sql.toLowerCase().contains("match_fact")) {
                outcomes.put(
                        q.get("id").asInt(),
                        Core.executor()
                                .execute(Core.postgres(FootballDb.databaseName(version)), sql, Core.DEFAULT_LIMITS, 1));
            }
        }

        assertThat(outcomes).hasSizeGreaterThanOrEqualTo(75);
        List<String> failures = new ArrayList<>();
        outcomes.forEach((id, o) -> {
            if (id != 377 && !o.ok()) {
                failures.add(id + ": " + o.status() + " " + o.error());
            }
        });
        assertThat(failures).isEmpty();
        // The gold of 377 compares an integer year with '2018 World Cup': the database's own type error.
        ExecutionOutcome broken = outcomes.get(377);
        assertThat(broken.status()).isEqualTo(ExecutionStatus.ERROR);
        assertThat(broken.sqlState()).isEqualTo("22P02");
        assertThat(broken.error())
                .contains("invalid input syntax for type integer")
                .contains("2018 World Cup");
        // Known empty answers (dataset README), and nothing else is empty by accident of the executor.
        assertThat(outcomes.entrySet().stream()
                        .filter(e -> e.getValue().ok() && e.getValue().rows().isEmpty())
                        .map(Map.Entry::getKey)
                        .toList())
                .containsExactlyInAnyOrder(22, 867, 894, 1075);
        assertThat(outcomes.values()).noneMatch(ExecutionOutcome::truncated);
    }

    static List<JsonNode> devQuestions(String version) throws IOException {
        JsonNode all = new ObjectMapper()
                .readTree(DataDir.resolve()
                        .resolve("footballdb")
                        .resolve(version)
                        .resolve("dev.json")
                        .toFile());
        List<JsonNode> list = new ArrayList<>();
        all.forEach(list::add);
        return list;
    }
}
