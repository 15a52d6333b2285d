package dev.snailbench.tenancy.app;

import dev.snailbench.model.problem.Conflict;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.problem.NotFound;
import dev.snailbench.model.problem.Problem;
import dev.snailbench.model.problem.TooLarge;
import dev.snailbench.model.problem.TooManyRequests;
import dev.snailbench.model.problem.Unauthorized;
import dev.snailbench.model.problem.Unavailable;
import dev.snailbench.model.problem.UpstreamFailed;
import dev.snailbench.model.problem.UpstreamTimeout;
import dev.snailbench.tenancy.Caller;
import dev.snailbench.tenancy.Keyless;
import dev.snailbench.tenancy.PathIds;
import io.smallrye.mutiny.Uni;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** Endpoints of the test application: what a service's resources do with the library. */
@Path("/probe")
@Produces(MediaType.APPLICATION_JSON)
public class ProbeResource {

    static final Map<String, Supplier<Problem>> PROBLEMS = Map.of(
            "invalid", () -> new InvalidInput("questions[3].sql", "questions[3].sql: must not be blank"),
            "unauthorized", () -> new Unauthorized("missing or invalid X-Admin-Key", "X-Admin-Key"),
            "not-found", () -> new NotFound("no job 42"),
            "conflict", () -> new Conflict("job 42 is already completed", "status"),
            "too-large", () -> new TooLarge("the spec is 40 MB, at most 32 MB", "questions"),
            "too-many", () -> new TooManyRequests("slow down", "X-API-Key", Duration.ofMillis(2500)),
            "upstream-failed", () -> new UpstreamFailed("database 7: connection refused"),
            "unavailable", () -> Unavailable.notReadableYet("job 42"),
            "upstream-timeout", () -> new UpstreamTimeout("the executor did not answer within 30 s"));

    public record Question(String id, String sql) {}

    public record Spec(String name, int limit, List<Question> questions) {}

    /** A request record with Bean Validation constraints, as the services' request records have them. */
    public record Checked(
            @NotBlank String name,
            @Min(1) @Max(10) Integer limit,
            @NotEmpty List<@Valid @NotNull CheckedQuestion> questions,
            Map<String, @Min(0) Integer> counts,
            List<@NotBlank @Size(max = 10) String> levels) {}

    public record CheckedQuestion(
            @NotBlank String id, @NotBlank String sql) {}

    private final Caller caller;

    public ProbeResource(Caller caller) {
        this.caller = caller;
    }

    @GET
    @Path("/me")
    public Map<String, String> me() {
        return Map.of("tenantId", caller.tenantId());
    }

    /** A reactive endpoint: the tenant is there on the event loop too. */
    @GET
    @Path("/me-reactive")
    public Uni<Map<String, String>> meReactive() {
        return Uni.createFrom().item(() -> Map.of("tenantId", caller.tenantId()));
    }

    @GET
    @Path("/open")
    @Keyless
    public Map<String, String> open() {
        return Map.of("open", "yes");
    }

    @GET
    @Path("/problem/{kind}")
    @Keyless
    public String problem(@PathParam("kind") String kind) {
        throw PROBLEMS.get(kind).get();
    }

    /** Thrown from a failed Uni rather than the method itself: the same answer. */
    @GET
    @Path("/problem-reactive/{kind}")
    @Keyless
    public Uni<String> problemReactive(@PathParam("kind") String kind) {
        return Uni.createFrom().failure(PROBLEMS.get(kind).get());
    }

    @POST
    @Path("/spec")
    @Keyless
    @Consumes(MediaType.APPLICATION_JSON)
    public Spec spec(Spec spec) {
        return spec;
    }

    @POST
    @Path("/checked")
    @Keyless
    @Consumes(MediaType.APPLICATION_JSON)
    public Checked checked(@Valid @NotNull Checked body) {
        return body;
    }

    /** A path id: not a UUID is the 404 of an id that names nothing. */
    @GET
    @Path("/things/{id}")
    @Keyless
    public String thing(@PathParam("id") String id) {
        throw new NotFound("no thing " + PathIds.uuid(id, "thing"));
    }
}
