package dev.snailbench.generator.rest;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import dev.snailbench.generator.service.InvalidRequestException;
import dev.snailbench.generator.service.NotVisibleYet;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import java.util.stream.Collectors;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Every failure answers with an {@link ApiError} body that says what to fix. */
public class ErrorMappers {

    @ServerExceptionMapper
    public Response invalid(InvalidRequestException e) {
        return Response.status(400).entity(new ApiError(e.getMessage(), e.field())).build();
    }

    @ServerExceptionMapper
    public Response tooLarge(dev.snailbench.generator.service.JobService.JobTooLarge e) {
        return Response.status(413).entity(new ApiError(e.getMessage(), "questions")).build();
    }

    @ServerExceptionMapper
    public Response notFound(NotFoundException e) {
        return Response.status(404).entity(ApiError.of(e.getMessage())).build();
    }

    @ServerExceptionMapper
    public Response notVisibleYet(NotVisibleYet e) {
        return Response.status(503).header("Retry-After", "1").entity(ApiError.of(e.getMessage())).build();
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
        return Response.status(status).entity(ApiError.of(e.getMessage())).build();
    }

    @ServerExceptionMapper
    public Response unreadable(JsonProcessingException e) {
        if (e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            String field = mapping.getPath().stream()
                    .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                    .collect(Collectors.joining(".")).replace(".[", "[");
            String why = e instanceof UnrecognizedPropertyException ? "unknown field"
                    : "invalid value: " + e.getOriginalMessage();
            return Response.status(400).entity(new ApiError(field + ": " + why, field)).build();
        }
        return Response.status(400).entity(ApiError.of("malformed JSON: " + e.getOriginalMessage())).build();
    }
}
