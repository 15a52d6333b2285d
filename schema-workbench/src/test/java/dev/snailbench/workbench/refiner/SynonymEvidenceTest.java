package dev.snailbench.workbench.refiner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.ResultColumn.ValueType;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Value evidence on bounded samples: hash-ordered samples (the executor's for the refiner) are coordinated, so a
 * reference whose values are not the key's smallest is still seen, coverage and overlap are measured on the range
 * both samples hold whole; the first values in order are compared as they stand.
 */
class SynonymEvidenceTest {

    private static final int K = 20;

    /** The {@code k} values of lowest md5, in that order, as the executor returns them. */
    private static String[] hashed(List<String> values) {
        return values.stream()
                .sorted(Comparator.comparing(SynonymEvidence::md5))
                .limit(K)
                .toArray(String[]::new);
    }

    /** The first {@code k} values in numeric order. */
    private static String[] first(List<String> values) {
        return values.stream()
                .sorted(Comparator.comparingInt(Integer::parseInt))
                .limit(K)
                .toArray(String[]::new);
    }

    private static List<String> range(int from, int to) {
        return IntStream.rangeClosed(from, to).mapToObj(Integer::toString).toList();
    }

    private static SchemaGraph graph(String[] key, String[] guest, String[] other) {
        return SchemaGraph.of(Schemas.of(
                Schemas.table(
                        "member", List.of("member_id"), List.of(), Schemas.col("member_id", ValueType.NUMBER, key)),
                Schemas.plain(
                        "visit",
                        Schemas.col("guest_no", ValueType.NUMBER, guest),
                        Schemas.col("tally", ValueType.NUMBER, other))));
    }

    @Test
    void shouldSeeAReferenceWhoseValuesAreNotTheKeysSmallestOnHashedSamples() {
        List<String> keys = range(1001, 1200);
        List<String> guests = range(1031, 1180); // every member but the 30 smallest and the 20 largest
        List<String> others = range(1150, 1400); // half of them outside the key
        SchemaGraph g = graph(hashed(keys), hashed(guests), hashed(others));
        SynonymEvidence e = SynonymEvidence.of(g);
        SchemaGraph.ColumnNode key = g.column("member.member_id");
        SynonymEvidence.Reference r = e.reference(g.column("visit.guest_no"), key);
        assertThat(r).isNotNull();
        assertThat(r.declared()).isFalse();
        // 150 of 200 keys: measured on the range both samples hold whole, not on the 20 values each holds
        assertThat(e.coverage(r)).isBetween(0.5, 1.0);
        assertThat(e.reference(g.column("visit.tally"), key)).isNull();
    }

    @Test
    void shouldMissTheSameReferenceOnTheFirstValuesInOrder() {
        SchemaGraph g = graph(first(range(1001, 1200)), first(range(1031, 1180)), first(range(1150, 1400)));
        SynonymEvidence e = SynonymEvidence.of(g);
        // the guests' 20 smallest are not among the members' 20 smallest: what a cut sample cannot see
        assertThat(e.reference(g.column("visit.guest_no"), g.column("member.member_id")))
                .isNull();
    }

    @Test
    void shouldCountSharedValuesOnlyWhenMostOfTheSmallerColumnIsShared() {
        String[] towns = {"Bergen", "Oslo", "Trondheim", "Tromso", "Alta"};
        SchemaGraph g = SchemaGraph.of(Schemas.of(
                Schemas.table("branch", List.of(), List.of(), Schemas.col("municipality", ValueType.TEXT, towns)),
                Schemas.plain(
                        "member",
                        Schemas.col("hometown", ValueType.TEXT, "Bergen", "Oslo", "Trondheim", "Voss"),
                        Schemas.col(
                                "birthplace", ValueType.TEXT, "Oslo", "Alta", "Kalundborg", "Vaga", "Sunne", "Rauma")),
                // the sample's bound: a column as large as a sample may be
                Schemas.plain("visit", Schemas.col("visit_id", ValueType.NUMBER, hashed(range(1, 20))))));
        SynonymEvidence e = SynonymEvidence.of(g);
        assertThat(e.sharedValues(g.column("branch.municipality"), g.column("member.hometown")))
                .isEqualTo(3);
        // two towns in common by accident: 2 of the smaller column's 5 values
        assertThat(e.sharedValues(g.column("branch.municipality"), g.column("member.birthplace")))
                .isZero();
    }

    @Test
    void shouldTellOneSetOfThingsByEveryValueOfOneColumnAmongTheOthers() {
        SchemaGraph g = SchemaGraph.of(Schemas.of(
                Schemas.keyed(
                        "maker",
                        "maker_id",
                        Schemas.col("maker_id", ValueType.NUMBER, "1", "2", "3", "4"),
                        Schemas.col("firm", ValueType.TEXT, "Alder Works", "Birch & Co", "Cedar Ltd", "Dogwood AS"),
                        // the executor's bound is the largest sample (six): the columns with fewer are whole
                        Schemas.col("founded", ValueType.NUMBER, "1901", "1923", "1948", "1960", "1977", "1999")),
                Schemas.plain(
                        "item",
                        Schemas.col("brand", ValueType.TEXT, "Alder Works", "Cedar Ltd", "Dogwood AS"),
                        Schemas.col("origin", ValueType.TEXT, "Alder Works", "Cedar Ltd", "Elm Group"),
                        Schemas.col("grade", ValueType.TEXT, "A", "B", "C"))));
        SynonymEvidence e = SynonymEvidence.of(g);

        assertThat(e.subset(g.column("item.brand"), g.column("maker.firm"))).isTrue();
        assertThat(e.subset(g.column("maker.firm"), g.column("item.brand"))).isTrue();
        // two of three shared: overlap, not one set
        assertThat(e.subset(g.column("item.origin"), g.column("maker.firm"))).isFalse();
        // numbers and codes shorter than three characters are not things named
        assertThat(e.subset(g.column("item.grade"), g.column("maker.firm"))).isFalse();
    }

    @Test
    void shouldTellOneQuantityByOverlappingRangesAndMediansWithinAFactorOfTwo() {
        SchemaGraph g = SchemaGraph.of(Schemas.of(
                Schemas.plain(
                        "crew",
                        Schemas.col("pay", ValueType.NUMBER, "3100", "3600", "4200", "4800"),
                        Schemas.col("berths", ValueType.NUMBER, "2", "4", "6"),
                        Schemas.col("on_board", ValueType.BOOLEAN, "true", "false", "true")),
                Schemas.plain(
                        "officer",
                        Schemas.col("earnings", ValueType.NUMBER, "4500", "5200", "6900"),
                        Schemas.col("bonus", ValueType.NUMBER, "300", "450", "800"),
                        Schemas.col("cabins", ValueType.NUMBER, "1", "2", "3", "40"))));

        assertThat(SynonymEvidence.similarValues(g.column("crew.pay"), g.column("officer.earnings")))
                .isTrue();
        // another scale: ranges apart
        assertThat(SynonymEvidence.similarValues(g.column("crew.pay"), g.column("officer.bonus")))
                .isFalse();
        // ranges overlap and the medians (4 and 3) are within a factor of two, however far one value lies
        assertThat(SynonymEvidence.similarValues(g.column("crew.berths"), g.column("officer.cabins")))
                .isTrue();
        assertThat(SynonymEvidence.similarValues(g.column("crew.pay"), g.column("officer.cabins")))
                .isFalse();
        // too few values, or not numbers
        assertThat(SynonymEvidence.similarValues(g.column("crew.on_board"), g.column("officer.cabins")))
                .isFalse();
    }
}
