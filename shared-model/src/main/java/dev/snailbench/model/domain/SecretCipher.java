package dev.snailbench.model.domain;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * AES-256-GCM sealing of database passwords, so that they are encrypted at rest and on Kafka. The sealed
 * form is base64 of {@code iv (12 bytes) || ciphertext || tag}.
 *
 * <p>The key can be rotated: new secrets are sealed with the current key, and secrets sealed with a previous key
 * still open (GCM's tag tells which key fits, so no key id is stored).
 *
 * <p>A secret is bound to its record with GCM's associated data ({@link #seal(String, String)}): a registered
 * database's password with {@code database:<id>:password}, an inline job password with {@code inline:<tenant>}
 * ({@link #inlineBinding}). Opening with other associated data fails, so a sealed value copied into another
 * record, another tenant's job or another field does not open. The forms without associated data remain for
 * secrets sealed before binding existed (the executor re-seals those at startup, {@code SecretReseal}).
 */
public final class SecretCipher {

    private static final int IV_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SecretKeySpec key;
    private final List<SecretKeySpec> previous;

    /** @param base64Key 32 random bytes, base64-encoded (for example {@code openssl rand -base64 32}). */
    public SecretCipher(String base64Key) {
        this(base64Key, List.of());
    }

    /**
     * @param base64Key          the key that seals from now on
     * @param previousBase64Keys keys that sealed older secrets: they still open them, and never seal
     */
    public SecretCipher(String base64Key, List<String> previousBase64Keys) {
        this.key = spec(base64Key);
        this.previous = previousBase64Keys.stream().map(SecretCipher::spec).toList();
    }

    private static SecretKeySpec spec(String base64Key) {
        byte[] raw;
        try {
            raw = Base64.getDecoder().decode(base64Key.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the secrets key is not valid base64", e);
        }
        if (raw.length != 32) {
            throw new IllegalArgumentException(
                    "the secrets key must be 32 bytes (base64 of 32 random bytes), got " + raw.length);
        }
        return new SecretKeySpec(raw, "AES");
    }

    /** The associated data of a password given inline in a job by {@code tenantId} (generator seals, executor opens). */
    public static String inlineBinding(String tenantId) {
        return "inline:" + tenantId;
    }

    /** Seals without binding: only for values that belong to no record (tests, legacy). */
    public String seal(String plaintext) {
        return seal(plaintext, null);
    }

    /**
     * Seals {@code plaintext} bound to {@code associatedData} (GCM AAD): it opens only with the same associated data.
     */
    public String seal(String plaintext, String associatedData) {
        if (plaintext == null) {
            return null;
        }
        try {
            byte[] iv = new byte[IV_BYTES];
            RANDOM.nextBytes(iv);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, iv));
            if (associatedData != null) {
                cipher.updateAAD(associatedData.getBytes(StandardCharsets.UTF_8));
            }
            byte[] sealed = cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder()
                    .encodeToString(ByteBuffer.allocate(iv.length + sealed.length)
                            .put(iv)
                            .put(sealed)
                            .array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot seal secret", e);
        }
    }

    /** Opens a value sealed without binding. @throws IllegalArgumentException as {@link #open(String, String)}. */
    public String open(String sealed) {
        return open(sealed, null);
    }

    /**
     * @throws IllegalArgumentException when the value was sealed with none of the keys, for other associated data,
     *                                  or was altered
     */
    public String open(String sealed, String associatedData) {
        if (sealed == null) {
            return null;
        }
        byte[] all;
        try {
            all = Base64.getDecoder().decode(sealed);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("sealed secret is not base64");
        }
        String opened = open(all, key, associatedData);
        for (int i = 0; opened == null && i < previous.size(); i++) {
            opened = open(all, previous.get(i), associatedData);
        }
        if (opened == null) {
            throw new IllegalArgumentException("sealed secret cannot be opened with the current or a previous key "
                    + "(wrong key, sealed for another record, or altered)");
        }
        return opened;
    }

    /** Whether the value was sealed without binding with the current key (false: re-seal it when convenient). */
    public boolean sealedWithCurrentKey(String sealed) {
        return sealedWithCurrentKey(sealed, null);
    }

    /** Whether the value was sealed with the current key for {@code associatedData} (false: re-seal it). */
    public boolean sealedWithCurrentKey(String sealed, String associatedData) {
        try {
            return sealed == null || open(Base64.getDecoder().decode(sealed), key, associatedData) != null;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static String open(byte[] all, SecretKeySpec candidate, String associatedData) {
        if (all.length < IV_BYTES) {
            return null;
        }
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, candidate, new GCMParameterSpec(TAG_BITS, all, 0, IV_BYTES));
            if (associatedData != null) {
                cipher.updateAAD(associatedData.getBytes(StandardCharsets.UTF_8));
            }
            return new String(cipher.doFinal(all, IV_BYTES, all.length - IV_BYTES), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            return null;
        }
    }
}
