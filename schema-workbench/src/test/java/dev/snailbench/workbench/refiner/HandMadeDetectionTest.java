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
 * Detection on the hand-made library, clinic and shop databases ({@link HandMadeSchemas}) on the embedded
 * PostgreSQL, five values per column read as the executor reads them for the refiner, offline packages, MiniLM,
 * the paper's thresholds. Prints precision / recall / F1 per type and micro-averaged:
 * <pre>
 * mvn -B -pl schema-workbench test -Dtest=HandMadeDetectionTest -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
@RealInfrastructure
class HandMadeDetectionTest {

    private static final Map<HandMadeSchemas.Case, List<Ambiguity>> FOUND = new LinkedHashMap<>();

    @BeforeAll
    static void detectOnEachDatabase() throws Exception {
        for (HandMadeSchemas.Case c : HandMadeSchemas.ALL) {
            DatabaseSchema schema = HandMadeSchemas.load(c, 5);
            FOUND.put(c, KeyAwareDetectionTest.detect(schema));
        }
    }

    @Test
    void shouldFindSynonymsWithPrecisionAtLeast09AndPrintTheScores() {
        DetectionScore score = new DetectionScore();
        FOUND.forEach((c, found) -> {
            score.add(c.truth(), found, Set.of());
            System.out.printf(
                    "%s: %s%n",
                    c.database(),
                    found.stream().map(a -> a.id() + " " + a.grounds()).toList());
        });
        int tp = 0;
        int fp = 0;
        int fn = 0;
        System.out.printf(
                "hand-made schemas (library, clinic, shop), minilm, paper thresholds%n  %-10s %4s %4s %4s %6s %6s %6s%n",
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
        assertThat(score.of(Ambiguity.Type.SYNONYM).truePositives()).isGreaterThanOrEqualTo(6);
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

    private static Ambiguity synonym(HandMadeSchemas.Case c, String columns) {
        return FOUND.get(c).stream()
                .filter(a -> a.id().equals("synonym:" + columns))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no synonym " + columns + " in " + FOUND.get(c)));
    }
}
