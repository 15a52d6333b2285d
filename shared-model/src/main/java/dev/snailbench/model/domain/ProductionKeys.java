package dev.snailbench.model.domain;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The keys a service may not run in production with: every key written in this repository (the dev and test
 * profiles' secrets keys, the dev and test admin keys) is known to anyone who reads it. The generator and the executor
 * check their keys at start-up in the prod profile and refuse to start, naming the setting and how to make a key.
 */
public final class ProductionKeys {

    /** Secrets keys written in this repository (application.properties' dev and test profiles, test fixtures). */
    public static final Set<String> PUBLISHED_SECRETS_KEYS =
            Set.of("AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=", "ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8=");

    /** Admin keys written in this repository (the generator's dev and test profiles). */
    public static final Set<String> PUBLISHED_ADMIN_KEYS = Set.of("dev-admin-key", "test-admin-key");

    /** The shortest admin key accepted in production (what {@code openssl rand -base64 15} prints). */
    public static final int MIN_ADMIN_KEY_LENGTH = 20;

    private ProductionKeys() {}

    /** What is wrong with the secrets keys for production; empty when nothing is. */
    public static List<String> secretsProblems(SecretKeys keys) {
        List<String> problems = new ArrayList<>();
        if (PUBLISHED_SECRETS_KEYS.contains(keys.key().strip())) {
            problems.add("snailbench.secrets.key (SNAILBENCH_SECRETS_KEY) is the public dev/test key written in the "
                    + "repository: set a key of your own (openssl rand -base64 32)");
        }
        for (String previous : keys.previousKeys().orElse(List.of())) {
            if (PUBLISHED_SECRETS_KEYS.contains(previous.strip())) {
                problems.add("snailbench.secrets.previous-keys (SNAILBENCH_SECRETS_PREVIOUS_KEYS) holds a public "
                        + "dev/test key written in the repository: remove it (what it sealed is not secret)");
            }
        }
        return problems;
    }

    /** What is wrong with the admin key for production; empty when nothing is. */
    public static List<String> adminKeyProblems(String adminKey) {
        String key = adminKey == null ? "" : adminKey.strip();
        if (PUBLISHED_ADMIN_KEYS.contains(key)) {
            return List.of("snailbench.tenants.admin-key (SNAILBENCH_ADMIN_KEY) is the dev/test key written in the "
                    + "repository: set a key of your own (openssl rand -base64 24)");
        }
        if (key.length() < MIN_ADMIN_KEY_LENGTH) {
            return List.of("snailbench.tenants.admin-key (SNAILBENCH_ADMIN_KEY) has " + key.length()
                    + " characters; at least " + MIN_ADMIN_KEY_LENGTH + " are required (openssl rand -base64 24)");
        }
        return List.of();
    }

    /** @throws IllegalStateException listing the problems, when there are any */
    public static void refuseToStart(String service, List<String> problems) {
        if (!problems.isEmpty()) {
            throw new IllegalStateException(
                    service + " does not start in the prod profile: " + String.join("; ", problems));
        }
    }
}
