package dev.snailbench.generator.config;

import io.smallrye.config.ConfigMapping;

/** Tenant administration. */
@ConfigMapping(prefix = "snailbench.tenants")
public interface TenantsConfig {

    /** The key an operator sends in {@code X-Admin-Key} to create tenants. */
    String adminKey();
}
