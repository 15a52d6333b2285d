package dev.snailbench.generator.config;

import io.smallrye.config.ConfigMapping;

/** Secrets shared with the executor. */
@ConfigMapping(prefix = "snailbench.secrets")
public interface SecretsConfig {

    /** AES-256-GCM key (base64 of 32 bytes) sealing database passwords before they leave this service. */
    String key();
}
