package dev.snailbench.scorer.service.stats;

import dev.snailbench.scorer.repository.ItemResult;
import java.time.Instant;
import java.util.UUID;

/** Item results as the scorer stores them, for tests of what is computed and shown from them. */
public final class TestItems {

    private TestItems() {}

    /** An easy item whose gold and prediction ran: right on every comparator, or wrong with different values. */
    public static ItemResult scored(String question, String model, String level, boolean correct) {
        ItemResult r = new ItemResult();
        r.workItemId = UUID.randomUUID();
        r.questionId = question;
        r.model = model;
        r.level = level;
        r.databaseKey = "db";
        r.hardness = "easy";
        r.gold.status = "OK";
        r.predicted.status = "OK";
        r.strict.match = correct;
        r.set.match = correct;
        r.relaxed.match = correct;
        r.strict.reason = correct ? "MATCH" : "VALUES_DIFFER";
        r.qatch.executionAccuracy = correct ? 1.0 : 0.0;
        r.scoredAt = Instant.now();
        return r;
    }
}
