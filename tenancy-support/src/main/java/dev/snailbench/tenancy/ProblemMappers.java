package dev.snailbench.tenancy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
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
import jakarta.validation.ConstraintViolationException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.time.Duration;
import java.util.Map;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * The one place where a refused request becomes an HTTP answer, for all five services: each {@link Problem} kind
 * has its status, and the body is always {@link ApiError} ({@code {status, error, field}}, with Retry-After when
 * the problem says when to come back). Bodies Jackson could not read (malformed JSON, unknown fields, a value of
 * the wrong type) are a 400 naming the field by its path ({@code questions[3].sql}, {@link JsonErrors}), and so are
 * the Bean Validation constraints a request breaks ({@link Violations}).
 */
public class ProblemMappers {

    private static final Map<Class<? extends Problem>, Integer> STATUS = Map.of(
            InvalidInput.class, 400,
            Unauthorized.class, 401,
            NotFound.class, 404,
            Conflict.class, 409,
            TooLarge.class, 413,
            TooManyRequests.class, 429,
            UpstreamFailed.class, 502,
            Unavailable.class, 503,
            UpstreamTimeout.class, 504);

    /** The HTTP status of a kind of problem, for answers written outside a mapper (a line of a streamed batch). */
    public static int statusOf(Problem problem) {
        Integer status = STATUS.get(problem.getClass());
        if (status == null) {
            throw new IllegalStateException(
                    "no status for " + problem.getClass().getName(), problem);
        }
        return status;
    }

    @ServerExceptionMapper
    public Response problem(Problem e) {
        // Every kind is in the table; a new kind missing from it is a bug worth a 500 that says so.
        return withRetryAfter(new ApiError(statusOf(e), e.getMessage(), e.field()).response(), e.retryAfter());
    }

    /** The constraints of a request record, checked by Quarkus ({@code @Valid}) or by a service's own validator. */
    @ServerExceptionMapper
    public Response violations(ConstraintViolationException e) {
        return Violations.body(e.getConstraintViolations()).response();
    }

    /** Quarkus' JSON reader throws these as they are (an unknown field is one). */
    @ServerExceptionMapper
    public Response mismatched(MismatchedInputException e) {
        return JsonErrors.body(e).response();
    }

    /** A body a resource read itself ({@code treeToValue}) fails the same way. */
    @ServerExceptionMapper
    public Response unreadable(JsonProcessingException e) {
        return JsonErrors.body(e).response();
    }

    /**
     * Quarkus' JSON reader wraps malformed JSON and failed values (a record constructor's refusal) in a bare 400;
     * what Quarkus itself answers (405, 406, 415, an unknown path's 404) keeps its status, with the platform's body.
     */
    @ServerExceptionMapper
    public Response web(WebApplicationException e, HttpHeaders headers, UriInfo uri) {
        if (e.getCause() instanceof JsonProcessingException json) {
            return JsonErrors.body(json).response();
        }
        if (e.getResponse().hasEntity()) {
            return e.getResponse();
        }
        int status = e.getResponse().getStatus();
        String message = switch (status) {
            // An id that names nothing (not even a UUID) and a path that names nothing: the same answer.
            case 404 -> "nothing at " + uri.getPath();
            case 415 ->
                "Content-Type "
                        + (headers.getMediaType() == null
                                ? "missing"
                                : "'" + headers.getMediaType().getType() + "/"
                                        + headers.getMediaType().getSubtype() + "' is not accepted here")
                        + ": send the body as application/json";
            default -> e.getMessage();
        };
        return new ApiError(status, message, status == 415 ? "Content-Type" : null).response();
    }

    /** Whole seconds, rounded up (the header has no fractions); none when there is nothing to wait for. */
    static Response withRetryAfter(Response response, Duration retryAfter) {
        if (retryAfter == null) {
            return response;
        }
        long seconds = Math.max(1, (retryAfter.toMillis() + 999) / 1000);
        return Response.fromResponse(response)
                .header("Retry-After", Long.toString(seconds))
                .build();
    }
}
