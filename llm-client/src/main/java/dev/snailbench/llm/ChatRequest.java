package dev.snailbench.llm;

/**
 * Everything that determines a model's answer (the cache key is derived from exactly these fields).
 *
 * @param api {@code chat} or {@code completions} (legacy: the system message is not sent)
 * @param system system message, or null for none
 * @param prompt the user message (or the legacy prompt)
 * @param maxTokens completion token limit, or null to send none
 * @param seed sampling seed, or null to send none
 */
public record ChatRequest(
        String api, String model, String system, String prompt, double temperature, Integer maxTokens, Long seed) {

    public static final String CHAT = "chat";
    public static final String COMPLETIONS = "completions";

    /** A chat request with a system and a user message and no token limit or seed. */
    public static ChatRequest chat(String model, double temperature, String system, String user) {
        return new ChatRequest(CHAT, model, system, user, temperature, null, null);
    }

    public boolean legacy() {
        return COMPLETIONS.equals(api);
    }
}
