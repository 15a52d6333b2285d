package dev.snailbench.workbench.refiner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.ResultColumn.ValueType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Detection that reads what the schema says besides names: keys, descriptions, sample values and English words,
 * with the built-in MiniLM embeddings (the default backend). Hand-written cases, none from a benchmark.
 */
class KeyAwareDetectionTest {

    static List<Ambiguity> detect(DatabaseSchema schema) {
        SchemaGraph graph = SchemaGraph.of(schema);
        List<SemanticPackage> packages = new OfflinePackager().describe(graph);
        return AmbiguityDetector.detect(
                graph, packages, TestEmbeddings.minilm(AmbiguityDetector.texts(packages)), Thresholds.PAPER);
    }

    static List<String> ids(DatabaseSchema schema) {
        return detect(schema).stream().map(Ambiguity::id).toList();
    }

    @Test
    void shouldNeverCallAForeignKeyAndTheKeyItReferencesAHomonym() {
        // team.id and squad.id share a name; squad.id is declared as a reference to team.id: one concept.
        DatabaseSchema schema = Schemas.of(
                Schemas.keyed(
                        "team",
                        "id",
                        Schemas.col("id", ValueType.NUMBER, "1", "2"),
                        Schemas.col("team_name", ValueType.TEXT, "Molde")),
                Schemas.table(
                        "squad",
                        List.of(),
                        List.of(Schemas.fk("id", "team", "id")),
                        Schemas.col("id", ValueType.NUMBER, "1"),
                        Schemas.col("shirt_number", ValueType.NUMBER, "9")));

        assertThat(ids(schema)).noneMatch(id -> id.startsWith("homonym"));
    }

    @Test
    void shouldCallAForeignKeyUnderAnotherNameOfItsKeyASynonymButNotARole() {
        // squad.club_ref references club.club_id: the same key under another name (no thesaurus word links ref
        // and id). fixture.home_club_id and fixture.winner reference it too, but as roles.
        DatabaseSchema schema = Schemas.of(
                Schemas.keyed(
                        "club",
                        "club_id",
                        Schemas.col("club_id", ValueType.NUMBER),
                        Schemas.col("club_name", ValueType.TEXT)),
                Schemas.table(
                        "squad",
                        List.of(),
                        List.of(Schemas.fk("club_ref", "club", "club_id")),
                        Schemas.col("club_ref", ValueType.NUMBER),
                        Schemas.col("season", ValueType.NUMBER)),
                Schemas.table(
                        "fixture",
                        List.of(),
                        List.of(Schemas.fk("home_club_id", "club", "club_id"), Schemas.fk("winner", "club", "club_id")),
                        Schemas.col("home_club_id", ValueType.NUMBER),
                        Schemas.col("winner", ValueType.NUMBER)));

        List<Ambiguity> found = detect(schema);

        assertThat(found).extracting(Ambiguity::id).contains("synonym:club.club_id|squad.club_ref");
        assertThat(found)
                .filteredOn(a -> a.type() == Ambiguity.Type.SYNONYM)
                .allSatisfy(a -> assertThat(a.id()).doesNotContain("fixture."));
        assertThat(found.stream()
                        .filter(a -> a.id().equals("synonym:club.club_id|squad.club_ref"))
                        .findFirst()
                        .orElseThrow()
                        .evidence())
                .contains("references 'club.club_id'");
    }

    @Test
    void shouldCallTwoKeysWhoseDescriptionsIdentifyTheSameEntityASynonymWithoutAForeignKey() {
        // No declared key relation: both names say they identify a player (player_key, player_code).
        DatabaseSchema schema = Schemas.of(
                Schemas.keyed(
                        "player",
                        "player_key",
                        Schemas.col("player_key", ValueType.NUMBER),
                        Schemas.col("surname", ValueType.TEXT)),
                Schemas.plain(
                        "transfer",
                        Schemas.col("player_code", ValueType.NUMBER),
                        Schemas.col("fee", ValueType.NUMBER)));

        assertThat(ids(schema)).contains("synonym:player.player_key|transfer.player_code");
    }

    @Test
    void shouldNotCallAnOrdinaryNameThatMeansTheSameInTwoTablesAHomonym() {
        // country of a club and country of a stadium: the same kind of value (they share one).
        DatabaseSchema schema = Schemas.of(
                Schemas.plain(
                        "club",
                        Schemas.col("club_name", ValueType.TEXT, "Rosenborg"),
                        Schemas.col("country", ValueType.TEXT, "Norway", "Sweden")),
                Schemas.plain(
                        "arena",
                        Schemas.col("arena_name", ValueType.TEXT, "Lerkendal"),
                        Schemas.col("country", ValueType.TEXT, "Denmark", "Norway")));

        assertThat(ids(schema)).noneMatch(id -> id.startsWith("homonym"));
        // the same name over values of different families is a homonym
        DatabaseSchema homonym = Schemas.of(
                Schemas.plain(
                        "club",
                        Schemas.col("club_name", ValueType.TEXT, "Rosenborg"),
                        Schemas.col("status", ValueType.TEXT, "professional")),
                Schemas.plain(
                        "arena",
                        Schemas.col("arena_name", ValueType.TEXT, "Lerkendal"),
                        Schemas.col("status", ValueType.DATE, "2020-01-01")));
        assertThat(ids(homonym)).contains("homonym:arena.status|club.status");
    }

    @Test
    void shouldCallGenericPlaceholdersIrregularAndWordsRegularWhateverTheirSpelling() {
        assertThat(AmbiguityDetector.placeholder("col1")).isTrue();
        assertThat(AmbiguityDetector.placeholder("field_a")).isTrue();
        assertThat(AmbiguityDetector.placeholder("misc")).isTrue();
        assertThat(AmbiguityDetector.placeholder("data2")).isTrue();
        assertThat(AmbiguityDetector.placeholder("value")).isFalse();
        assertThat(AmbiguityDetector.placeholder("attendance")).isFalse();
        assertThat(AmbiguityDetector.wordsOnly("attendance")).isTrue();
        assertThat(AmbiguityDetector.wordsOnly("goals_scored")).isTrue();
        assertThat(AmbiguityDetector.wordsOnly("player_id")).isTrue();
        // short forms close to their expansion are not words
        assertThat(AmbiguityDetector.wordsOnly("stadium_capac")).isFalse();
        assertThat(AmbiguityDetector.wordsOnly("desc")).isFalse();
        assertThat(AmbiguityDetector.wordsOnly("num_goals")).isFalse();

        DatabaseSchema schema = Schemas.of(Schemas.plain(
                "stadium",
                Schemas.col("stadium_name", ValueType.TEXT, "Anfield"),
                Schemas.col("misc", ValueType.TEXT, "roof"),
                Schemas.col("col2", ValueType.NUMBER, "54000"),
                Schemas.col("attendance_record", ValueType.NUMBER, "61905")));
        assertThat(ids(schema))
                .contains("irregular:stadium.misc", "irregular:stadium.col2")
                .doesNotContain("irregular:stadium.attendance_record", "irregular:stadium.stadium_name");
    }

    @Test
    void shouldCallADeclaredReferenceUnderAnotherWordASynonymWhenItsNameAgreesButNotWhenItIsOneOfSeveralRoles() {
        DatabaseSchema schema = Schemas.of(
                Schemas.keyed(
                        "player",
                        "player_id",
                        Schemas.col("player_id", ValueType.NUMBER),
                        Schemas.col("surname", ValueType.TEXT)),
                Schemas.table(
                        "contract",
                        List.of(),
                        List.of(Schemas.fk("footballer_id", "player", "player_id")),
                        Schemas.col("footballer_id", ValueType.NUMBER),
                        Schemas.col("wage", ValueType.NUMBER)));

        Ambiguity found = detect(schema).stream()
                .filter(a -> a.id().equals("synonym:contract.footballer_id|player.player_id"))
                .findFirst()
                .orElseThrow();
        assertThat(found.grounds()).containsExactly(Ambiguity.Ground.FOREIGN_KEY, Ambiguity.Ground.NAME_SIMILARITY);
        assertThat(found.evidence()).contains("'contract.footballer_id' references 'player.player_id'");

        // the same name, but its table references players twice: two roles, neither another name of the key
        DatabaseSchema roles = Schemas.of(
                schema.tables().get(0),
                Schemas.table(
                        "transfer",
                        List.of(),
                        List.of(
                                Schemas.fk("footballer_id", "player", "player_id"),
                                Schemas.fk("replacement_id", "player", "player_id")),
                        Schemas.col("footballer_id", ValueType.NUMBER),
                        Schemas.col("replacement_id", ValueType.NUMBER)));
        assertThat(ids(roles)).noneMatch(id -> id.startsWith("synonym"));
    }

    @Test
    void shouldCallColumnsOfUnrelatedTablesSharingValuesASynonymOnlyWhenTheirNamesAgree() {
        // founded / established: close, not close enough on names alone (below sigma_syn); shared years back them
        DatabaseSchema shared = Schemas.of(
                Schemas.plain(
                        "club",
                        Schemas.col("club_name", ValueType.TEXT, "Everton"),
                        Schemas.col("founded", ValueType.NUMBER, "1878", "1892", "1899")),
                Schemas.plain(
                        "league",
                        Schemas.col("league_name", ValueType.TEXT, "Premier"),
                        Schemas.col("established", ValueType.NUMBER, "1888", "1892", "1899")));
        assertThat(detect(shared))
                .filteredOn(a -> a.id().equals("synonym:club.founded|league.established"))
                .singleElement()
                .satisfies(a -> assertThat(a.grounds())
                        .containsExactly(Ambiguity.Ground.SHARED_VALUES, Ambiguity.Ground.NAME_SIMILARITY));

        DatabaseSchema apart = Schemas.of(
                Schemas.plain(
                        "club",
                        Schemas.col("club_name", ValueType.TEXT, "Everton"),
                        Schemas.col("founded", ValueType.NUMBER, "1878", "1892")),
                Schemas.plain(
                        "league",
                        Schemas.col("league_name", ValueType.TEXT, "Premier"),
                        Schemas.col("established", ValueType.NUMBER, "1888", "1904")));
        assertThat(ids(apart)).doesNotContain("synonym:club.founded|league.established");
        // sharing values is not enough when the names disagree (a founding year and a fee in thousands)
        DatabaseSchema unrelated = Schemas.of(
                Schemas.plain(
                        "club",
                        Schemas.col("club_name", ValueType.TEXT, "Everton"),
                        Schemas.col("founded", ValueType.NUMBER, "1878", "1892", "1899")),
                Schemas.plain(
                        "transfer",
                        Schemas.col("surname", ValueType.TEXT, "Dean"),
                        Schemas.col("fee", ValueType.NUMBER, "1878", "1892")));
        assertThat(ids(unrelated)).noneMatch(id -> id.startsWith("synonym"));
    }
}
