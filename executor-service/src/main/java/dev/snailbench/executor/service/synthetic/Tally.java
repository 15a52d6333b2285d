package dev.snailbench.executor.service.synthetic;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What generation refused, by check, and the first failures and seed refusals, for the set's summary. */
final class Tally {

    static final String FRAME = "frame";
    static final String DUPLICATE_COLUMN = "duplicateColumn";
    static final String TAUTOLOGY = "tautology";
    static final String EMPTY_CHANGE = "emptyChange";
    /** A candidate whose result is not of the seed's shape (one row, a top-N, a cut through tied rows). */
    static final String RESULT_SHAPE = "resultShape";
    /** A LIKE value not of the seed value's kind (a whole cell for a keyword, a word that names nothing). */
    static final String LIKE_FRAGMENT = "likeFragment";
    /**
     * A text value of another kind than its column's or the seed's ({@link dev.snailbench.sql.ValueKinds}: a full
     * name for a column of three-letter codes, a proper name for a LIKE keyword the seed wrote in lower case), or an
     * identifier-like value (underscores) for a name.
     */
    static final String VALUE_KIND = "valueKind";
    /** Two value slots of one filling drawing the same value. */
    static final String DISTINCT_VALUES = "distinctValues";
    /** A seed whose gold SQL fails the gold screening (a LIMIT that chooses among tied rows). */
    static final String GOLD_SCREENING = "goldScreening";
    /** A seed whose result is not the kind of answer its question asks for. */
    static final String ANSWER_SHAPE = "answerShape";
    /** A seed whose SQL does not mean what its question asks (a value, year, column or thing only one names). */
    static final String SEED_MEANING = "seedMeaning";
    /** A seed whose SQL returns a column its question does not ask for (a role, a year, every column). */
    static final String UNASKED_RETURN = "unaskedReturn";
    /**
     * A seed that keeps rows by one of two flags of one word ("win": a world cup or a match) where its question
     * does not tell which.
     */
    static final String FLAG_READING = "flagReading";
    /**
     * Seeds that count rows of a table holding several rows per event (a match once per side) where each counted
     * event has all its rows, made to count the events ({@code COUNT(DISTINCT key)}) before they are multiplied.
     */
    static final String ROWS_PER_KEY = "rowsPerKey";
    /**
     * Seeds that list who or which, or names through a join, without DISTINCT, given DISTINCT before they are
     * multiplied (not refused).
     */
    static final String DISTINCT_ADDED = "distinctAdded";

    /** Every check, in the order the summary lists them. */
    static final List<String> CHECKS = List.of(
            FRAME,
            DUPLICATE_COLUMN,
            TAUTOLOGY,
            EMPTY_CHANGE,
            RESULT_SHAPE,
            LIKE_FRAGMENT,
            VALUE_KIND,
            DISTINCT_VALUES,
            GOLD_SCREENING,
            ANSWER_SHAPE,
            SEED_MEANING,
            UNASKED_RETURN,
            FLAG_READING,
            ROWS_PER_KEY,
            DISTINCT_ADDED);

    private static final int KEPT = 20;

    final Map<String, Integer> refused = new LinkedHashMap<>();
    final List<String> failures = new ArrayList<>();
    final List<String> seedRefusals = new ArrayList<>();

    Tally() {
        CHECKS.forEach(c -> refused.put(c, 0));
    }

    void refuse(String check) {
        refused.merge(check, 1, Integer::sum);
    }

    void note(String failure) {
        if (failures.size() < KEPT) {
            failures.add(failure);
        }
    }

    /** Why a seed gives no pairs, numbered as a person counts them. */
    void refuseSeed(int index, String why) {
        if (seedRefusals.size() < KEPT) {
            seedRefusals.add("seed " + (index + 1) + ": " + why);
        }
    }
}
