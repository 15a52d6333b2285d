package dev.snailbench.executor.service;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.executor.model.RegisteredDatabase;
import dev.snailbench.executor.repository.RegisteredDatabaseRepository;
import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.domain.SecretCipher;
import dev.snailbench.model.domain.SqlDialect;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.util.Map;
import java.util.UUID;

/** Turns a work item's {@link DatabaseRef} (inline and sealed, or a registered database id) into a {@link Target}. */
@ApplicationScoped
public class TargetResolver {

    private static final TypeReference<Map<String, String>> OPTIONS = new TypeReference<>() {
    };

    private final RegisteredDatabaseRepository databases;
    private final SecretCipher cipher;
    private final ObjectMapper mapper;

    public TargetResolver(RegisteredDatabaseRepository databases, SecretCipher cipher, ObjectMapper mapper) {
        this.databases = databases;
        this.cipher = cipher;
        this.mapper = mapper;
    }

    /** Fails with {@link IllegalArgumentException} saying what is wrong with the reference. Call on the Vert.x context. */
    public Uni<Target> resolve(String tenantId, DatabaseRef ref) {
        if (ref == null) {
            return Uni.createFrom().failure(new IllegalArgumentException("the work item names no database"));
        }
        if (ref.databaseId() != null && !ref.databaseId().isBlank()) {
            UUID id;
            try {
                id = UUID.fromString(ref.databaseId().trim());
            } catch (IllegalArgumentException e) {
                return Uni.createFrom().failure(new IllegalArgumentException("databaseId '" + ref.databaseId()
                        + "' is not a registered database id (a UUID)"));
            }
            return Panache.withSession(() -> databases.findOwned(id, tenantId)).map(db -> {
                if (db == null) {
                    throw new IllegalArgumentException("database " + id + " is not registered for tenant " + tenantId);
                }
                return fromRegistered(db);
            });
        }
        return Uni.createFrom().item(() -> inline(tenantId, ref));
    }

    public Target fromRegistered(RegisteredDatabase db) {
        return new Target(db.tenantId, db.kind, db.jdbcUrl, db.username, cipher.open(db.sealedPassword),
                options(db.optionsJson));
    }

    private Target inline(String tenantId, DatabaseRef ref) {
        if (ref.kind() == null) {
            throw new IllegalArgumentException("database.kind is missing (postgresql or sqlserver)");
        }
        String problem = JdbcUrls.problem(ref.kind(), ref.jdbcUrl());
        if (problem != null) {
            throw new IllegalArgumentException("database.jdbcUrl " + problem);
        }
        String password;
        try {
            password = cipher.open(ref.sealedPassword());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("database.sealedPassword " + e.getMessage());
        }
        return new Target(tenantId, ref.kind(), ref.jdbcUrl(), ref.user(), password, Map.of());
    }

    /** The driver properties stored as JSON. */
    public Map<String, String> options(String json) {
        if (json == null || json.isBlank()) {
            return Map.of();
        }
        try {
            return mapper.readValue(json, OPTIONS);
        } catch (IOException e) {
            throw new IllegalStateException("stored options are not valid JSON", e);
        }
    }

    /** Validation of JDBC URLs shared by the registry and inline references. */
    public static final class JdbcUrls {

        private JdbcUrls() {
        }

        /**
         * Driver properties that load classes or write files named by the caller (known JDBC attack paths): a
         * tenant's URL or options must not set them.
         */
        private static final java.util.List<String> DANGEROUS_PROPERTIES = java.util.List.of("socketfactory",
                "sslfactory", "sslhostnameverifier", "sslpasswordcallback", "authenticationpluginclassname",
                "loggerfile", "loggerlevel", "trustmanagerclass", "trustmanagerconstructorarg",
                "accesstokencallbackclass", "keystoreauthentication", "clientcertificate");

        /** Null when the URL suits the dialect, else what is wrong. */
        public static String problem(SqlDialect kind, String url) {
            if (url == null || url.isBlank()) {
                return "is missing";
            }
            String prefix = kind == SqlDialect.POSTGRESQL ? "jdbc:postgresql://" : "jdbc:sqlserver://";
            if (!url.startsWith(prefix)) {
                return "must start with " + prefix + " for a " + kind.displayName() + " database";
            }
            String dangerous = dangerousProperty(url);
            return dangerous == null ? null : "must not set the driver property " + dangerous;
        }

        /** The first dangerous driver property named in {@code text}, or null. */
        public static String dangerousProperty(String text) {
            String lower = text.toLowerCase(java.util.Locale.ROOT);
            return DANGEROUS_PROPERTIES.stream().filter(lower::contains).findFirst().orElse(null);
        }
    }
}
