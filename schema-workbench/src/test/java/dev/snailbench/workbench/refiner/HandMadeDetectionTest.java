package dev.snailbench.workbench.refiner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.testkit.RealInfrastructure;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Detection on the hand-made library, clinic, shop, railway and film festival databases ({@link HandMadeSchemas}) on the embedded
 * PostgreSQL, the refiner's default sample (20 distinct values per column, lowest hash first) read as the executor
 * reads it for the refiner, offline packages, MiniLM, the paper's thresholds. Prints precision / recall / F1 per
 * type and micro-averaged. Beyond the in-memory tier: the sample values read from PostgreSQL as the executor reads
 * them. Run alone:
 * <pre>
 * mvn -B -pl schema-workbench test -Dtest=HandMadeDetectionTest -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
@RealInfrastructure
class HandMadeDetectionTest {

    /** The refiner's default sample size ({@code snailbench.refiner.sample-values}). */
    static final int SAMPLE_VALUES = 20;

    private static final Map<HandMadeSchemas.Case, List<Ambiguity>> FOUND = new LinkedHashMap<>();

    @BeforeAll
    static void detectOnEachDatabase() throws Exception {
        for (HandMadeSchemas.Case c : HandMadeSchemas.ALL) {
            DatabaseSchema schema = HandMadeSchemas.load(c, SAMPLE_VALUES);
            FOUND.put(c, KeyAwareDetectionTest.detect(schema));
        }
    }

    @Test
    void shouldFindSynonymsWithPrecisionAtLeast09AndPrintTheScores() {
        DetectionScore score = new DetectionScore();
        FOUND.forEach((c, found) -> {
            score.add(c.truth(), found, Set.of());
            DetectionScore one = new DetectionScore();
            one.add(c.truth(), found, Set.of());
            System.out.printf(
                    "%s: micro-F1 %.3f, %s%n",
                    c.database(),
                    micro(one).f1(),
                    found.stream().map(a -> a.id() + " " + a.grounds()).toList());
        });
        int tp = 0;
        int fp = 0;
        int fn = 0;
        System.out.printf(
                "hand-made schemas (library, clinic, shop, railway, festival), minilm, paper thresholds%n  %-10s %4s %4s %4s %6s %6s %6s%n",
                "type", "TP", "FP", "FN", "P", "R", "F1");
        for (Ambiguity.Type type : Ambiguity.Type.values()) {
            DetectionScore.Counts k = score.of(type);
            System.out.printf(
                    "  %-10s %4d %4d %4d %6.3f %6.3f %6.3f%n",
                    type.label(),
                    k.truePositives(),
                    k.falsePositives(),
                    k.falseNegatives(),
                    k.precision(),
                    k.recall(),
                    k.f1());
            tp += k.truePositives();
            fp += k.falsePositives();
            fn += k.falseNegatives();
        }
        DetectionScore.Counts micro = new DetectionScore.Counts(tp, fp, fn);
        System.out.printf(
                "  %-10s %4d %4d %4d %6.3f %6.3f %6.3f%n",
                "micro", tp, fp, fn, micro.precision(), micro.recall(), micro.f1());

        assertThat(score.of(Ambiguity.Type.SYNONYM).precision()).isGreaterThanOrEqualTo(0.9);
        assertThat(score.of(Ambiguity.Type.SYNONYM).recall()).isGreaterThanOrEqualTo(0.7);
        assertThat(score.of(Ambiguity.Type.HOMONYM).precision()).isGreaterThanOrEqualTo(0.9);
    }

    @Test
    void shouldTellAHomonymFromOneAttributeOfSeveralTablesByTheKindOfItsValues() {
        List<String> homonyms = new ArrayList<>();
        FOUND.values()
                .forEach(found -> found.stream()
                        .filter(a -> a.type() == Ambiguity.Type.HOMONYM)
                        .forEach(a -> homonyms.add(a.id())));
        // people's names, surnames, e-mail addresses and place names in several tables: one attribute each
        assertThat(homonyms)
                .noneMatch(id -> id.contains("full_name")
                        || id.contains("surname")
                        || id.contains("email")
                        || id.equals("homonym:depot.name|station.name"));
        // a station's three-letter code and a fare's code word; a station's name and a person's
        assertThat(finding(HandMadeSchemas.RAILWAY, "homonym:fare.code|station.code")
                        .grounds())
                .containsExactly(Ambiguity.Ground.VALUE_KINDS);
        assertThat(finding(HandMadeSchemas.RAILWAY, "homonym:staff.name|station.name")
                        .grounds())
                .containsExactly(Ambiguity.Ground.VALUE_KINDS);
        // values of different families
        assertThat(finding(HandMadeSchemas.SHOP, "homonym:product.rating|supplier.rating")
                        .grounds())
                .containsExactly(Ambiguity.Ground.VALUE_FAMILIES);
    }

    @Test
    void shouldFindAReferenceNamedByAnotherNounThatCoversItsKeyAndNotARole() {
        // declared, under another noun, its table's only reference to the key's table
        assertThat(finding(HandMadeSchemas.CLINIC, "synonym:patient.patient_id|visit.client_id")
                        .grounds())
                .contains(Ambiguity.Ground.FOREIGN_KEY, Ambiguity.Ground.VALUE_COVERAGE);
        assertThat(finding(HandMadeSchemas.RAILWAY, "synonym:station.station_id|stop.halt_id")
                        .grounds())
                .contains(Ambiguity.Ground.FOREIGN_KEY, Ambiguity.Ground.VALUE_COVERAGE);
        // beside gift_for, a phrase naming a role
        assertThat(finding(HandMadeSchemas.SHOP, "synonym:customer.customer_id|purchase.shopper_id")
                        .grounds())
                .contains(Ambiguity.Ground.FOREIGN_KEY, Ambiguity.Ground.VALUE_COVERAGE);
        // undeclared, read from values: 57 of the 60 passengers, more than one sample holds, seen on the hashed range
        assertThat(finding(HandMadeSchemas.RAILWAY, "synonym:passenger.passenger_id|ticket.traveller_id")
                        .grounds())
                .contains(Ambiguity.Ground.VALUE_INCLUSION, Ambiguity.Ground.VALUE_COVERAGE);
        assertThat(finding(HandMadeSchemas.RAILWAY, "synonym:journey.unit_no|train.train_id")
                        .grounds())
                .contains(Ambiguity.Ground.VALUE_INCLUSION, Ambiguity.Ground.VALUE_COVERAGE);
        // two references of one table to one key are roles (driver and guard, origin and destination)
        assertThat(FOUND.get(HandMadeSchemas.RAILWAY))
                .extracting(Ambiguity::id)
                .noneMatch(id -> id.startsWith("synonym:")
                        && (id.contains("driver_id")
                                || id.contains("guard_id")
                                || id.contains("origin")
                                || id.contains("destination")));
    }

    @Test
    void shouldFindAnUndeclaredReferenceFromItsValuesWhenItsNameAgrees() {
        assertThat(synonym(HandMadeSchemas.CLINIC, "physician.physician_id|visit.doctor_id")
                        .grounds())
                .contains(Ambiguity.Ground.VALUE_INCLUSION, Ambiguity.Ground.NAME_SIMILARITY);
        // its small numbers fall inside the nurses' and patients' keys too: only the best-named key counts
        assertThat(FOUND.get(HandMadeSchemas.CLINIC))
                .extracting(Ambiguity::id)
                .doesNotContain("synonym:nurse.nurse_id|visit.doctor_id", "synonym:patient.patient_id|visit.doctor_id");
        assertThat(synonym(HandMadeSchemas.CLINIC, "prescription.medication|stock.drug")
                        .grounds())
                .contains(Ambiguity.Ground.VALUE_INCLUSION);
        // product_code says only the product and a key word: the key of product under another name
        assertThat(synonym(HandMadeSchemas.SHOP, "product.sku|purchase.product_code")
                        .grounds())
                .contains(Ambiguity.Ground.KEY_NAMES, Ambiguity.Ground.VALUE_INCLUSION);
    }

    @Test
    void shouldFindADeclaredReferenceUnderAnotherWordAndColumnsSharingValuesWhenTheirNamesAgree() {
        assertThat(synonym(HandMadeSchemas.LIBRARY, "author.author_id|book.writer_id")
                        .grounds())
                .contains(Ambiguity.Ground.FOREIGN_KEY, Ambiguity.Ground.NAME_SIMILARITY);
        assertThat(synonym(HandMadeSchemas.SHOP, "customer.region|supplier.area")
                        .grounds())
                .contains(Ambiguity.Ground.SHARED_VALUES, Ambiguity.Ground.NAME_SIMILARITY);
    }

    @Test
    void shouldNotCallARoleOrARelatedMeaningSharingValuesASynonym() {
        List<String> synonyms = new ArrayList<>();
        FOUND.values()
                .forEach(found -> found.stream()
                        .filter(a -> a.type() == Ambiguity.Type.SYNONYM)
                        .forEach(a -> synonyms.add(a.id())));
        assertThat(synonyms)
                .noneMatch(id -> id.contains("approved_by")
                        || id.contains("referred_by")
                        || id.contains("gift_for")
                        || id.contains("birthplace"));
    }

    @Test
    void shouldFindColumnsOfOneSetOfThingsOrOneQuantityUnderOtherWords() {
        // every vendor is a supplier's company; every screening's location a venue's name: neither is a key
        assertThat(synonym(HandMadeSchemas.SHOP, "product.vendor|supplier.company")
                        .grounds())
                .contains(Ambiguity.Ground.VALUE_SUBSET);
        assertThat(synonym(HandMadeSchemas.FESTIVAL, "screening.location|venue.venue_name")
                        .grounds())
                .contains(Ambiguity.Ground.VALUE_SUBSET);
        // no value shared, one range and scale, names that agree
        assertThat(synonym(HandMadeSchemas.CLINIC, "nurse.wage|physician.salary")
                        .grounds())
                .contains(Ambiguity.Ground.SIMILAR_VALUES);
        // small numbers only the books' key holds, under a name that says "identifier"
        assertThat(synonym(HandMadeSchemas.LIBRARY, "book.book_id|loan.volume_id")
                        .grounds())
                .contains(Ambiguity.Ground.VALUE_INCLUSION, Ambiguity.Ground.VALUE_COVERAGE);
        // a city a director was born in is not the city a venue is in, though they share three cities of four;
        // small numbers that are no identifier (a stop's sequence, a venue's screen count) reference nothing
        assertThat(FOUND.values().stream().flatMap(List::stream).map(Ambiguity::id))
                .doesNotContain("synonym:director.birth_city|venue.city")
                .noneMatch(id -> id.startsWith("synonym:") && (id.contains(".seq") || id.contains("scrn_cnt")))
                // tickets sold and screens: numbers of another scale
                .doesNotContain("synonym:screening.tkts_sld|venue.scrn_cnt");
    }

    @Test
    void shouldCallANameIrregularWhenItsCanonicalNameKeepsATokenNoWordListReads() {
        assertThat(FOUND.values().stream().flatMap(List::stream).map(Ambiguity::id))
                .contains(
                        "irregular:loan.rtrn_dt",
                        "irregular:ward.bd_cnt",
                        "irregular:journey.dly_min",
                        "irregular:guest.arr_dt")
                // a word zxcvbn keeps among surnames
                .doesNotContain("irregular:loan.branch_id", "irregular:staff.branch_id");
    }

    private static DetectionScore.Counts micro(DetectionScore score) {
        int tp = 0;
        int fp = 0;
        int fn = 0;
        for (Ambiguity.Type type : Ambiguity.Type.values()) {
            DetectionScore.Counts k = score.of(type);
            tp += k.truePositives();
            fp += k.falsePositives();
            fn += k.falseNegatives();
        }
        return new DetectionScore.Counts(tp, fp, fn);
    }

    private static Ambiguity finding(HandMadeSchemas.Case c, String id) {
        return FOUND.get(c).stream()
                .filter(a -> a.id().equals(id))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + id + " in " + FOUND.get(c)));
    }

    private static Ambiguity synonym(HandMadeSchemas.Case c, String columns) {
        return FOUND.get(c).stream()
                .filter(a -> a.id().equals("synonym:" + columns))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no synonym " + columns + " in " + FOUND.get(c)));
    }
}
