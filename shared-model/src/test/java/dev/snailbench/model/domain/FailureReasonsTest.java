package dev.snailbench.model.domain;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Reasons on one line, without what differs between queries that failed the same way. */
class FailureReasonsTest {

    @Test
    void shouldPutAServerMessageOnOneLineWithoutItsSeverityAndPosition() {
        // As pgjdbc's ServerErrorMessage writes it: the severity, the message, then one indented line per field.
        String pgjdbc = "ERROR: column \"nme\" does not exist\n  Hint: Perhaps you meant to reference the column "
                + "\"club.name\".\n  Position: 8";
        assertThat(FailureReasons.oneLine(pgjdbc))
                .isEqualTo("column \"nme\" does not exist Hint: Perhaps you meant "
                        + "to reference the column \"club.name\".");
        assertThat(FailureReasons.oneLine("ERROR: relation \"match_fact\" does not exist\n  Position: 15"))
                .isEqualTo(FailureReasons.oneLine("ERROR: relation \"match_fact\" does not exist\n  Position: 231"))
                .isEqualTo("relation \"match_fact\" does not exist");
        assertThat(FailureReasons.oneLine("ERROR: syntax error at end of input\r\n  Internal Position: 3\n  "
                        + "Location: File: scan.l, Routine: scanner_yyerror, Line: 1236"))
                .isEqualTo("syntax error at end of input");
        assertThat(FailureReasons.oneLine("Invalid column name 'nme'.")).isEqualTo("Invalid column name 'nme'.");
        assertThat(FailureReasons.oneLine(null)).isNull();
    }

    @Test
    void shouldGroupAReasonByItsFirstSide() {
        String gold = "gold failed: ERROR 42P01 relation \"match_fact\" does not exist";
        assertThat(FailureReasons.group(gold + "; predicted failed: ERROR 42703 column \"x\" does not exist"))
                .isEqualTo(FailureReasons.group(gold + "; inference failed: model timed out"))
                .isEqualTo(FailureReasons.group(gold + "\n  Position: 15"))
                .isEqualTo(FailureReasons.group(gold + "\n  Position: 15; inference failed: model timed out"))
                .isEqualTo(gold);
        // A message that itself holds "; " stays whole: only another side's clause starts a new group.
        assertThat(FailureReasons.group("predicted failed: REJECTED not one statement; found 2"))
                .isEqualTo("predicted failed: REJECTED not one statement; found 2");
        assertThat(FailureReasons.group(null)).isNull();
    }
}
