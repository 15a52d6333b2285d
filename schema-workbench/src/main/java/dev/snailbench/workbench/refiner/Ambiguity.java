package dev.snailbench.workbench.refiner;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * One ambiguity found (or injected): its type, the columns involved (two for homonyms and synonyms, one for an
 * irregular name), the similarity score that decided it and the evidence a person can check.
 */
public record Ambiguity(Type type, List<ColumnRef> columns, double sss, String evidence) {

    public enum Type {
        HOMONYM, SYNONYM, IRREGULAR;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public Ambiguity {
        columns = columns.stream().sorted().toList();
    }

    /** Type and columns: what two findings must share to be the same finding. */
    public String id() {
        return type.label() + ":" + columns.stream().map(ColumnRef::key).collect(Collectors.joining("|"));
    }
}
