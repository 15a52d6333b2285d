package dev.snailbench.inference.rest;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import dev.snailbench.tenancy.ApiError;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import java.util.stream.Collectors;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Unreadable JSON, or a bad value such as an unknown dialect, is a 400 naming the field, not a bare 400/500. */
public class JsonErrors {

    @ServerExceptionMapper
    public Response unreadable(JsonParseException e) {
        return badRequest("malformed JSON: " + e.getOriginalMessage());
    }

    @ServerExceptionMapper
    public Response mismatched(MismatchedInputException e) {
        return badRequest(path(e) + e.getOriginalMessage());
    }

    @ServerExceptionMapper
    public Response invalidValue(ValueInstantiationException e) {
        return badRequest(path(e) + (e.getCause() != null ? e.getCause().getMessage() : e.getOriginalMessage()));
    }

    @ServerExceptionMapper
    public Response mapping(JsonMappingException e) {
        return badRequest(path(e) + (e.getCause() != null ? e.getCause().getMessage() : e.getOriginalMessage()));
    }

    /** Quarkus' JSON reader wraps what Jackson rejected in a bare 400: give it the message. */
    @ServerExceptionMapper
    public Response wrapped(WebApplicationException e) {
        if (e.getCause() instanceof JsonMappingException m) {
            return mapping(m);
        }
        if (e.getCause() instanceof JsonParseException p) {
            return unreadable(p);
        }
        return e.getResponse();
    }

    private static String path(JsonMappingException e) {
        if (e.getPath().isEmpty()) {
            return "";
        }
        return e.getPath().stream().map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                .collect(Collectors.joining(".")) + ": ";
    }

    private static Response badRequest(String message) {
        return new ApiError(400, message, null).response();
    }
}
