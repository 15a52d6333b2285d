package dev.snailbench.generator.config;

import dev.snailbench.model.domain.SecretKeys;
import io.smallrye.config.ConfigMapping;

/** The key sealing database passwords before they leave this service (shared with the executor, which opens them). */
@ConfigMapping(prefix = "snailbench.secrets")
public interface SecretsConfig extends SecretKeys {}
