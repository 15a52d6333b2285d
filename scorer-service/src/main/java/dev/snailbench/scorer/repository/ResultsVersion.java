package dev.snailbench.scorer.repository;

import java.math.BigInteger;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * What a job's summary and reports depend on among its stored results: how many there are (results are only ever
 * added) and the sum of their review times in microseconds since the epoch (every review sets its item's time anew).
 * Two reads with the same version read the same results and verdicts.
 */
public record ResultsVersion(long items, String reviews) {

    /** The version of results already read (what {@link ItemResultSql#version} reads from the database). */
    public static ResultsVersion of(List<ItemResult> results) {
        BigInteger reviews = BigInteger.ZERO;
        for (ItemResult r : results) {
            if (r.review.at != null) {
                reviews = reviews.add(BigInteger.valueOf(ChronoUnit.MICROS.between(Instant.EPOCH, r.review.at)));
            }
        }
        return new ResultsVersion(results.size(), reviews.toString());
    }
}
