package dev.snailbench.inference.prompt;

/**
 * A deliberately simple prompt-token estimate: one token per four characters, rounded up (GPT-style BPE
 * averages 3.5–4.5 characters per token on English and SQL). Used for budgets and rate buckets; the exact
 * counts the API reports are what gets recorded.
 */
public final class TokenEstimate {

    private TokenEstimate() {}

    public static int of(String text) {
        return (text.length() + 3) / 4;
    }
}
