package dev.snailbench.executor.config;

import dev.snailbench.model.domain.SecretKeys;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The key that opens sealed database passwords (shared with the generator, which seals them). */
@ConfigMapping(prefix = "snailbench.secrets")
public interface SecretsConfig extends SecretKeys {

    /**
     * Whether startup brings every registration up to today's rules ({@code SecretReseal}, one transaction); off only
     * where no database is reached (the in-memory test tier).
     */
    @WithDefault("true")
    boolean resealAtStart();
}
