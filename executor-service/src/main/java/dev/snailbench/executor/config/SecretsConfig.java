package dev.snailbench.executor.config;

import dev.snailbench.model.domain.SecretKeys;
import io.smallrye.config.ConfigMapping;

/** The key that opens sealed database passwords (shared with the generator, which seals them). */
@ConfigMapping(prefix = "snailbench.secrets")
public interface SecretsConfig extends SecretKeys {
}
