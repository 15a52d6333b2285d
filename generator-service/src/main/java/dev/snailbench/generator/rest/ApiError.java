package dev.snailbench.generator.rest;

import com.fasterxml.jackson.annotation.JsonInclude;

/** The body of every error answer: what is wrong and, for a bad request, which field. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApiError(String error, String field) {

    public static ApiError of(String error) {
        return new ApiError(error, null);
    }
}
