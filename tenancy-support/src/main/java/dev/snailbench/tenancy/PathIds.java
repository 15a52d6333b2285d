package dev.snailbench.tenancy;

import dev.snailbench.model.problem.NotFound;
import java.util.UUID;

/**
 * The one rule for ids in a request's path, in every service: an id that is not a UUID names nothing, so it is a 404
 * like an id that is a UUID of nothing the caller has (never a 400: the path is not a field a caller fills in).
 */
public final class PathIds {

    private PathIds() {}

    /**
     * The id, or a {@link NotFound} {@code no <what> <id>}.
     *
     * @param what what the path names, as the 404 says it ({@code job}, {@code inference of work item})
     */
    public static UUID uuid(String id, String what) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new NotFound("no " + what + " " + id);
        }
    }
}
