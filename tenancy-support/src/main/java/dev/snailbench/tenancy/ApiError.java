package dev.snailbench.tenancy;

import jakarta.ws.rs.WebApplicationException;
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
            return new ApiError(401, e.getMessage(), null).response();
        }

        @ServerExceptionMapper
        public Response notFound(NotFound e) {
            return new ApiError(404, e.getMessage(), null).response();
        }
    }
}
