package dev.snailbench.workbench.refiner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.ResultColumn.ValueType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The view layer's name for a homonym, from what the schema says it holds (hand-written concert schema, findings
 * given, so that only the naming is under test).
 */
class HomonymEvidenceTest {

    /** Artists, venues, concerts, tickets and editions; every test renames some columns to one generic word. */
    private static DatabaseSchema concerts(DatabaseSchema.Column venueColumn, DatabaseSchema.Column artistColumn) {
        return Schemas.of(
                Schemas.keyed(
                        "venue",
                        "venue_id",
                        Schemas.col("venue_id", ValueType.NUMBER, "1", "2"),
                        venueColumn,
                        Schemas.col("seats", ValueType.NUMBER, "900", "2500")),
                Schemas.keyed(
                        "artist", "artist_id", Schemas.col("artist_id", ValueType.NUMBER, "1", "2"), artistColumn),
                Schemas.keyed(
                        "record",
                        "record_id",
                        Schemas.col("record_id", ValueType.NUMBER, "1", "2"),
                        Schemas.col("publisher", ValueType.TEXT, "Blue Note", "Verve", "Impulse!")),
                Schemas.table("edition", List.of("year"), List.of(), Schemas.col("year", ValueType.NUMBER, "2019")),
                Schemas.table(
                        "concert",
                        List.of("item"),
                        List.of(
                                Schemas.fk("venue_id", "venue", "venue_id"), Schemas.fk("entry", "edition", "year"),
                                Schemas.fk("opener", "artist", "artist_id"),
                                        Schemas.fk("headliner", "artist", "artist_id")),
                        Schemas.col("item", ValueType.NUMBER, "10", "11"),
                        Schemas.col("venue_id", ValueType.NUMBER),
                        Schemas.col("entry", ValueType.NUMBER, "2019"),
                        Schemas.col("opener", ValueType.NUMBER),
                        Schemas.col("headliner", ValueType.NUMBER),
                        Schemas.col("mood", ValueType.TEXT, "Calm Evening", "Loud Night")));
    }

    private static DatabaseSchema concerts() {
        return concerts(
                Schemas.col("item", ValueType.NUMBER, "3", "4"),
                Schemas.col("item", ValueType.TEXT, "Blue Note", "Verve"));
    }

    private static Ambiguity homonym(String tableA, String tableB, String name) {
        return new Ambiguity(
                Ambiguity.Type.HOMONYM, List.of(new ColumnRef(tableA, name), new ColumnRef(tableB, name)), 0, "test");
    }

    private static Renaming plan(DatabaseSchema schema, Ambiguity... findings) {
        SchemaGraph graph = SchemaGraph.of(schema);
        return RefinedViews.plan(graph, new OfflinePackager().describe(graph), List.of(findings));
    }

    /** The view name of {@code table}'s {@code item} when it and {@code other}'s form a homonym in {@link #concerts()}. */
    private static String itemOf(String table, String other) {
        return plan(concerts(), homonym(table, other, "item")).nameOf(new ColumnRef(table, "item"));
    }

    @Test
    void shouldNameAHomonymThatIsItsTablesPrimaryKeyAfterItsEntity() {
        assertThat(itemOf("concert", "venue")).isEqualTo("concert_id");
    }

    @Test
    void shouldNameAHomonymThatReferencesAKeyAfterThatKeyAndItsEntityWhenTheKeyDoesNotNameIt() {
        DatabaseSchema schema = Schemas.of(
                Schemas.table("edition", List.of("year"), List.of(), Schemas.col("year", ValueType.NUMBER)),
                Schemas.table("venue", List.of("venue_id"), List.of(), Schemas.col("venue_id", ValueType.NUMBER)),
                Schemas.table(
                        "concert",
                        List.of(),
                        List.of(Schemas.fk("entry", "edition", "year")),
                        Schemas.col("entry", ValueType.NUMBER)),
                Schemas.table(
                        "ticket",
                        List.of(),
                        List.of(Schemas.fk("entry", "venue", "venue_id")),
                        Schemas.col("entry", ValueType.NUMBER)));

        Renaming renaming = plan(schema, homonym("concert", "ticket", "entry"));

        assertThat(renaming.nameOf(new ColumnRef("concert", "entry"))).isEqualTo("edition_year");
        assertThat(renaming.nameOf(new ColumnRef("ticket", "entry"))).isEqualTo("venue_id");
    }

    @Test
    void shouldNameAHomonymAfterTheColumnOfAnotherTableWhoseValuesItShares() {
        assertThat(itemOf("artist", "venue")).isEqualTo("publisher");
    }

    @Test
    void shouldNameAHomonymOfProperNamesAsTheNameOfATableOthersReferenceButNotOfAnEvent() {
        DatabaseSchema schema = concerts(
                Schemas.col("item", ValueType.TEXT, "Carnegie Hall", "ROYAL ALBERT HALL"),
                Schemas.col("item", ValueType.TEXT, "ABBA", "AC/DC"));

        Renaming venue = plan(schema, homonym("venue", "artist", "item"));

        assertThat(venue.nameOf(new ColumnRef("venue", "item"))).isEqualTo("venue_name");
        // Short codes are not names, and a concert is referenced by nobody: its proper-name column stays as it is.
        assertThat(venue.nameOf(new ColumnRef("artist", "item"))).isEqualTo("item");
        Renaming concert = plan(
                schema,
                new Ambiguity(
                        Ambiguity.Type.HOMONYM,
                        List.of(new ColumnRef("concert", "mood"), new ColumnRef("venue", "seats")),
                        0,
                        "test"));
        assertThat(concert.nameOf(new ColumnRef("concert", "mood"))).isEqualTo("mood");
    }

    @Test
    void shouldKeepAHomonymsNameWhenNothingSaysWhatItHoldsRatherThanPutItsTableInFront() {
        assertThat(itemOf("venue", "artist")).isEqualTo("item");
        SchemaGraph graph = SchemaGraph.of(concerts());
        Renaming baseline = RefinedViews.plan(
                graph,
                new OfflinePackager().describe(graph),
                List.of(homonym("venue", "artist", "item")),
                RefinedViews.HomonymNames.TABLE_ENTITY);
        assertThat(baseline.nameOf(new ColumnRef("venue", "item"))).isEqualTo("venue_item");
    }

    @Test
    void shouldGiveNoHomonymANameAnotherColumnOfItsTableHasOrWouldGetToo() {
        DatabaseSchema schema = Schemas.of(
                Schemas.table("artist", List.of("artist_id"), List.of(), Schemas.col("artist_id", ValueType.NUMBER)),
                Schemas.table("venue", List.of("venue_id"), List.of(), Schemas.col("venue_id", ValueType.NUMBER)),
                Schemas.table(
                        "concert",
                        List.of(),
                        List.of(
                                Schemas.fk("flag", "artist", "artist_id"),
                                Schemas.fk("mark", "artist", "artist_id"),
                                Schemas.fk("tag", "venue", "venue_id")),
                        Schemas.col("flag", ValueType.NUMBER),
                        Schemas.col("mark", ValueType.NUMBER),
                        Schemas.col("tag", ValueType.NUMBER),
                        Schemas.col("venue_id", ValueType.NUMBER)),
                Schemas.plain(
                        "ticket",
                        Schemas.col("flag", ValueType.NUMBER),
                        Schemas.col("mark", ValueType.NUMBER),
                        Schemas.col("tag", ValueType.NUMBER)));

        Renaming renaming = plan(
                schema,
                homonym("concert", "ticket", "flag"),
                homonym("concert", "ticket", "mark"),
                homonym("concert", "ticket", "tag"));

        // Two references to artists would both read artist_id (artist_id_2 tells nothing apart); venue_id is taken.
        assertThat(renaming.nameOf(new ColumnRef("concert", "flag"))).isEqualTo("flag");
        assertThat(renaming.nameOf(new ColumnRef("concert", "mark"))).isEqualTo("mark");
        assertThat(renaming.nameOf(new ColumnRef("concert", "tag"))).isEqualTo("tag");
    }

    @Test
    void shouldNotNameAHomonymAfterAColumnItSharesOnlyNumbersWith() {
        DatabaseSchema schema = Schemas.of(
                Schemas.plain(
                        "band",
                        Schemas.col("formed", ValueType.NUMBER, "1962", "1970"),
                        Schemas.col("genre", ValueType.TEXT, "Jazz Fusion", "Hard Rock")),
                Schemas.plain(
                        "festival",
                        Schemas.col("formed", ValueType.NUMBER, "1970"),
                        Schemas.col("genre", ValueType.TEXT, "Hard Rock")),
                Schemas.plain(
                        "album",
                        Schemas.col("released", ValueType.NUMBER, "1962", "1970"),
                        Schemas.col("style", ValueType.TEXT, "Hard Rock", "Jazz Fusion")));

        Renaming renaming = plan(schema, homonym("band", "festival", "formed"), homonym("band", "festival", "genre"));

        // Years are shared by columns that mean different things; text values name the same kind of thing.
        assertThat(renaming.nameOf(new ColumnRef("band", "formed"))).isEqualTo("formed");
        assertThat(renaming.nameOf(new ColumnRef("band", "genre"))).isEqualTo("style");
    }

    @Test
    void shouldNotCallProperNamesTheTablesNameWhenAnAbbreviatedColumnReadsAsItsName() {
        DatabaseSchema schema = concerts(
                Schemas.col("item", ValueType.TEXT, "Carnegie Hall", "Royal Albert Hall"),
                Schemas.col("item", ValueType.TEXT, "ABBA", "AC/DC"));
        DatabaseSchema withName = Schemas.of(schema.tables().stream()
                .map(t -> !t.name().equals("venue")
                        ? t
                        : Schemas.table(
                                "venue",
                                t.primaryKey(),
                                t.foreignKeys(),
                                t.columns().get(0),
                                t.columns().get(1),
                                Schemas.col("vn_nm", ValueType.TEXT, "Hall A", "Hall B")))
                .toArray(DatabaseSchema.Table[]::new));

        Renaming renaming = plan(withName, homonym("venue", "artist", "item"));

        // vn_nm reads as venue_name: the proper names in item are something else of the venue (its city, its owner).
        assertThat(renaming.nameOf(new ColumnRef("venue", "item"))).isEqualTo("item");
    }
}
