package dev.snailbench.scorer.rest;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;

/** Error responses: a status and a JSON body {@code {"error": "…"}} saying what is wrong. */
public final class Problems {

    private Problems() {
    }

    public static WebApplicationException status(int status, String message) {
        return new WebApplicationException(message, Response.status(status).type(MediaType.APPLICATION_JSON)
                .entity(Map.of("error", message)).build());
    }

    public static WebApplicationException unauthorized(String message) {
        return status(401, message);
    }

    public static WebApplicationException notFound(String message) {
        return status(404, message);
    }

    public static WebApplicationException badRequest(String message) {
        return status(400, message);
    }
}
