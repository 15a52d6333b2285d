package dev.snailbench.llm;

import io.smallrye.mutiny.Uni;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Where {@link OpenAiClient#complete(String, ChatRequest, int, ResponseCache)} keeps answers: an identical call of
 * the same tenant is answered from here without contacting the model. The key includes the tenant, so a hit never
 * tells a tenant that another one asked the same prompt (nor hands it another tenant's answer).
 */
public interface ResponseCache {

    /**
     * Whether a call may be answered from the cache (and its answer kept there): when its caller says so
     * ({@code asked}), else only at temperature 0. A sampled answer is one draw of many: replaying it would make every
     * later run the same draw.
     */
    static boolean applies(ChatRequest request, Boolean asked) {
        return asked != null ? asked : request.temperature() == 0;
    }

    /** The stored answer under {@code key}, or null. */
    Uni<Completion> find(String key);

    /** Stores a fresh answer; a failure to store must not fail the call (implementations recover). */
    Uni<Void> store(String key, String tenantId, String backend, ChatRequest request, Completion completion);

    /** SHA-256 of (tenant, backend, api, model, temperature, max tokens, seed, prompt[, system]). */
    static String key(String tenantId, String backend, ChatRequest r) {
        String identity = String.join(
                "\u0000",
                tenantId,
                backend,
                r.api(),
                r.model(),
                Double.toString(r.temperature()),
                String.valueOf(r.maxTokens()),
                String.valueOf(r.seed()),
                r.prompt());
        if (r.system() != null) {
            identity += "\u0000" + r.system();
        }
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(identity.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
