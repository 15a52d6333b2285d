package dev.snailbench.scorer.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.testkit.WorkItems;
import org.junit.jupiter.api.Test;

/** Results say which database an item ran on, and which schema variant of it the question was asked on. */
class ItemDatabaseKeyTest {

    private static final DatabaseRef REGISTERED =
            new DatabaseRef(SqlDialect.POSTGRESQL, null, null, null, "5f0c6b2e-8d3a-4a57-9a51-0d3f1c2b7e10");

    @Test
    void shouldNameTheSchemaVariantAfterTheDatabase() {
        assertThat(ItemScorer.databaseKey(WorkItems.selectOne(REGISTERED, "injected seed=1 rate=0.1")))
                .isEqualTo("5f0c6b2e-8d3a-4a57-9a51-0d3f1c2b7e10#injected seed=1 rate=0.1");
        assertThat(ItemScorer.databaseKey(WorkItems.selectOne(REGISTERED, null)))
                .isEqualTo("5f0c6b2e-8d3a-4a57-9a51-0d3f1c2b7e10");
        assertThat(ItemScorer.databaseKey(WorkItems.selectOne(null, null))).isNull();
    }

    @Test
    void shouldShowARegisteredDatabaseByItsNameNotItsId() {
        assertThat(ItemScorer.databaseKey(WorkItems.selectOne(REGISTERED.withName("footballdb_v1"), null)))
                .isEqualTo("footballdb_v1");
        assertThat(ItemScorer.databaseKey(WorkItems.selectOne(REGISTERED.withName("footballdb_v1"), "original")))
                .isEqualTo("footballdb_v1#original");
    }
}
