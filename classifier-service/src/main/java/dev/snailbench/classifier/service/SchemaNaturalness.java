package dev.snailbench.classifier.service;

import dev.snailbench.model.domain.NaturalnessLevel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * SNAILS' schema naturalness: the share of Regular, Low and Least identifiers (table and column names) and the
 * combined naturalness 1·Regular + 0.5·Low + 0·Least, per table (its own name plus its columns) and for the whole
 * schema (every table name and every column, each occurrence counted).
 */
public final class SchemaNaturalness {

    /** A schema to assess: tables with their column names (native names). */
    public record Schema(String database, List<Table> tables) {}

    public record Table(String name, List<String> columns) {}

    /** One identifier's label. */
    public record Labeled(String name, NaturalnessLevel label, Map<String, Double> probabilities) {}

    public record TableReport(
            String name,
            NaturalnessLevel label,
            int identifiers,
            Map<String, Double> shares,
            double combinedNaturalness,
            List<Labeled> columns) {}

    public record Report(
            String database,
            String modelVersion,
            int identifiers,
            Map<String, Double> shares,
            double combinedNaturalness,
            List<TableReport> tables) {}

    private SchemaNaturalness() {}

    /** Every distinct identifier of the schema, to classify once. */
    public static List<String> distinctIdentifiers(Schema schema) {
        LinkedHashSet<String> names = new LinkedHashSet<>();
        for (Table t : schema.tables()) {
            names.add(t.name());
            names.addAll(t.columns());
        }
        return new ArrayList<>(names);
    }

    public static Report report(Schema schema, List<Classification> classified, String modelVersion) {
        Map<String, Classification> byName = new HashMap<>();
        classified.forEach(c -> byName.put(c.identifier(), c));
        int[] schemaCounts = new int[3];
        List<TableReport> tables = new ArrayList<>(schema.tables().size());
        for (Table t : schema.tables()) {
            int[] counts = new int[3];
            Classification tableName = byName.get(t.name());
            count(counts, tableName.label());
            List<Labeled> columns = new ArrayList<>(t.columns().size());
            for (String column : t.columns()) {
                Classification c = byName.get(column);
                count(counts, c.label());
                columns.add(new Labeled(column, c.label(), c.probabilities()));
            }
            for (int i = 0; i < 3; i++) {
                schemaCounts[i] += counts[i];
            }
            tables.add(new TableReport(
                    t.name(), tableName.label(), total(counts), shares(counts), combined(counts), columns));
        }
        return new Report(
                schema.database(),
                modelVersion,
                total(schemaCounts),
                shares(schemaCounts),
                combined(schemaCounts),
                tables);
    }

    private static void count(int[] counts, NaturalnessLevel level) {
        switch (level) {
            case REGULAR -> counts[0]++;
            case LOW -> counts[1]++;
            case LEAST -> counts[2]++;
            case NATIVE -> throw new IllegalStateException("the classifier never answers Native");
        }
    }

    private static int total(int[] counts) {
        return counts[0] + counts[1] + counts[2];
    }

    private static Map<String, Double> shares(int[] counts) {
        double n = Math.max(1, total(counts));
        Map<String, Double> shares = new LinkedHashMap<>();
        shares.put(NaturalnessLevel.REGULAR.label(), counts[0] / n);
        shares.put(NaturalnessLevel.LOW.label(), counts[1] / n);
        shares.put(NaturalnessLevel.LEAST.label(), counts[2] / n);
        return shares;
    }

    private static double combined(int[] counts) {
        double n = Math.max(1, total(counts));
        return (counts[0] * NaturalnessLevel.REGULAR.weight()
                        + counts[1] * NaturalnessLevel.LOW.weight()
                        + counts[2] * NaturalnessLevel.LEAST.weight())
                / n;
    }
}
