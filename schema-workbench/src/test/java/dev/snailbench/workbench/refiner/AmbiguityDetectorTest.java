package dev.snailbench.workbench.refiner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.ResultColumn.ValueType;
import dev.snailbench.workbench.synthetic.LexicalEmbedder;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class AmbiguityDetectorTest {

    static List<Ambiguity> detect(DatabaseSchema schema, Thresholds thresholds) {
        SchemaGraph graph = SchemaGraph.of(schema);
        List<SemanticPackage> packages = new OfflinePackager().describe(graph);
        return AmbiguityDetector.detect(graph, packages, lexical(AmbiguityDetector.texts(packages)), thresholds);
    }

    static Function<String, float[]> lexical(Collection<String> texts) {
        List<String> list = List.copyOf(texts);
        List<float[]> vectors = new LexicalEmbedder().embed(list).await().indefinitely();
        Map<String, float[]> byText = new HashMap<>();
        for (int i = 0; i < list.size(); i++) {
            byText.put(list.get(i), vectors.get(i));
        }
        return byText::get;
    }

    /** The football schema with one of each: value (homonym), club_key vs club_id (synonym), HGT (irregular). */
    static DatabaseSchema ambiguous() {
        return Schemas.of(
                Schemas.keyed(
                        "player",
                        "player_id",
                        Schemas.col("player_id", ValueType.NUMBER),
                        Schemas.col("value", ValueType.TEXT, "Messi"),
                        Schemas.col("HGT", ValueType.NUMBER, "170"),
                        Schemas.col("birth_date", ValueType.DATE)),
                Schemas.table(
                        "club",
                        List.of("club_id"),
                        List.of(Schemas.fk("stadium_id", "stadium", "stadium_id")),
                        Schemas.col("club_id", ValueType.NUMBER),
                        Schemas.col("club_name", ValueType.TEXT),
                        Schemas.col("city", ValueType.TEXT),
                        Schemas.col("stadium_id", ValueType.NUMBER)),
                Schemas.table(
                        "player_club",
                        List.of(),
                        List.of(Schemas.fk("player_id", "player", "player_id")),
                        Schemas.col("player_id", ValueType.NUMBER),
                        Schemas.col("club_key", ValueType.NUMBER),
                        Schemas.col("start_year", ValueType.NUMBER)),
                Schemas.keyed(
                        "stadium",
                        "stadium_id",
                        Schemas.col("stadium_id", ValueType.NUMBER),
                        Schemas.col("stadium_name", ValueType.TEXT),
                        Schemas.col("value", ValueType.NUMBER, "99000"),
                        Schemas.col("roof_height", ValueType.NUMBER)));
    }

    @Test
    void shouldFindAHomonymASynonymAndAnIrregularNameWithThePaperThresholds() {
        List<Ambiguity> found = detect(ambiguous(), Thresholds.PAPER);

        assertThat(found)
                .extracting(Ambiguity::id)
                .containsExactlyInAnyOrder(
                        "homonym:player.value|stadium.value",
                        "synonym:club.club_id|player_club.club_key",
                        "irregular:player.hgt");
        Ambiguity homonym = found.stream()
                .filter(a -> a.type() == Ambiguity.Type.HOMONYM)
                .findFirst()
                .orElseThrow();
        assertThat(homonym.sss()).isLessThan(0.75);
        assertThat(homonym.evidence()).contains("value of player (text)").contains("value of stadium (number)");
    }

    @Test
    void shouldFindNothingInTheNaturalSchema() {
        assertThat(detect(Schemas.football(), Thresholds.PAPER)).isEmpty();
    }

    @Test
    void shouldReportAColumnInASynonymPairAsASynonymOnlyEvenWhenItsNameIsIrregular() {
        DatabaseSchema schema = Schemas.of(
                Schemas.keyed(
                        "player",
                        "player_id",
                        Schemas.col("player_id", ValueType.NUMBER),
                        Schemas.col("player_name", ValueType.TEXT)),
                Schemas.plain("squad", Schemas.col("plyr_nm", ValueType.TEXT), Schemas.col("shirt", ValueType.NUMBER)));

        List<Ambiguity> found = detect(schema, Thresholds.PAPER);

        assertThat(found).extracting(Ambiguity::id).containsExactly("synonym:player.player_name|squad.plyr_nm");
        // With synonymy switched off, the same name is an irregular one.
        assertThat(detect(schema, new Thresholds(0.60, 1.01, 0.75)))
                .extracting(Ambiguity::id)
                .containsExactly("irregular:squad.plyr_nm");
    }

    @Test
    void shouldNotPairSynonymsWhoseValuesCannotBeCompared() {
        DatabaseSchema schema = Schemas.of(
                Schemas.table("a", List.of(), List.of(), Schemas.col("start_date", ValueType.DATE)),
                Schemas.table("b", List.of(), List.of(), Schemas.col("begin_date", ValueType.TEXT)));

        assertThat(detect(schema, Thresholds.PAPER)).isEmpty();
    }

    @Test
    void shouldReadANameWithMoreWordsThanAnothersAsQualifiedAndAKeptUnreadableTokenAsIrregular() {
        SchemaGraph g = SchemaGraph.of(Schemas.of(
                Schemas.plain(
                        "person", Schemas.col("birth_city", ValueType.TEXT), Schemas.col("towns", ValueType.TEXT)),
                Schemas.plain("site", Schemas.col("city", ValueType.TEXT), Schemas.col("town", ValueType.TEXT))));

        assertThat(AmbiguityDetector.qualified(g.column("person.birth_city"), g.column("site.city")))
                .isTrue();
        assertThat(AmbiguityDetector.qualified(g.column("site.city"), g.column("person.birth_city")))
                .isTrue();
        // the same words (singular, through the thesaurus: town is city) are one name, not a qualified one
        assertThat(AmbiguityDetector.qualified(g.column("person.towns"), g.column("site.city")))
                .isFalse();
        assertThat(AmbiguityDetector.qualified(g.column("person.birth_city"), g.column("site.town")))
                .isTrue();

        assertThat(AmbiguityDetector.unreadableKept("rtrn_dt", "rtrn_date")).isEqualTo("rtrn");
        assertThat(AmbiguityDetector.unreadableKept("Rtrn_Dt", "return_date")).isNull();
        // words, standard terms, known abbreviations and numbers are readable
        assertThat(AmbiguityDetector.unreadableKept("branch_id", "branch_id")).isNull();
        assertThat(AmbiguityDetector.unreadableKept("pg_cnt2", "pg_count2")).isEqualTo("pg");
        assertThat(AmbiguityDetector.unreadableKept("seq_no", "seq_number")).isNull();
        // a word missing from the lists that reads like one is not unreadable
        assertThat(AmbiguityDetector.unreadableKept("fee_honorarium", "fee_honorarium"))
                .isNull();
        assertThat(EnglishWordList.isWord("branch")).isTrue();
        assertThat(EnglishWordList.isWord("brnch")).isFalse();
    }
}
