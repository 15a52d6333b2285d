package dev.snailbench.inference.rest;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;

/** A 400 whose JSON body names what is wrong: {@code {"error": "crosswalk[2].kind must be table or column"}}. */
public class BadRequest extends WebApplicationException {

    public BadRequest(String message) {
        super(message, Response.status(Response.Status.BAD_REQUEST).type(MediaType.APPLICATION_JSON)
                .entity(Map.of("error", message)).build());
    }
}
