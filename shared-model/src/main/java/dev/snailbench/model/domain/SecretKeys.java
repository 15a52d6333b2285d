package dev.snailbench.model.domain;

import java.util.List;
import java.util.Optional;

/**
 * The keys of {@link SecretCipher} as configured ({@code snailbench.secrets.key}, {@code .previous-keys}): the
 * generator seals database passwords with them, the executor opens them, so both read the same properties. Each
 * maps them with {@code @ConfigMapping(prefix = "snailbench.secrets")} on an interface extending this one: a mapping
 * in this jar would be registered in all five services through its index, and demand a key of the three that have
 * no secrets.
 */
public interface SecretKeys {

    /** AES-256-GCM key, base64 of 32 bytes: seals new secrets and opens them; never logged. */
    String key();

    /** Keys rotated out, comma-separated: they still open secrets they sealed, and never seal new ones. */
    Optional<List<String>> previousKeys();

    default SecretCipher cipher() {
        return new SecretCipher(key(), previousKeys().orElse(List.of()));
    }
}
