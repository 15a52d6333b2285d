package dev.snailbench.generator.rest;

import dev.snailbench.generator.service.crosswalk.Crosswalks;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Answers for the crosswalk, natural-view and test-suite endpoints' own failures (same {@link ApiError} body). */
public class CrosswalkErrorMappers {

    @ServerExceptionMapper
    public Response notReady(Crosswalks.NotReady e) {
        return Response.status(409).entity(ApiError.of(e.getMessage())).build();
    }

    @ServerExceptionMapper
    public Response tooLarge(PayloadTooLarge e) {
        return Response.status(413).entity(ApiError.of(e.getMessage())).build();
    }
}
