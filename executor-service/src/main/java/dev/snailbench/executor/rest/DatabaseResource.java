package dev.snailbench.executor.rest;

import dev.snailbench.executor.repository.RegisteredDatabase;
import dev.snailbench.executor.service.DatabaseDtos.ConnectionCheck;
import dev.snailbench.executor.service.DatabaseDtos.DatabaseView;
import dev.snailbench.executor.service.DatabaseDtos.RegisterDatabase;
import dev.snailbench.executor.service.DatabaseDtos.SchemaView;
import dev.snailbench.executor.service.DatabaseDtos.UpdateDatabase;
import dev.snailbench.executor.service.DatabaseRegistry;
import dev.snailbench.tenancy.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * A tenant's target databases over HTTP: register, list, show, change, remove, test the connection, read the schema
 * (with where the login's unqualified names resolve). Every call needs the tenant's {@code X-API-Key}; the work is
 * {@link DatabaseRegistry}'s.
 */
@Path("/databases")
@Produces(MediaType.APPLICATION_JSON)
public class DatabaseResource {

    private final Caller caller;
    private final DatabaseRegistry registry;

    public DatabaseResource(Caller caller, DatabaseRegistry registry) {
        this.caller = caller;
        this.registry = registry;
    }

    @Operation(operationId = "registerDatabase", summary = "Register a team database")
    @APIResponse(responseCode = "201", description = "registered; Location names it")
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> register(RegisterDatabase body) {
        return registry.register(caller.tenantId(), body)
                .map(registered -> Response.created(URI.create("/databases/" + registered.database().id))
                        .entity(view(registered))
                        .build());
    }

    @Operation(operationId = "updateDatabase", summary = "Change a registered database's name, logins or passwords")
    @APIResponse(responseCode = "200", description = "changed; new logins were tested first")
    @PATCH
    @Path("/{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<DatabaseView> update(@PathParam("id") UUID id, UpdateDatabase body) {
        return registry.update(caller.tenantId(), id, body).map(this::view);
    }

    @Operation(operationId = "listDatabases", summary = "List the tenant's registered databases")
    @APIResponse(responseCode = "200", description = "the databases, passwords never shown")
    @GET
    public Uni<List<DatabaseView>> list() {
        return registry.list(caller.tenantId())
                .map(all -> all.stream().map(this::view).toList());
    }

    @Operation(operationId = "getDatabase", summary = "Get one registered database")
    @APIResponse(responseCode = "200", description = "the database")
    @GET
    @Path("/{id}")
    public Uni<DatabaseView> get(@PathParam("id") UUID id) {
        return registry.owned(caller.tenantId(), id).map(this::view);
    }

    @Operation(operationId = "removeDatabase", summary = "Remove a registered database")
    @APIResponse(responseCode = "204", description = "removed")
    @APIResponse(responseCode = "409", description = "in use by a running job (named)")
    @DELETE
    @Path("/{id}")
    public Uni<Response> remove(@PathParam("id") UUID id) {
        return registry.remove(caller.tenantId(), id)
                .map(ignored -> Response.noContent().build());
    }

    @Operation(operationId = "testDatabase", summary = "Test the connection to a registered database")
    @APIResponse(responseCode = "200", description = "whether it connected, and in how long")
    @POST
    @Path("/{id}/test")
    public Uni<ConnectionCheck> test(@PathParam("id") UUID id) {
        return registry.test(caller.tenantId(), id);
    }

    @Operation(operationId = "describeDatabaseSchema", summary = "Describe a registered database's tables and columns")
    @APIResponse(responseCode = "200", description = "the schema")
    @GET
    @Path("/{id}/schema")
    public Uni<SchemaView> schema(@PathParam("id") UUID id, @QueryParam("samples") Integer samples) {
        return registry.schema(caller.tenantId(), id, samples);
    }

    private DatabaseView view(RegisteredDatabase db) {
        return DatabaseView.of(db, registry.displayUrl(db), registry.options(db));
    }

    private DatabaseView view(DatabaseRegistry.Registration registered) {
        RegisteredDatabase db = registered.database();
        return DatabaseView.of(db, registry.displayUrl(db), registry.options(db), registered.path());
    }
}
