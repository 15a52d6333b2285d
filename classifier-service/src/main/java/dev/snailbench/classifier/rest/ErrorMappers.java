package dev.snailbench.classifier.rest;

import dev.snailbench.tenancy.ApiError;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Turns client errors into the platform's error body, {@code {"status", "error", "field"}}. */
public class ErrorMappers {

    @ServerExceptionMapper
    public Response apiError(ApiException e) {
        return new ApiError(e.status(), e.getMessage(), null).response();
    }
}
