package dev.snailbench.generator.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.Map;
import java.util.Optional;

/**
 * Target databases the generator reads (schema and values for crosswalk builds and QATCH) and, only when an
 * admin account is configured, changes (natural views). Keys: {@code snailbench.targets.databases.<name>.*}.
 */
@ConfigMapping(prefix = "snailbench.targets")
public interface TargetDatabasesConfig {

    /** Named target databases. */
    Map<String, Target> databases();

    /** Seconds a statement on a target database may run before it is cancelled. */
    @WithDefault("60")
    int queryTimeoutSeconds();

    interface Target {

        /** JDBC URL ({@code jdbc:postgresql:...} or {@code jdbc:sqlserver:...}). */
        String jdbcUrl();

        /** {@code postgresql} or {@code sqlserver}. */
        @WithDefault("postgresql")
        String dialect();

        /** Account for reading (ideally one granted SELECT only); connections are also set read-only. */
        String user();

        /** Password of {@link #user()}. */
        String password();

        /** Account allowed to create the natural-view schema; without it views can be generated, not applied. */
        Optional<String> adminUser();

        /** Password of {@link #adminUser()}. */
        Optional<String> adminPassword();

        /** Size of the read-only connection pool. */
        @WithDefault("2")
        int poolSize();
    }
}
