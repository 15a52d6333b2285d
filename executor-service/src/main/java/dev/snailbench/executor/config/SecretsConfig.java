package dev.snailbench.executor.config;

import io.smallrye.config.ConfigMapping;

/** The key that opens sealed database passwords (shared with the generator, which seals them). */
@ConfigMapping(prefix = "snailbench.secrets")
public interface SecretsConfig {

    /** AES-256-GCM key, base64 of 32 bytes; never logged. */
    String key();
}
