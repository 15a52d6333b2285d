package dev.snailbench.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.SqlDialect;
import org.junit.jupiter.api.Test;

/** The one identifier quoting helper: every quote style, doubled escapes, and only matching quotes at both ends. */
class IdentifierQuotingTest {

    @Test
    void shouldUnquoteEachQuoteStyle() {
        assertThat(IdentifierQuoting.unquote("\"Order Details\"")).isEqualTo("Order Details");
        assertThat(IdentifierQuoting.unquote("[Order Details]")).isEqualTo("Order Details");
        assertThat(IdentifierQuoting.unquote("`Order Details`")).isEqualTo("Order Details");
        assertThat(IdentifierQuoting.unquote("OrderDetails")).isEqualTo("OrderDetails");
    }

    @Test
    void shouldUndoDoubledClosingCharacters() {
        assertThat(IdentifierQuoting.unquote("\"say \"\"hi\"\"\"")).isEqualTo("say \"hi\"");
        assertThat(IdentifierQuoting.unquote("[a]]b]")).isEqualTo("a]b");
        assertThat(IdentifierQuoting.unquote("`a``b`")).isEqualTo("a`b");
        // Inside brackets a double quote is an ordinary character, and the other way round.
        assertThat(IdentifierQuoting.unquote("[a\"\"b]")).isEqualTo("a\"\"b");
        assertThat(IdentifierQuoting.unquote("\"a]]b\"")).isEqualTo("a]]b");
    }

    @Test
    void shouldStripOnlyMatchingQuotesAtBothEnds() {
        assertThat(IdentifierQuoting.unquote("\"x]")).isEqualTo("\"x]");
        assertThat(IdentifierQuoting.unquote("[x\"")).isEqualTo("[x\"");
        assertThat(IdentifierQuoting.unquote("x\"")).isEqualTo("x\"");
        assertThat(IdentifierQuoting.unquote("a\"b\"c")).isEqualTo("a\"b\"c");
        assertThat(IdentifierQuoting.unquote("]x[")).isEqualTo("]x[");
        assertThat(IdentifierQuoting.unquote("\"")).isEqualTo("\"");
        assertThat(IdentifierQuoting.unquote("")).isEmpty();
        assertThat(IdentifierQuoting.unquote(null)).isNull();
        assertThat(IdentifierQuoting.unquote("\"\"")).isEmpty();
    }

    @Test
    void shouldNormalizeWithoutQuotesOrSurroundingBlanksInLowerCase() {
        assertThat(IdentifierQuoting.normalize("[Plot_ID]")).isEqualTo("plot_id");
        assertThat(IdentifierQuoting.normalize("`Plot_ID`")).isEqualTo("plot_id");
        assertThat(IdentifierQuoting.normalize(" \"Plot ID\" ")).isEqualTo("plot id");
        assertThat(IdentifierQuoting.normalize("[Plot]]ID]")).isEqualTo("plot]id");
        assertThat(IdentifierQuoting.normalize("Plot_ID")).isEqualTo("plot_id");
        assertThat(IdentifierQuoting.normalize(null)).isNull();
    }

    @Test
    void shouldQuoteInTheDialectsQuotesWithEscapes() {
        assertThat(IdentifierQuoting.quote("Order]Details", SqlDialect.SQLSERVER))
                .isEqualTo("[Order]]Details]");
        assertThat(IdentifierQuoting.quote("a\"b", SqlDialect.POSTGRESQL)).isEqualTo("\"a\"\"b\"");
        assertThat(IdentifierQuoting.quote("plain", SqlDialect.POSTGRESQL)).isEqualTo("\"plain\"");
    }

    @Test
    void shouldRoundTripEveryQuoteStyle() {
        for (String name : new String[] {"x", "a\"b", "a]b", "a`b", "a b", "\"\"", "]["}) {
            assertThat(IdentifierQuoting.unquote(IdentifierQuoting.quote(name, SqlDialect.POSTGRESQL)))
                    .isEqualTo(name);
            assertThat(IdentifierQuoting.unquote(IdentifierQuoting.quote(name, SqlDialect.SQLSERVER)))
                    .isEqualTo(name);
            assertThat(IdentifierQuoting.unquote(IdentifierQuoting.requote("`w`", name, SqlDialect.POSTGRESQL)))
                    .isEqualTo(name);
        }
    }

    @Test
    void shouldRequoteAsWrittenAndQuoteABareNameOnlyWhenItMust() {
        assertThat(IdentifierQuoting.requote("[Ht]", "Height]x", SqlDialect.SQLSERVER))
                .isEqualTo("[Height]]x]");
        assertThat(IdentifierQuoting.requote("`Ht`", "Height", SqlDialect.SQLSERVER))
                .isEqualTo("`Height`");
        assertThat(IdentifierQuoting.requote("\"Ht\"", "Hei\"ght", SqlDialect.POSTGRESQL))
                .isEqualTo("\"Hei\"\"ght\"");
        assertThat(IdentifierQuoting.requote("Ht", "Height", SqlDialect.POSTGRESQL))
                .isEqualTo("Height");
        assertThat(IdentifierQuoting.requote("Ht", "Height m", SqlDialect.SQLSERVER))
                .isEqualTo("[Height m]");
        assertThat(IdentifierQuoting.requote("Ht", "Height m", SqlDialect.POSTGRESQL))
                .isEqualTo("\"Height m\"");
        // A reserved word is quoted: bare, the query would not read it as a name.
        assertThat(IdentifierQuoting.requote("Ord", "Order", SqlDialect.SQLSERVER))
                .isEqualTo("[Order]");
        assertThat(IdentifierQuoting.requote("Tbl", "Table", SqlDialect.SQLSERVER))
                .isEqualTo("[Table]");
        assertThat(IdentifierQuoting.requote("u", "user", SqlDialect.POSTGRESQL))
                .isEqualTo("\"user\"");
    }
}
