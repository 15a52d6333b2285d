package dev.snailbench.executor.rest;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Error responses with a JSON body saying what is wrong and, for bad input, which field. */
public final class ApiErrors {

    /** The body of every error response. */
    public record ApiError(int status, String error, String field) {
    }

    private ApiErrors() {
    }

    public static WebApplicationException badRequest(String field, String error) {
        return of(Response.Status.BAD_REQUEST, field + " " + error, field);
    }

    public static WebApplicationException unauthorized(String error) {
        return of(Response.Status.UNAUTHORIZED, error, null);
    }

    public static WebApplicationException notFound(String error) {
        return of(Response.Status.NOT_FOUND, error, null);
    }

    private static WebApplicationException of(Response.Status status, String error, String field) {
        return new WebApplicationException(error, Response.status(status).type(MediaType.APPLICATION_JSON)
                .entity(new ApiError(status.getStatusCode(), error, field)).build());
    }
}
