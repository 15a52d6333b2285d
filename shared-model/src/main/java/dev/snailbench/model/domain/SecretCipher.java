package dev.snailbench.model.domain;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * AES-256-GCM sealing of database passwords, so that they are encrypted at rest and on Kafka. The sealed
 * form is base64 of {@code iv (12 bytes) || ciphertext || tag}.
 */
public final class SecretCipher {

    private static final int IV_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SecretKeySpec key;

    /** @param base64Key 32 random bytes, base64-encoded (for example {@code openssl rand -base64 32}). */
    public SecretCipher(String base64Key) {
        byte[] raw;
        try {
            raw = Base64.getDecoder().decode(base64Key.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the secrets key is not valid base64", e);
        }
        if (raw.length != 32) {
            throw new IllegalArgumentException("the secrets key must be 32 bytes (base64 of 32 random bytes), got "
                    + raw.length);
        }
        this.key = new SecretKeySpec(raw, "AES");
    }

    public String seal(String plaintext) {
        if (plaintext == null) {
            return null;
        }
        try {
            byte[] iv = new byte[IV_BYTES];
            RANDOM.nextBytes(iv);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, iv));
            byte[] sealed = cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(ByteBuffer.allocate(iv.length + sealed.length).put(iv)
                    .put(sealed).array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot seal secret", e);
        }
    }

    /** @throws IllegalArgumentException when the value was sealed with another key or was altered. */
    public String open(String sealed) {
        if (sealed == null) {
            return null;
        }
        try {
            byte[] all = Base64.getDecoder().decode(sealed);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, all, 0, IV_BYTES));
            return new String(cipher.doFinal(all, IV_BYTES, all.length - IV_BYTES), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalArgumentException("sealed secret cannot be opened with this key (wrong key or altered)");
        }
    }
}
