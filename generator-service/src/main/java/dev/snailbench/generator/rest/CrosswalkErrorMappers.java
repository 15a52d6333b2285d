package dev.snailbench.generator.rest;

import dev.snailbench.workbench.crosswalk.Crosswalks;
import dev.snailbench.tenancy.ApiError;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Answers for the crosswalk, natural-view and test-suite endpoints' own failures (same {@link ApiError} body). */
public class CrosswalkErrorMappers {

    @ServerExceptionMapper
    public Response notReady(Crosswalks.NotReady e) {
        return new ApiError(409, e.getMessage(), null).response();
    }

    @ServerExceptionMapper
    public Response tooLarge(PayloadTooLarge e) {
        return new ApiError(413, e.getMessage(), null).response();
    }
}
