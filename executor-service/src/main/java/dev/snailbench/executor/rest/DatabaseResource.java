package dev.snailbench.executor.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.executor.config.ExecutorBeans;
import dev.snailbench.executor.config.ExecutorConfig;
import dev.snailbench.executor.model.RegisteredDatabase;
import dev.snailbench.executor.repository.RegisteredDatabaseRepository;
import dev.snailbench.executor.rest.DatabaseDtos.ConnectionCheck;
import dev.snailbench.executor.rest.DatabaseDtos.DatabaseView;
import dev.snailbench.executor.rest.DatabaseDtos.RegisterDatabase;
import dev.snailbench.executor.service.PoolManager;
import dev.snailbench.executor.service.SchemaIntrospector;
import dev.snailbench.executor.service.Target;
import dev.snailbench.executor.service.TargetResolver;
import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.SecretCipher;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.tenancy.ApiError;
import dev.snailbench.tenancy.TenantAuthenticator;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.inject.Named;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * A tenant's target databases: register, list, show, remove, test the connection, read the schema. Every call
 * needs the tenant's {@code X-API-Key}; another tenant's database answers 404.
 */
@Path("/databases")
@Produces(MediaType.APPLICATION_JSON)
public class DatabaseResource {

    private static final Pattern OPTION_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_.-]{0,63}");

    private final TenantAuthenticator auth;
    private final RegisteredDatabaseRepository databases;
    private final TargetResolver targets;
    private final PoolManager pools;
    private final SecretCipher cipher;
    private final ObjectMapper mapper;
    private final ExecutorConfig config;
    private final ExecutorService workers;

    public DatabaseResource(TenantAuthenticator auth, RegisteredDatabaseRepository databases, TargetResolver targets,
            PoolManager pools, SecretCipher cipher, ObjectMapper mapper, ExecutorConfig config,
            @Named(ExecutorBeans.WORKERS) ExecutorService workers) {
        this.auth = auth;
        this.databases = databases;
        this.targets = targets;
        this.pools = pools;
        this.cipher = cipher;
        this.mapper = mapper;
        this.config = config;
        this.workers = workers;
    }

    @Operation(operationId = "registerDatabase", summary = "Register a team database (checked by connecting)")
    @APIResponse(responseCode = "201", description = "registered; Location names it")
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> register(@HeaderParam(ApiKeys.HEADER) String apiKey, RegisterDatabase body) {
        return auth.tenantOf(apiKey).flatMap(tenantId -> {
            RegisteredDatabase db = validated(tenantId, body);
            return Panache.withTransaction(() -> databases.persist(db)).map(saved -> Response
                    .created(URI.create("/databases/" + db.id)).entity(view(db)).build());
        });
    }

    @Operation(operationId = "listDatabases", summary = "List the tenant's registered databases")
    @APIResponse(responseCode = "200", description = "the databases, passwords never shown")
    @GET
    public Uni<List<DatabaseView>> list(@HeaderParam(ApiKeys.HEADER) String apiKey) {
        return auth.tenantOf(apiKey).flatMap(tenantId -> Panache.withSession(() -> databases.listOwned(tenantId)))
                .map(all -> all.stream().map(this::view).toList());
    }

    @Operation(operationId = "getDatabase", summary = "Get one registered database")
    @APIResponse(responseCode = "200", description = "the database")
    @GET
    @Path("/{id}")
    public Uni<DatabaseView> get(@HeaderParam(ApiKeys.HEADER) String apiKey, @PathParam("id") UUID id) {
        return owned(apiKey, id).map(this::view);
    }

    @Operation(operationId = "removeDatabase", summary = "Remove a registered database")
    @APIResponse(responseCode = "204", description = "removed")
    @DELETE
    @Path("/{id}")
    public Uni<Response> remove(@HeaderParam(ApiKeys.HEADER) String apiKey, @PathParam("id") UUID id) {
        return auth.tenantOf(apiKey).flatMap(tenantId -> Panache.withTransaction(() -> databases.findOwned(id, tenantId)
                .flatMap(db -> {
                    if (db == null) {
                        throw notFound(id);
                    }
                    return databases.delete(db).replaceWith(db);
                })))
                .map(db -> {
                    pools.closePoolsOf(db.jdbcUrl, db.username);
                    return Response.noContent().build();
                });
    }

    @Operation(operationId = "testDatabase", summary = "Test the connection to a registered database")
    @APIResponse(responseCode = "200", description = "whether it connected, and in how long")
    @POST
    @Path("/{id}/test")
    public Uni<ConnectionCheck> test(@HeaderParam(ApiKeys.HEADER) String apiKey, @PathParam("id") UUID id) {
        return owned(apiKey, id).map(targets::fromRegistered).flatMap(target -> blocking(() -> check(target)));
    }

    @Operation(operationId = "describeDatabaseSchema", summary = "Describe a registered database's tables and columns")
    @APIResponse(responseCode = "200", description = "the schema")
    @GET
    @Path("/{id}/schema")
    public Uni<DatabaseSchema> schema(@HeaderParam(ApiKeys.HEADER) String apiKey, @PathParam("id") UUID id,
            @QueryParam("samples") Integer samples) {
        return owned(apiKey, id).flatMap(db -> describe(db, samples));
    }

    private Uni<DatabaseSchema> describe(RegisteredDatabase db, Integer samples) {
        int k = samples == null ? 0 : samples;
        if (k < 0 || k > config.maxSampleValues()) {
            return Uni.createFrom().failure(ApiError.badRequest("samples",
                    "must be between 0 and " + config.maxSampleValues()));
        }
        Target target = targets.fromRegistered(db);
        Context context = Vertx.currentContext();
        return blocking(() -> {
            try {
                return pools.withConnection(target, c -> SchemaIntrospector.introspect(c, target.dialect(), k,
                        Duration.ofSeconds(5)));
            } catch (SQLException e) {
                throw new jakarta.ws.rs.WebApplicationException("cannot read the schema: " + e.getMessage(),
                        Response.status(502).type(MediaType.APPLICATION_JSON).entity(new ApiError(502,
                                "cannot read the schema: " + e.getMessage(), null)).build());
            }
        }).emitOn(task -> context.runOnContext(ignored -> task.run()));
    }

    private Uni<RegisteredDatabase> owned(String apiKey, UUID id) {
        return auth.tenantOf(apiKey).flatMap(tenantId -> Panache.withSession(() -> databases.findOwned(id, tenantId)))
                .map(db -> {
                    if (db == null) {
                        throw notFound(id);
                    }
                    return db;
                });
    }

    private ConnectionCheck check(Target target) {
        long start = System.nanoTime();
        try {
            return pools.withConnection(target, c -> {
                DatabaseMetaData md = c.getMetaData();
                boolean valid = c.isValid((int) Math.max(1, config.connectTimeout().toSeconds()));
                return new ConnectionCheck(valid, (System.nanoTime() - start) / 1_000_000,
                        md.getDatabaseProductName(), md.getDatabaseProductVersion(),
                        valid ? null : "the connection did not answer", null);
            });
        } catch (SQLException e) {
            return new ConnectionCheck(false, (System.nanoTime() - start) / 1_000_000, null, null, e.getMessage(),
                    e.getSQLState());
        }
    }

    /** JDBC on the worker pool, never on the event loop. */
    private <T> Uni<T> blocking(Supplier<T> work) {
        return Uni.createFrom().item(work).runSubscriptionOn(workers);
    }

    private RegisteredDatabase validated(String tenantId, RegisterDatabase body) {
        if (body == null) {
            throw ApiError.badRequest("body", "is missing");
        }
        if (body.name() == null || body.name().isBlank() || body.name().length() > 200) {
            throw ApiError.badRequest("name", "is required (1 to 200 characters)");
        }
        SqlDialect kind;
        try {
            kind = SqlDialect.fromId(body.kind());
        } catch (IllegalArgumentException e) {
            throw ApiError.badRequest("kind", "must be postgresql or sqlserver");
        }
        String urlProblem = TargetResolver.JdbcUrls.problem(kind, body.jdbcUrl());
        if (urlProblem != null) {
            throw ApiError.badRequest("jdbcUrl", urlProblem);
        }
        if (body.jdbcUrl().length() > 2000) {
            throw ApiError.badRequest("jdbcUrl", "is longer than 2000 characters");
        }
        if (body.user() == null || body.user().isBlank()) {
            throw ApiError.badRequest("user", "is required");
        }
        if (body.password() == null) {
            throw ApiError.badRequest("password", "is required (may be empty)");
        }
        boolean admin = body.adminUser() != null && !body.adminUser().isBlank();
        if (!admin && body.adminPassword() != null) {
            throw ApiError.badRequest("adminUser", "is required with adminPassword");
        }
        if (admin && body.adminPassword() == null) {
            throw ApiError.badRequest("adminPassword", "is required with adminUser (may be empty)");
        }
        Map<String, String> options = body.options() == null ? Map.of() : body.options();
        for (Map.Entry<String, String> option : options.entrySet()) {
            String name = option.getKey();
            if (!OPTION_NAME.matcher(name).matches() || name.equalsIgnoreCase("password")
                    || name.equalsIgnoreCase("user") || TargetResolver.JdbcUrls.dangerousProperty(name) != null) {
                throw ApiError.badRequest("options." + name, "is not an allowed driver property name");
            }
            if (option.getValue() == null || option.getValue().length() > 500) {
                throw ApiError.badRequest("options." + name, "needs a value of at most 500 characters");
            }
        }
        RegisteredDatabase db = new RegisteredDatabase();
        db.id = UUID.randomUUID();
        db.tenantId = tenantId;
        db.name = body.name().trim();
        db.kind = kind;
        db.jdbcUrl = body.jdbcUrl().trim();
        db.username = body.user();
        db.sealedPassword = cipher.seal(body.password());
        db.adminUsername = admin ? body.adminUser() : null;
        db.sealedAdminPassword = admin ? cipher.seal(body.adminPassword()) : null;
        try {
            db.optionsJson = mapper.writeValueAsString(options);
        } catch (JsonProcessingException e) {
            throw ApiError.badRequest("options", "cannot be stored: " + e.getOriginalMessage());
        }
        db.createdAt = Instant.now();
        return db;
    }

    private DatabaseView view(RegisteredDatabase db) {
        return DatabaseView.of(db, targets.options(db.optionsJson));
    }

    private static jakarta.ws.rs.WebApplicationException notFound(UUID id) {
        return ApiError.of(404, "no database " + id);
    }
}
