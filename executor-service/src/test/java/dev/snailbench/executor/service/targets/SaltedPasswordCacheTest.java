package dev.snailbench.executor.service.targets;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.Security;
import java.util.Random;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import org.junit.jupiter.api.Test;

/** The SCRAM salted password derived once: the JDK's bytes every time, computed again only for other inputs. */
class SaltedPasswordCacheTest {

    private static final Random RANDOM = new Random(41);

    @Test
    void shouldDeriveTheSameBytesAsTheJdkWhetherComputedOrRemembered() throws Exception {
        SaltedPasswordCache cache = new SaltedPasswordCache(16);
        for (int i = 0; i < 20; i++) {
            PBEKeySpec spec = spec("pässwörd-" + RANDOM.nextInt(), salt(), 1 + RANDOM.nextInt(5000), 256);
            byte[] expected = jdk().generateSecret(spec).getEncoded();

            assertThat(cache.derive(spec, jdk()).getEncoded()).isEqualTo(expected);
            assertThat(cache.derive(spec, jdk()).getEncoded()).as("from memory").isEqualTo(expected);
        }
        assertThat(cache.computed()).isEqualTo(20);
        assertThat(cache.reused()).isEqualTo(20);
    }

    @Test
    void shouldComputeAgainWhenThePasswordSaltCountOrLengthDiffers() throws Exception {
        SaltedPasswordCache cache = new SaltedPasswordCache(16);
        byte[] salt = salt();
        PBEKeySpec base = spec("secret", salt, 4096, 256);
        byte[] first = cache.derive(base, jdk()).getEncoded();

        byte[] otherPassword = cache.derive(spec("secret!", salt, 4096, 256), jdk()).getEncoded();
        byte[] otherSalt = cache.derive(spec("secret", salt(), 4096, 256), jdk()).getEncoded();
        byte[] otherCount = cache.derive(spec("secret", salt, 4097, 256), jdk()).getEncoded();
        byte[] otherLength = cache.derive(spec("secret", salt, 4096, 512), jdk()).getEncoded();

        assertThat(cache.computed()).isEqualTo(5);
        assertThat(cache.reused()).isZero();
        assertThat(java.util.List.of(otherPassword, otherSalt, otherCount, otherLength))
                .allSatisfy(other -> assertThat(other).isNotEqualTo(first));
        assertThat(otherLength).hasSize(64);
    }

    @Test
    void shouldForgetTheLeastRecentlyUsedDerivationBeyondItsCapacity() throws Exception {
        SaltedPasswordCache cache = new SaltedPasswordCache(2);
        PBEKeySpec a = spec("a", salt(), 10, 256);
        PBEKeySpec b = spec("b", salt(), 10, 256);
        PBEKeySpec c = spec("c", salt(), 10, 256);
        cache.derive(a, jdk());
        cache.derive(b, jdk());
        cache.derive(a, jdk());
        cache.derive(c, jdk());

        assertThat(cache.remembers(a)).isTrue();
        assertThat(cache.remembers(b)).as("least recently used").isFalse();
        assertThat(cache.remembers(c)).isTrue();
    }

    @Test
    void shouldAnswerTheJvmsFactoryForTheAlgorithmOnceInstalled() throws Exception {
        SaltedPasswordCache.install();
        SaltedPasswordCache.install();
        PBEKeySpec spec = spec("installed-" + RANDOM.nextLong(), salt(), 4096, 256);

        SecretKeyFactory factory = SecretKeyFactory.getInstance(SaltedPasswordCache.ALGORITHM);

        assertThat(factory.getProvider().getName()).isEqualTo(SaltedPasswordCache.PROVIDER_NAME);
        assertThat(java.util.Arrays.stream(Security.getProviders())
                .filter(p -> p.getName().equals(SaltedPasswordCache.PROVIDER_NAME))).hasSize(1);
        assertThat(factory.generateSecret(spec).getEncoded()).isEqualTo(jdk().generateSecret(spec).getEncoded());
        assertThat(SaltedPasswordCache.shared().remembers(spec)).isTrue();
    }

    private static SecretKeyFactory jdk() throws Exception {
        return SecretKeyFactory.getInstance(SaltedPasswordCache.ALGORITHM, "SunJCE");
    }

    private static PBEKeySpec spec(String password, byte[] salt, int iterations, int bits) {
        return new PBEKeySpec(password.toCharArray(), salt, iterations, bits);
    }

    private static byte[] salt() {
        byte[] salt = new byte[16];
        RANDOM.nextBytes(salt);
        return salt;
    }
}
