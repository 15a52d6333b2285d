package dev.snailbench.scorer.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.domain.ModelRef;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.WorkItem;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Results say which database an item ran on, and which schema variant of it the question was asked on. */
class ItemDatabaseKeyTest {

    private static final DatabaseRef REGISTERED =
            new DatabaseRef(SqlDialect.POSTGRESQL, null, null, null, "5f0c6b2e-8d3a-4a57-9a51-0d3f1c2b7e10");

    @Test
    void shouldNameTheSchemaVariantAfterTheDatabase() {
        assertThat(ItemScorer.databaseKey(item(REGISTERED, "injected seed=1 rate=0.1")))
                .isEqualTo("5f0c6b2e-8d3a-4a57-9a51-0d3f1c2b7e10#injected seed=1 rate=0.1");
        assertThat(ItemScorer.databaseKey(item(REGISTERED, null))).isEqualTo("5f0c6b2e-8d3a-4a57-9a51-0d3f1c2b7e10");
        assertThat(ItemScorer.databaseKey(item(null, null))).isNull();
    }

    @Test
    void shouldShowARegisteredDatabaseByItsNameNotItsId() {
        assertThat(ItemScorer.databaseKey(item(REGISTERED.withName("footballdb_v1"), null)))
                .isEqualTo("footballdb_v1");
        assertThat(ItemScorer.databaseKey(item(REGISTERED.withName("footballdb_v1"), "original")))
                .isEqualTo("footballdb_v1#original");
    }

    private static WorkItem item(DatabaseRef database, String variant) {
        return new WorkItem(
                UUID.randomUUID(),
                "q1",
                "How many?",
                "SELECT 1",
                SqlDialect.POSTGRESQL,
                database,
                ModelRef.replay("m"),
                NaturalnessLevel.NATIVE,
                null,
                null,
                "SELECT 1",
                "job",
                variant);
    }
}
