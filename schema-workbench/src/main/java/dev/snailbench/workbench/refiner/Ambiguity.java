package dev.snailbench.workbench.refiner;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * One ambiguity found (or injected): its type, the columns involved (two for homonyms and synonyms, one for an
 * irregular name), the similarity score that decided it, the evidence a person can check and the kinds of
 * evidence it rests on ({@code grounds}).
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

    /** What a finding rests on. */
    public enum Ground {
        /** Homonym: the two columns hold values of different families (text, number, time). */
        VALUE_FAMILIES,
        /**
         * Homonym: the sample values are of different kinds ({@link ValueKinds}: e-mail, code and its length, proper
         * names and their word count, lower-case words, a number's scale); values of one kind make no homonym.
         */
        VALUE_KINDS,
        /** Homonym: no values to read (too few samples), the columns' descriptions are dissimilar. */
        DESCRIPTIONS,
        /** Irregular: a generic placeholder name ({@code col1}, {@code misc}). */
        PLACEHOLDER,
        /** Irregular: the name is far, in the embedding space, from the canonical name it reads as. */
        NAME_FAR_FROM_MEANING,
        /** Irregular candidate only: a name of English words and standard terms, never irregular. */
        ENGLISH_WORDS,
        /** A foreign key and the key it references whose names say nothing but that key's entity and key words. */
        KEY_NAMES,
        /** Two keys whose descriptions identify the same entity, each name saying only that entity and key words. */
        SAME_ENTITY,
        /** A declared foreign key from one column to the other. */
        FOREIGN_KEY,
        /** Every sample value of one column is among the sample values of the other, a primary key (undeclared). */
        VALUE_INCLUSION,
        /**
         * A reference named by one other noun, its table's only such reference to that table, whose values cover at
         * least half of the key's ({@link SynonymEvidence#coverage}): it ranges over the key's entity, as a role a
         * few rows play does not.
         */
        VALUE_COVERAGE,
        /**
         * Every sample value (three or more, text) of one column is among the other's, on the range both samples
         * hold whole, neither a key: one set of things (a product's {@code vendor} among the suppliers'
         * {@code company}).
         */
        VALUE_SUBSET,
        /**
         * Two numeric columns, neither a key, whose sample values overlap in range and whose medians are within a
         * factor of two: one quantity ({@code wage} / {@code salary}).
         */
        SIMILAR_VALUES,
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
