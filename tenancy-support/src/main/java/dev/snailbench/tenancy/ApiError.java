package dev.snailbench.tenancy;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * The platform's error body, {@code {"status", "error", "field"}}: what went wrong and, for a bad request, which
 * field to fix.
 */
public record ApiError(int status, String error, String field) {

    /** A missing or unknown API key. */
    public static final class Unauthorized extends RuntimeException {
        public Unauthorized(String message) {
            super(message, null, false, false);
        }
    }

    /** A resource the caller's tenant does not have (someone else's is reported the same way). */
    public static final class NotFound extends RuntimeException {
        public NotFound(String message) {
            super(message, null, false, false);
        }
    }

    public Response response() {
        return Response.status(status).type(MediaType.APPLICATION_JSON).entity(this).build();
    }

    /** Maps this library's exceptions for every service that uses it. */
    public static class Mappers {

        @ServerExceptionMapper
        public Response unauthorized(Unauthorized e) {
            return new ApiError(401, e.getMessage(), null).response();
        }

        @ServerExceptionMapper
        public Response notFound(NotFound e) {
            return new ApiError(404, e.getMessage(), null).response();
        }
    }
}
