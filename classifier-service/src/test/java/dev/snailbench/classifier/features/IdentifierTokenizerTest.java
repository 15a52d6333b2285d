package dev.snailbench.classifier.features;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class IdentifierTokenizerTest {

    @Test
    void shouldSplitCamelAndPascalCase() {
        assertThat(IdentifierTokenizer.tokenize("ModelYear")).containsExactly("Model", "Year");
        assertThat(IdentifierTokenizer.tokenize("modelYearCode")).containsExactly("model", "Year", "Code");
    }

    @Test
    void shouldSplitSnakeCaseAndOtherSeparators() {
        assertThat(IdentifierTokenizer.tokenize("service_name")).containsExactly("service", "name");
        assertThat(IdentifierTokenizer.tokenize("__tbl__Dead-wood.x  y$"))
                .containsExactly("tbl", "Dead", "wood", "x", "y");
    }

    @Test
    void shouldSeparateDigitRuns() {
        assertThat(IdentifierTokenizer.tokenize("CSI22")).containsExactly("CSI", "22");
        assertThat(IdentifierTokenizer.tokenize("LinkAct_14")).containsExactly("Link", "Act", "14");
        assertThat(IdentifierTokenizer.tokenize("x2y")).containsExactly("x", "2", "y");
        assertThat(IdentifierTokenizer.tokenize("QryGroup23b")).containsExactly("Qry", "Group", "23", "b");
    }

    @Test
    void shouldEndAllCapsRunsBeforeTheNextCapitalizedWord() {
        assertThat(IdentifierTokenizer.tokenize("HTTPServerID")).containsExactly("HTTP", "Server", "ID");
        assertThat(IdentifierTokenizer.tokenize("AdCtTxIRWT")).containsExactly("Ad", "Ct", "Tx", "IRWT");
        assertThat(IdentifierTokenizer.tokenize("VisibleID")).containsExactly("Visible", "ID");
        assertThat(IdentifierTokenizer.tokenize("ACCOUNT_CHK")).containsExactly("ACCOUNT", "CHK");
    }

    @Test
    void shouldKeepPluralAcronymsWhole() {
        assertThat(IdentifierTokenizer.tokenize("IDs")).containsExactly("IDs");
        assertThat(IdentifierTokenizer.tokenize("customerIDsList")).containsExactly("customer", "IDs", "List");
    }

    @Test
    void shouldReturnNoTokensForIdentifiersWithoutLettersOrDigits() {
        assertThat(IdentifierTokenizer.tokenize("")).isEmpty();
        assertThat(IdentifierTokenizer.tokenize("@")).isEmpty();
        assertThat(IdentifierTokenizer.tokenize("___")).isEmpty();
    }

    @Test
    void shouldHandleSingleCharactersAndNonAsciiLetters() {
        assertThat(IdentifierTokenizer.tokenize("a")).containsExactly("a");
        assertThat(IdentifierTokenizer.tokenize("~TMPCLP650861")).containsExactly("TMPCLP", "650861");
        assertThat(IdentifierTokenizer.tokenize("GrößeÄnderung")).containsExactly("Größe", "Änderung");
    }
}
