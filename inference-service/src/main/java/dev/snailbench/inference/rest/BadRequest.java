package dev.snailbench.inference.rest;

import dev.snailbench.tenancy.ApiError;
import jakarta.ws.rs.WebApplicationException;

/**
 * A 400 whose JSON body (the platform's {@code {"status", "error", "field"}}) names what is wrong, e.g.
 * {@code "crosswalk[2].kind must be table or column"}.
 */
public class BadRequest extends WebApplicationException {

    public BadRequest(String message) {
        super(message, new ApiError(400, message, null).response());
    }
}
