package dev.snailbench.model.domain;

/** A natural-language question with its gold SQL, written against the native schema. */
public record Question(String id, String question, String goldSql) {
}
