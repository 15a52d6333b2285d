package dev.snailbench.workbench.refiner;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * One ambiguity found (or injected): its type, the columns involved (two for homonyms and synonyms, one for an
 * irregular name), the similarity score that decided it, the evidence a person can check and, for a synonym, the
 * kinds of evidence it rests on ({@code grounds}).
 */
public record Ambiguity(Type type, List<ColumnRef> columns, double sss, String evidence, List<Ground> grounds) {

    public enum Type {
        HOMONYM,
        SYNONYM,
        IRREGULAR;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** What a synonym finding rests on. */
    public enum Ground {
        /** A foreign key and the key it references whose names say nothing but that key's entity and key words. */
        KEY_NAMES,
        /** Two keys whose descriptions identify the same entity, each name saying only that entity and key words. */
        SAME_ENTITY,
        /** A declared foreign key from one column to the other. */
        FOREIGN_KEY,
        /** Every sample value of one column is among the sample values of the other, a primary key (undeclared). */
        VALUE_INCLUSION,
        /** The two columns share sample values of the same family. */
        SHARED_VALUES,
        /** The names (split into words, read through the thesaurus) are similar in the embedding space. */
        NAME_SIMILARITY
    }

    public Ambiguity {
        columns = columns.stream().sorted().toList();
        grounds = grounds == null ? List.of() : List.copyOf(grounds);
    }

    public Ambiguity(Type type, List<ColumnRef> columns, double sss, String evidence) {
        this(type, columns, sss, evidence, List.of());
    }

    /** Type and columns: what two findings must share to be the same finding. */
    public String id() {
        return type.label() + ":" + columns.stream().map(ColumnRef::key).collect(Collectors.joining("|"));
    }
}
