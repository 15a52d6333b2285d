package dev.snailbench.inference.prompt;

import java.util.List;

/** A prompt as sent to the model, its token estimate, and which tables (native names) its schema shows. */
public record Prompt(String text, int estimatedTokens, List<String> tables, boolean subset) {}
