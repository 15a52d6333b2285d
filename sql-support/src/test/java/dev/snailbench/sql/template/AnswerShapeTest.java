package dev.snailbench.sql.template;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.template.AnswerShape.Ask;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

class AnswerShapeTest {

    @AutoClose
    private static final SqlParser PARSER = new SqlParser(1, Duration.ofSeconds(5));

    private static String mismatch(String question, String sql, List<List<String>> rows) {
        return AnswerShape.mismatch(question, PARSER.parse(sql, SqlDialect.POSTGRESQL), rows);
    }

    @Test
    void shouldReadWhatAQuestionAsksFor() {
        assertThat(AnswerShape.ask("How many rivers cross Ohio?")).isEqualTo(Ask.COUNT);
        assertThat(AnswerShape.ask("What is the number of lakes in Maine?")).isEqualTo(Ask.COUNT);
        assertThat(AnswerShape.ask("Give me the number of lakes in Maine")).isEqualTo(Ask.COUNT);
        assertThat(AnswerShape.ask("Which state has the most lakes?")).isEqualTo(Ask.THINGS);
        assertThat(AnswerShape.ask("who painted the Night Watch")).isEqualTo(Ask.THINGS);
        assertThat(AnswerShape.ask("List the lakes of Maine.")).isEqualTo(Ask.THINGS);
        assertThat(AnswerShape.ask("What is the average depth of Lake Tahoe?")).isEqualTo(Ask.OTHER);
    }

    @Test
    void shouldFlagAListOrNamesForHowMany() {
        assertThat(mismatch(
                        "How many lakes does Maine have?",
                        "SELECT area FROM lake WHERE state = 'Maine'",
                        List.of(List.of("12.5"), List.of("3.1"))))
                .contains("list of 2 rows");
        assertThat(mismatch(
                        "How many lakes does Maine have?",
                        "SELECT name FROM lake WHERE state = 'Maine'",
                        List.of(List.of("Moosehead"))))
                .contains("no number");
        // Per group, or one count: the answer fits.
        assertThat(mismatch(
                        "How many lakes does each state have?",
                        "SELECT state, count(*) FROM lake GROUP BY state",
                        List.of(List.of("Maine", "3"), List.of("Ohio", "1"))))
                .isNull();
        assertThat(mismatch("How many lakes in each state?", "SELECT count(*) FROM lake", List.of(List.of("4"))))
                .isNull();
        assertThat(mismatch(
                        "How many lakes does Maine have?",
                        "SELECT count(*) FROM lake WHERE state = 'Maine'",
                        List.of(List.of("3"))))
                .isNull();
    }

    @Test
    void shouldFlagALoneCountForWhichOrWho() {
        assertThat(mismatch(
                        "Which painter made the most portraits?",
                        "SELECT count(*) FROM painting",
                        List.of(List.of("41"))))
                .contains("lone count");
        assertThat(mismatch(
                        "Which painter made the most portraits?",
                        "SELECT painter FROM painting GROUP BY painter ORDER BY count(*) DESC LIMIT 1",
                        List.of(List.of("Rembrandt"))))
                .isNull();
        assertThat(mismatch(
                        "Which painter has the highest number of portraits? Return the number.",
                        "SELECT count(*) FROM painting",
                        List.of(List.of("41"))))
                .isNull();
    }
}
