package dev.snailbench.classifier.rest;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Turns client errors into {@code {"status": …, "error": "…"}} JSON bodies. */
public class ErrorMappers {

    /** The error body of every 4xx answer. */
    public record ApiError(int status, String error) {
    }

    @ServerExceptionMapper
    public Response apiError(ApiException e) {
        return Response.status(e.status()).type(MediaType.APPLICATION_JSON)
                .entity(new ApiError(e.status(), e.getMessage())).build();
    }
}
