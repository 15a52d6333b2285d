package dev.snailbench.executor.service;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.executor.repository.RegisteredDatabase;
import dev.snailbench.executor.repository.RegisteredDatabaseRepository;
import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.executor.service.targets.TargetPolicy;
import dev.snailbench.model.domain.DatabaseRef;
import dev.snailbench.model.domain.SecretCipher;
import dev.snailbench.model.target.InvalidTarget;
import dev.snailbench.model.target.TargetSpec;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.util.Map;
import java.util.UUID;

/**
 * Turns a work item's {@link DatabaseRef} (inline and sealed, or a registered database id) into a {@link Target}:
 * parsed ({@link TargetSpec}), its address checked ({@link TargetPolicy}) and its password opened with the associated
 * data of its record (an inline one bound to the tenant, {@link SecretCipher#inlineBinding}).
 */
@ApplicationScoped
public class TargetResolver {

    private static final TypeReference<Map<String, String>> OPTIONS = new TypeReference<>() {};

    private final RegisteredDatabaseRepository databases;
    private final SecretCipher cipher;
    private final ObjectMapper mapper;
    private final TargetPolicy policy;

    public TargetResolver(
            RegisteredDatabaseRepository databases, SecretCipher cipher, ObjectMapper mapper, TargetPolicy policy) {
        this.databases = databases;
        this.cipher = cipher;
        this.mapper = mapper;
        this.policy = policy;
    }

    /**
     * Fails with {@link IllegalArgumentException} saying what is wrong with the reference. Call on the Vert.x context:
     * nothing here blocks (an address given by name is checked when a connection is opened, on a worker).
     */
    public Uni<Target> resolve(String tenantId, DatabaseRef ref) {
        if (ref == null) {
            return Uni.createFrom().failure(new IllegalArgumentException("the work item names no database"));
        }
        if (ref.databaseId() != null && !ref.databaseId().isBlank()) {
            UUID id;
            try {
                id = UUID.fromString(ref.databaseId().trim());
            } catch (IllegalArgumentException e) {
                return Uni.createFrom()
                        .failure(new IllegalArgumentException(
                                "databaseId '" + ref.databaseId() + "' is not a registered database id (a UUID)"));
            }
            String schema;
            try {
                schema = schemaOf(ref);
            } catch (IllegalArgumentException e) {
                return Uni.createFrom().failure(e);
            }
            return Panache.withSession(() -> databases.findOwned(id, tenantId)).map(db -> {
                if (db == null) {
                    throw new IllegalArgumentException("database " + id + " is not registered for tenant " + tenantId);
                }
                try {
                    return fromRegistered(db).inSchema(schema);
                } catch (InvalidTarget e) {
                    throw new IllegalArgumentException("database " + id + " " + e.getMessage());
                }
            });
        }
        return Uni.createFrom().item(() -> inline(tenantId, ref).inSchema(schemaOf(ref)));
    }

    /** Longest schema name either dialect accepts (SQL Server's sysname; PostgreSQL's is 63 bytes). */
    static final int MAX_SCHEMA_NAME = 128;

    /** The item's schema: a name the runner quotes, or null for the login's own path. */
    private static String schemaOf(DatabaseRef ref) {
        String schema = ref.schema();
        if (schema == null || schema.isEmpty()) {
            return null;
        }
        if (schema.isBlank()
                || schema.length() > MAX_SCHEMA_NAME
                || schema.chars().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException("database.schema '" + schema + "' is not a schema name");
        }
        return schema;
    }

    /**
     * The registered database as a target, a literal address checked again without DNS (the allowed networks may have
     * changed; a name is checked at every connection).
     *
     * @throws InvalidTarget when the registration no longer passes the rules or its password does not open
     */
    public Target fromRegistered(RegisteredDatabase db) {
        if (db.problem != null) {
            throw new InvalidTarget("jdbcUrl", "cannot be used any more: " + db.problem + " (register it again)");
        }
        TargetSpec spec = spec(db);
        policy.checkLiteral(spec.host(), spec.port(), "jdbcUrl");
        String password;
        try {
            password = cipher.open(db.sealedPassword, db.passwordBinding());
        } catch (IllegalArgumentException e) {
            throw new InvalidTarget("password", "cannot be opened: " + e.getMessage());
        }
        return Target.registered(db.tenantId, String.valueOf(db.id), spec, db.username, password);
    }

    /** The parsed parts of a registration (from its columns; from its URL on a row not migrated yet). */
    public TargetSpec spec(RegisteredDatabase db) {
        if (db.host != null && db.port != null && db.databaseName != null) {
            return new TargetSpec(db.kind, db.host, db.port, db.databaseName, options(db.optionsJson));
        }
        return TargetSpec.parse(db.kind, db.jdbcUrl, options(db.optionsJson), "jdbcUrl", "options");
    }

    private Target inline(String tenantId, DatabaseRef ref) {
        if (ref.kind() == null) {
            throw new IllegalArgumentException("database.kind is missing (postgresql or sqlserver)");
        }
        TargetSpec spec;
        try {
            spec = TargetSpec.parse(ref.kind(), ref.jdbcUrl(), Map.of(), "database.jdbcUrl", "database.options");
            policy.checkLiteral(spec.host(), spec.port(), "database.jdbcUrl");
        } catch (InvalidTarget e) {
            throw new IllegalArgumentException(e.field() + " " + e.getMessage());
        }
        String password;
        try {
            password = cipher.open(ref.sealedPassword(), SecretCipher.inlineBinding(tenantId));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("database.sealedPassword " + e.getMessage());
        }
        return Target.of(tenantId, spec, ref.user(), password);
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
}
