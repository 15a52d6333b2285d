package dev.snailbench.generator.rest;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import dev.snailbench.generator.service.InvalidRequestException;
import dev.snailbench.generator.service.NotVisibleYet;
import dev.snailbench.tenancy.ApiError;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import java.util.stream.Collectors;
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

    // Quarkus maps some Jackson exceptions itself; these more specific mappers keep one error format.
    @ServerExceptionMapper
    public Response unknownField(UnrecognizedPropertyException e) {
        return unreadable(e);
    }

    @ServerExceptionMapper
    public Response mismatched(MismatchedInputException e) {
        return unreadable(e);
    }

    @ServerExceptionMapper
    public Response unparsable(JsonParseException e) {
        return unreadable(e);
    }

    /** A body that could not be read arrives wrapped; unwrap it so the user learns what is wrong. */
    @ServerExceptionMapper
    public Response web(WebApplicationException e) {
        if (e.getCause() instanceof JsonProcessingException json) {
            return unreadable(json);
        }
        int status = e.getResponse().getStatus();
        return new ApiError(status, e.getMessage(), null).response();
    }

    @ServerExceptionMapper
    public Response unreadable(JsonProcessingException e) {
        if (e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            String field = mapping.getPath().stream()
                    .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                    .collect(Collectors.joining(".")).replace(".[", "[");
            String why = e instanceof UnrecognizedPropertyException ? "unknown field"
                    : "invalid value: " + e.getOriginalMessage();
            return new ApiError(400, field + ": " + why, field).response();
        }
        return new ApiError(400, "malformed JSON: " + e.getOriginalMessage(), null).response();
    }
}
