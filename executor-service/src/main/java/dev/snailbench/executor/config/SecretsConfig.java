package dev.snailbench.executor.config;

import dev.snailbench.model.domain.SecretCipher;
import io.smallrye.config.ConfigMapping;
import java.util.List;
import java.util.Optional;

/** The key that opens sealed database passwords (shared with the generator, which seals them). */
@ConfigMapping(prefix = "snailbench.secrets")
public interface SecretsConfig {

    /** AES-256-GCM key, base64 of 32 bytes; never logged. */
    String key();

    /** Keys rotated out, comma-separated: they still open secrets they sealed, and never seal new ones. */
    Optional<List<String>> previousKeys();

    default SecretCipher cipher() {
        return new SecretCipher(key(), previousKeys().orElse(List.of()));
    }
}
