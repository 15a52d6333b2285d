package dev.snailbench.tenancy;

import dev.snailbench.model.domain.ApiKeys;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * The platform's error body, {@code {"status", "error", "field"}}: what went wrong and, for a bad request, which
 * field to fix.
 */
public record ApiError(int status, String error, String field) {

    /** A missing or unknown API key; {@code retryAfter} (may be null) when trying again later may succeed. */
    public static final class Unauthorized extends RuntimeException {
        private final java.time.Duration retryAfter;

        public Unauthorized(String message) {
            this(message, null);
        }

        public Unauthorized(String message, java.time.Duration retryAfter) {
            super(message, null, false, false);
            this.retryAfter = retryAfter;
        }
    }

    /** A client that presented too many unknown keys: a 429 with Retry-After. */
    public static final class TooManyRequests extends RuntimeException {
        private final java.time.Duration retryAfter;

        public TooManyRequests(String message, java.time.Duration retryAfter) {
            super(message, null, false, false);
            this.retryAfter = retryAfter;
        }
    }

    /** A resource the caller's tenant does not have (someone else's is reported the same way). */
    public static final class NotFound extends RuntimeException {
        public NotFound(String message) {
            super(message, null, false, false);
        }
    }

    /** A 400 naming the field to fix: the message is the field and what is wrong with it. */
    public static WebApplicationException badRequest(String field, String problem) {
        return new ApiError(400, field + " " + problem, field).exception();
    }

    /** Any status with this body (e.g. 404, 413, 502). */
    public static WebApplicationException of(int status, String error) {
        return new ApiError(status, error, null).exception();
    }

    public WebApplicationException exception() {
        return new WebApplicationException(error, response());
    }

    public Response response() {
        return Response.status(status).type(MediaType.APPLICATION_JSON).entity(this).build();
    }

    /** Maps this library's exceptions for every service that uses it. */
    public static class Mappers {

        @ServerExceptionMapper
        public Response unauthorized(Unauthorized e) {
            return withRetryAfter(new ApiError(401, e.getMessage(), ApiKeys.HEADER).response(), e.retryAfter);
        }

        @ServerExceptionMapper
        public Response tooManyRequests(TooManyRequests e) {
            return withRetryAfter(new ApiError(429, e.getMessage(), ApiKeys.HEADER).response(), e.retryAfter);
        }

        /** Whole seconds, rounded up (the header has no fractions); none when there is nothing to wait for. */
        static Response withRetryAfter(Response response, java.time.Duration retryAfter) {
            if (retryAfter == null) {
                return response;
            }
            long seconds = Math.max(1, (retryAfter.toMillis() + 999) / 1000);
            return Response.fromResponse(response).header("Retry-After", Long.toString(seconds)).build();
        }

        @ServerExceptionMapper
        public Response notFound(NotFound e) {
            return new ApiError(404, e.getMessage(), null).response();
        }
    }
}
