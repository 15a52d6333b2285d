package dev.snailbench.model.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Sealing database passwords, and rotating the key that seals them. */
class SecretCipherTest {

    private static final String OLD = newKey();
    private static final String NEW = newKey();

    @Test
    void shouldOpenWhatItSealedAndNeverSealTwiceTheSameWay() {
        SecretCipher cipher = new SecretCipher(OLD);

        String a = cipher.seal("s3cret");
        String b = cipher.seal("s3cret");

        assertThat(a).isNotEqualTo(b).doesNotContain("s3cret");
        assertThat(cipher.open(a)).isEqualTo("s3cret");
        assertThat(cipher.open(b)).isEqualTo("s3cret");
    }

    @Test
    void shouldStillOpenSecretsSealedBeforeARotationAndSealNewOnesWithTheNewKey() {
        String sealedBefore = new SecretCipher(OLD).seal("registered last year");
        SecretCipher rotated = new SecretCipher(NEW, List.of(OLD));

        String sealedAfter = rotated.seal("registered today");

        assertThat(rotated.open(sealedBefore)).isEqualTo("registered last year");
        assertThat(rotated.sealedWithCurrentKey(sealedBefore)).isFalse();
        assertThat(rotated.sealedWithCurrentKey(sealedAfter)).isTrue();
        // The new key alone opens what was sealed after the rotation: the old key can be retired later.
        assertThat(new SecretCipher(NEW).open(sealedAfter)).isEqualTo("registered today");
        assertThatThrownBy(() -> new SecretCipher(OLD).open(sealedAfter)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldRefuseASecretSealedWithAnUnknownKeyOrAltered() {
        String sealed = new SecretCipher(OLD).seal("s3cret");
        byte[] altered = Base64.getDecoder().decode(sealed);
        altered[altered.length - 1] ^= 1;

        assertThatThrownBy(() -> new SecretCipher(NEW).open(sealed))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("current or a previous key");
        assertThatThrownBy(() -> new SecretCipher(OLD).open(Base64.getEncoder().encodeToString(altered)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SecretCipher(OLD).open("not base64 !"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not base64");
    }

    @Test
    void shouldOpenABoundSecretOnlyForItsOwnRecord() {
        SecretCipher cipher = new SecretCipher(NEW, List.of(OLD));
        String bound = cipher.seal("team-secret", "database:1111:password");

        assertThat(cipher.open(bound, "database:1111:password")).isEqualTo("team-secret");
        assertThat(cipher.sealedWithCurrentKey(bound, "database:1111:password")).isTrue();
        // Copied into another record, another field, another tenant's inline reference, or opened unbound: refused.
        for (String other : new String[] {
            "database:2222:password", "database:1111:admin-password", SecretCipher.inlineBinding("tenant-b")
        }) {
            assertThatThrownBy(() -> cipher.open(bound, other))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("sealed for another record");
        }
        assertThatThrownBy(() -> cipher.open(bound)).isInstanceOf(IllegalArgumentException.class);
        // Sealed before binding existed: opens only unbound (the executor re-seals such values at startup).
        String legacy = new SecretCipher(OLD).seal("old");
        assertThatThrownBy(() -> cipher.open(legacy, "database:1111:password"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(cipher.open(legacy)).isEqualTo("old");
    }

    @Test
    void shouldRefuseAKeyOfTheWrongSize() {
        assertThatThrownBy(
                        () -> new SecretCipher(NEW, List.of(Base64.getEncoder().encodeToString(new byte[16]))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("32 bytes");
    }

    private static String newKey() {
        byte[] raw = new byte[32];
        new SecureRandom().nextBytes(raw);
        return Base64.getEncoder().encodeToString(raw);
    }
}
