package dev.snailbench.scorer.service;

import static dev.snailbench.scorer.TestEvents.columns;
import static dev.snailbench.scorer.TestEvents.completed;
import static dev.snailbench.scorer.TestEvents.ok;
import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ExecutionStatus;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Which side prevented a comparison, with the database's error. */
class ItemFailureReasonTest {

    private static final ExecutionOutcome ONE = ok(columns("x", "NUMBER"), List.of(List.of("1")));

    @Test
    void shouldNameThePredictedSideAndItsError() {
        ExecutionOutcome err =
                ExecutionOutcome.failed(ExecutionStatus.ERROR, "column \"nme\" does not exist", "42703", 0.001);
        assertThat(ItemScorer.failure(completed(UUID.randomUUID(), "t", "q", "SELECT 1", "SELECT nme", ONE, err)))
                .isEqualTo("predicted failed: ERROR 42703 column \"nme\" does not exist");
    }

    @Test
    void shouldReportTimeoutsAndRejections() {
        ExecutionOutcome timeout = ExecutionOutcome.failed(ExecutionStatus.TIMEOUT, "statement timeout", "57014", 30);
        assertThat(ItemScorer.failure(
                        completed(UUID.randomUUID(), "t", "q", "SELECT 1", "SELECT pg_sleep(60)", ONE, timeout)))
                .isEqualTo("predicted failed: TIMEOUT 57014 statement timeout");
        ExecutionOutcome rejected =
                ExecutionOutcome.failed(ExecutionStatus.REJECTED, "not a single read-only query", null, 0);
        assertThat(ItemScorer.failure(
                        completed(UUID.randomUUID(), "t", "q", "SELECT 1", "DROP TABLE x", ONE, rejected)))
                .isEqualTo("predicted failed: REJECTED not a single read-only query");
    }

    @Test
    void shouldNameBothSidesWhenBothFailed() {
        ExecutionOutcome goldErr = ExecutionOutcome.failed(
                ExecutionStatus.ERROR, "relation \"match_fact\" does not " + "exist", "42P01", 0.001);
        assertThat(ItemScorer.failure(completed(
                        UUID.randomUUID(),
                        "t",
                        "q",
                        "SELECT * FROM match_fact",
                        null,
                        goldErr,
                        ExecutionOutcome.notRun("no SQL"))))
                .isEqualTo("gold failed: ERROR 42P01 relation \"match_fact\" does not exist; "
                        + "inference failed: model timed out");
    }

    @Test
    void shouldWriteTheServersMessageOnOneLineWithoutItsPosition() {
        // What the executor records from pgjdbc: severity, message, and the position on a line of its own.
        ExecutionOutcome gold = ExecutionOutcome.failed(
                ExecutionStatus.ERROR, "ERROR: relation \"match_fact\" does not exist\n  Position: 15", "42P01", 0.001);
        ExecutionOutcome predicted = ExecutionOutcome.failed(
                ExecutionStatus.ERROR,
                "ERROR: column \"nme\" does not exist\n  Hint: Perhaps you meant to reference the column \"c.name\"."
                        + "\n  Position: 8",
                "42703",
                0.001);
        assertThat(ItemScorer.failure(completed(
                        UUID.randomUUID(),
                        "t",
                        "q",
                        "SELECT * FROM match_fact",
                        "SELECT nme FROM club c",
                        gold,
                        predicted)))
                .isEqualTo("gold failed: ERROR 42P01 relation \"match_fact\" does not exist; predicted failed: ERROR "
                        + "42703 column \"nme\" does not exist Hint: Perhaps you meant to reference the column "
                        + "\"c.name\".");
    }

    @Test
    void shouldFindNothingWrongWhenBothRan() {
        assertThat(ItemScorer.failure(completed(UUID.randomUUID(), "t", "q", "SELECT 1", "SELECT 1", ONE, ONE)))
                .isNull();
    }
}
