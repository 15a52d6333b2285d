package dev.snailbench.inference.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Map;
import java.util.stream.Collectors;

/** Unreadable JSON (or a bad enum such as a dialect) is a 400 naming the field, not a 500. */
@Provider
public class JsonErrors implements ExceptionMapper<JsonProcessingException> {

    @Override
    public Response toResponse(JsonProcessingException e) {
        String field = "";
        if (e instanceof com.fasterxml.jackson.databind.JsonMappingException m && !m.getPath().isEmpty()) {
            field = m.getPath().stream().map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                    .collect(Collectors.joining(".")) + ": ";
        }
        String reason = e instanceof ValueInstantiationException || e instanceof InvalidFormatException
                ? (e.getCause() != null ? e.getCause().getMessage() : e.getOriginalMessage())
                : e.getOriginalMessage();
        return Response.status(Response.Status.BAD_REQUEST).type(MediaType.APPLICATION_JSON)
                .entity(Map.of("error", field + reason)).build();
    }
}
