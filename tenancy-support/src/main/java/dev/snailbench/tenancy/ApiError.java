package dev.snailbench.tenancy;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The platform's error body, {@code {"status", "error", "field"}}: what went wrong and, for a bad request, which
 * field to fix. Built only by {@link ProblemMappers}; code that refuses a request throws a
 * {@link dev.snailbench.model.problem.Problem}.
 */
public record ApiError(int status, String error, String field) {

    public Response response() {
        return Response.status(status)
                .type(MediaType.APPLICATION_JSON)
                .entity(this)
                .build();
    }
}
