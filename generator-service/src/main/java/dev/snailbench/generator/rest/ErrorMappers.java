package dev.snailbench.generator.rest;

import dev.snailbench.workbench.InvalidRequestException;
import dev.snailbench.generator.service.NotVisibleYet;
import dev.snailbench.tenancy.ApiError;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Every failure answers with an {@link ApiError} body that says what to fix. */
public class ErrorMappers {

    @ServerExceptionMapper
    public Response invalid(InvalidRequestException e) {
        return new ApiError(400, e.getMessage(), e.field()).response();
    }

    @ServerExceptionMapper
    public Response tooLarge(dev.snailbench.generator.service.JobService.JobTooLarge e) {
        return new ApiError(413, e.getMessage(), "questions").response();
    }

    @ServerExceptionMapper
    public Response notFound(NotFoundException e) {
        return new ApiError(404, e.getMessage(), null).response();
    }

    @ServerExceptionMapper
    public Response notVisibleYet(NotVisibleYet e) {
        return Response.fromResponse(new ApiError(503, e.getMessage(), null).response()).header("Retry-After", "1")
                .build();
    }

    // Unreadable JSON and unknown fields: tenancy-support's JsonErrors, the same in every service.
}
