package dev.snailbench.executor.service.targets;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.Security;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.SecretKeyFactorySpi;
import javax.crypto.interfaces.PBEKey;
import javax.crypto.spec.PBEKeySpec;

/**
 * Derives each SCRAM salted password once. A SCRAM-SHA-256 login makes the client run PBKDF2-HMAC-SHA256 over the
 * server's salt and iteration count (4,096 by default), 10-27 ms of CPU per login on the services' client compiler
 * and a fifth of the executor's work in a team's first job, where every pool of a team's database opens its
 * connections (docs/BENCHMARKS.md, sessions 38 and 41). RFC 5802 (section 5.1) lets a client keep the salted
 * password for the salt and count the server advertised; the PostgreSQL driver does not, and takes the derivation
 * from the JCA's {@code PBKDF2WithHmacSHA256} factory, so this provider, first in the JVM's list, answers that
 * algorithm: a derivation it made before for the same password, salt, count and length is returned from memory,
 * any other is computed by the JDK's own factory. It is a pure function memoised, so every other user of the
 * algorithm gets the same bytes as before.
 *
 * <p>What is kept: a SHA-256 of the inputs (never the password) mapped to the derived key, at most {@link #ENTRIES}
 * of them, least recently used first out, so an entry can outlive its database's pools. The derived key logs in as
 * the password would; like the passwords the pools hold, it is kept in the executor's memory only, never written or
 * logged.
 */
public final class SaltedPasswordCache {

    public static final String ALGORITHM = "PBKDF2WithHmacSHA256";
    static final String PROVIDER_NAME = "SnailbenchSaltedPasswordCache";
    /** Logins of distinct passwords or salts remembered: far more than the team databases one executor serves. */
    static final int ENTRIES = 1024;

    private static final SaltedPasswordCache SHARED = new SaltedPasswordCache(ENTRIES);

    private final int capacity;
    private final Map<String, byte[]> derived;
    private final AtomicLong computed = new AtomicLong();
    private final AtomicLong reused = new AtomicLong();

    SaltedPasswordCache(int capacity) {
        this.capacity = capacity;
        this.derived = new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, byte[]> eldest) {
                return size() > SaltedPasswordCache.this.capacity;
            }
        };
    }

    /**
     * Puts the provider first in the JVM's list, once (later calls do nothing). One left by another class loader (an
     * application stopped in the same JVM, as tests do) is replaced, so that the running one's cache answers.
     */
    public static void install() {
        synchronized (Security.class) {
            Provider existing = Security.getProvider(PROVIDER_NAME);
            if (existing instanceof CachingProvider) {
                return;
            }
            if (existing != null) {
                Security.removeProvider(PROVIDER_NAME);
            }
            Security.insertProviderAt(new CachingProvider(SHARED), 1);
        }
    }

    /** The cache the installed provider answers from. */
    public static SaltedPasswordCache shared() {
        return SHARED;
    }

    /** Derivations computed (not found in memory). */
    public long computed() {
        return computed.get();
    }

    /** Derivations answered from memory. */
    public long reused() {
        return reused.get();
    }

    /** Whether a derivation for exactly these inputs is in memory. */
    public boolean remembers(PBEKeySpec spec) {
        String key = digest(spec);
        synchronized (derived) {
            return derived.containsKey(key);
        }
    }

    /** The key {@code jdk} derives for the spec, computed by it only when these inputs were not seen before. */
    SecretKey derive(PBEKeySpec spec, SecretKeyFactory jdk) throws InvalidKeySpecException {
        String key = digest(spec);
        byte[] known;
        synchronized (derived) {
            known = derived.get(key);
        }
        if (known != null) {
            reused.incrementAndGet();
            return new DerivedKey(spec, known);
        }
        SecretKey fresh = jdk.generateSecret(spec);
        computed.incrementAndGet();
        byte[] encoded = fresh.getEncoded();
        synchronized (derived) {
            derived.put(key, encoded.clone());
        }
        Arrays.fill(encoded, (byte) 0);
        return fresh;
    }

    private static final class CachingProvider extends Provider {

        CachingProvider(SaltedPasswordCache cache) {
            super(PROVIDER_NAME, "1.0", "PBKDF2WithHmacSHA256 with each derivation computed once");
            putService(new Service(this, "SecretKeyFactory", ALGORITHM, CachingFactory.class.getName(), null, null) {
                @Override
                public Object newInstance(Object constructorParameter) throws NoSuchAlgorithmException {
                    return new CachingFactory(cache, jdkFactory());
                }
            });
        }

        /** The first other provider's factory: the JDK's own (SunJCE) unless the JVM was configured otherwise. */
        private SecretKeyFactory jdkFactory() throws NoSuchAlgorithmException {
            for (Provider p : Security.getProviders("SecretKeyFactory." + ALGORITHM)) {
                if (p != this && !PROVIDER_NAME.equals(p.getName())) {
                    return SecretKeyFactory.getInstance(ALGORITHM, p);
                }
            }
            throw new NoSuchAlgorithmException("no provider other than " + PROVIDER_NAME + " offers " + ALGORITHM);
        }
    }

    private static final class CachingFactory extends SecretKeyFactorySpi {

        private final SaltedPasswordCache cache;
        private final SecretKeyFactory delegate;

        CachingFactory(SaltedPasswordCache cache, SecretKeyFactory delegate) {
            this.cache = cache;
            this.delegate = delegate;
        }

        @Override
        protected SecretKey engineGenerateSecret(KeySpec keySpec) throws InvalidKeySpecException {
            if (keySpec instanceof PBEKeySpec spec && spec.getSalt() != null && spec.getKeyLength() > 0) {
                return cache.derive(spec, delegate);
            }
            return delegate.generateSecret(keySpec);
        }

        @Override
        protected KeySpec engineGetKeySpec(SecretKey key, Class<?> keySpec) throws InvalidKeySpecException {
            return delegate.getKeySpec(key, keySpec);
        }

        @Override
        protected SecretKey engineTranslateKey(SecretKey key) throws InvalidKeyException {
            return delegate.translateKey(key);
        }
    }

    /** SHA-256 of every input of the derivation, each length-prefixed so that no two input sets share a digest. */
    static String digest(PBEKeySpec spec) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            char[] password = spec.getPassword();
            ByteBuffer passwordBytes = StandardCharsets.UTF_8.encode(CharBuffer.wrap(password));
            Arrays.fill(password, '\0');
            byte[] salt = spec.getSalt();
            sha.update(ByteBuffer.allocate(16).putInt(spec.getIterationCount()).putInt(spec.getKeyLength())
                    .putInt(passwordBytes.remaining()).putInt(salt.length).flip());
            sha.update(passwordBytes.duplicate());
            sha.update(salt);
            if (passwordBytes.hasArray()) {
                Arrays.fill(passwordBytes.array(), (byte) 0);
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /** The key the JDK's factory would return for the spec, with the derived bytes remembered. */
    private static final class DerivedKey implements PBEKey {
        private static final long serialVersionUID = 1L;
        private final char[] password;
        private final byte[] salt;
        private final int iterations;
        private final byte[] derived;

        DerivedKey(PBEKeySpec spec, byte[] derived) {
            this.password = spec.getPassword();
            this.salt = spec.getSalt();
            this.iterations = spec.getIterationCount();
            this.derived = derived.clone();
        }

        @Override
        public char[] getPassword() {
            return password.clone();
        }

        @Override
        public byte[] getSalt() {
            return salt.clone();
        }

        @Override
        public int getIterationCount() {
            return iterations;
        }

        @Override
        public String getAlgorithm() {
            return ALGORITHM;
        }

        @Override
        public String getFormat() {
            return "RAW";
        }

        @Override
        public byte[] getEncoded() {
            return derived.clone();
        }
    }
}
