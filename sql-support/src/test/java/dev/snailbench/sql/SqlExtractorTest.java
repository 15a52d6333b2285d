package dev.snailbench.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SqlExtractorTest {

    @Test
    void shouldTakeTheQueryFromASqlCodeFence() {
        assertThat(SqlExtractor.extract("Here you go:\n```sql\nSELECT a\nFROM t;\n```\nHope it helps."))
                .isEqualTo("SELECT a\nFROM t");
    }

    @Test
    void shouldSkipAFenceWithoutAQuery() {
        assertThat(SqlExtractor.extract(
                        "```\npip install x\n```\nthen\n```\nWITH c AS (SELECT 1) SELECT * FROM c\n```"))
                .isEqualTo("WITH c AS (SELECT 1) SELECT * FROM c");
    }

    @Test
    void shouldDropLeadingProseAndTrailingExplanation() {
        assertThat(SqlExtractor.extract("To answer, select the clubs:\nSELECT club_name\nFROM club\nWHERE "
                        + "country = 'France'\nThis query lists the French clubs."))
                .isEqualTo("SELECT club_name\nFROM club\nWHERE country = 'France'");
        assertThat(SqlExtractor.extract("SELECT 1\n\nExplanation: constant")).isEqualTo("SELECT 1");
    }

    @Test
    void shouldKeepTheFirstQueryOfSeveralStatements() {
        assertThat(SqlExtractor.extract("USE db; SELECT a FROM t WHERE b = 'x;y'; SELECT 2;"))
                .isEqualTo("SELECT a FROM t WHERE b = 'x;y'");
    }

    @Test
    void shouldFailClearlyWhenThereIsNoSql() {
        assertThatThrownBy(() -> SqlExtractor.extract("")).hasMessage("no SQL: the model's answer is empty");
        assertThatThrownBy(() -> SqlExtractor.extract("I cannot answer that."))
                .hasMessage("no SQL in the model's answer: \"I cannot answer that.\"");
    }

    @Test
    void shouldUnwrapARecordedPredictionOnlyFromItsMarkdownFence() {
        assertThat(SqlExtractor.recorded("```sql\nSELECT name\nFROM club\n```")).isEqualTo("SELECT name\nFROM club");
        assertThat(SqlExtractor.recorded("The query:\n```\nSELECT 1;\n```\nDone."))
                .isEqualTo("SELECT 1");
        // Without a fence the recorded SQL is what runs, as written (a union in parentheses stays whole).
        assertThat(SqlExtractor.recorded("(SELECT a FROM t) UNION (SELECT b FROM u)"))
                .isEqualTo("(SELECT a FROM t) UNION (SELECT b FROM u)");
        assertThat(SqlExtractor.recorded("")).isEmpty();
        assertThatThrownBy(() -> SqlExtractor.recorded("```\nno query here\n```"))
                .isInstanceOf(SqlExtractor.NoSql.class)
                .hasMessageStartingWith("no SQL in the model's answer");
    }
}
