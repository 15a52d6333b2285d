package dev.snailbench.inference.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.event.DatabaseLoginFailed;
import dev.snailbench.model.event.Event;
import dev.snailbench.model.event.InferenceRequested;
import dev.snailbench.testkit.WorkItems;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Which items go on without a model call once their job's database login failed. */
class FailedLoginsTest {

    private static final DatabaseRef REGISTERED = new DatabaseRef(
            SqlDialect.POSTGRESQL,
            "jdbc:postgresql://db.example:5432/shop",
            "reader",
            "sealed",
            UUID.randomUUID().toString());
    private static final DatabaseRef INLINE =
            new DatabaseRef(SqlDialect.POSTGRESQL, "jdbc:postgresql://db.example:5432/shop", "reader", "sealed", null);
    private static final String REASON = "the database login \"reader\" failed: authentication failed";

    private final FailedLogins logins = new FailedLogins(3);

    @Test
    void shouldStopOnlyTheItemsOfTheJobOnTheDatabaseWhoseLoginFailed() {
        UUID job = UUID.randomUUID();
        logins.add(DatabaseLoginFailed.of(job, "team", REGISTERED, REASON));

        assertThat(logins.reason(request(job, REGISTERED))).isEqualTo(REASON);
        // The registration is named by its id: the same database on another schema is the same login.
        assertThat(logins.reason(request(job, REGISTERED.withSchema("sales")))).isEqualTo(REASON);
        assertThat(logins.reason(request(UUID.randomUUID(), REGISTERED))).isNull();
        assertThat(logins.reason(request(job, INLINE))).isNull();
        assertThat(logins.reason(request(job, null))).isNull();
    }

    @Test
    void shouldNameAnInlineDatabaseByItsAddressAndLoginNeverItsPassword() {
        UUID job = UUID.randomUUID();
        DatabaseLoginFailed event = DatabaseLoginFailed.of(job, "team", INLINE, REASON);
        logins.add(event);

        assertThat(event.database())
                .doesNotContain("sealed")
                .contains("db.example:5432/shop")
                .contains("reader");
        assertThat(logins.reason(request(
                        job,
                        new DatabaseRef(
                                SqlDialect.POSTGRESQL,
                                "jdbc:postgresql://db.example:5432/shop",
                                "reader",
                                "resealed",
                                null))))
                .isEqualTo(REASON);
        assertThat(logins.reason(request(
                        job,
                        new DatabaseRef(
                                SqlDialect.POSTGRESQL,
                                "jdbc:postgresql://db.example:5432/shop",
                                "writer",
                                "sealed",
                                null))))
                .isNull();
    }

    @Test
    void shouldKeepTheFirstReasonWhenTheFailureIsToldAgain() {
        UUID job = UUID.randomUUID();
        logins.add(DatabaseLoginFailed.of(job, "team", REGISTERED, REASON));
        logins.add(DatabaseLoginFailed.of(job, "team", REGISTERED, "the database login \"reader\" failed: again"));

        assertThat(logins.reason(request(job, REGISTERED))).isEqualTo(REASON);
    }

    @Test
    void shouldForgetTheOldestBeyondItsBound() {
        UUID first = UUID.randomUUID();
        logins.add(DatabaseLoginFailed.of(first, "team", REGISTERED, REASON));
        for (int i = 0; i < 3; i++) {
            logins.add(DatabaseLoginFailed.of(UUID.randomUUID(), "team", REGISTERED, REASON));
        }

        assertThat(logins.reason(request(first, REGISTERED))).isNull();
    }

    @Test
    void shouldRefuseAnEventWithoutItsJobDatabaseOrReason() {
        assertThatThrownBy(() -> logins.add(new DatabaseLoginFailed(
                        UUID.randomUUID(), null, "team", Instant.now(), Event.SCHEMA_VERSION, "db", REASON)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lacks jobId, database or reason");
        assertThatThrownBy(() -> logins.add(new DatabaseLoginFailed(
                        UUID.randomUUID(), UUID.randomUUID(), "team", Instant.now(), Event.SCHEMA_VERSION, "db", " ")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> logins.add(null)).isInstanceOf(IllegalArgumentException.class);
    }

    private static InferenceRequested request(UUID job, DatabaseRef database) {
        return InferenceRequested.of(job, "team", WorkItems.selectOne(database, null));
    }
}
