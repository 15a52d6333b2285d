package dev.snailbench.scorer.rest;

import dev.snailbench.scorer.config.ScorerConfig;
import dev.snailbench.tenancy.ApiError;
import io.quarkus.vertx.http.runtime.RouteConstants;
import io.vertx.core.json.Json;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * The request-body limit per endpoint: {@code POST /compare/batch} reads its stream line by line and may be as
 * long as the server-wide limit allows, every other endpoint reads its body whole and keeps
 * {@code snailbench.scorer.max-body-size}: a declared larger body is refused at once (413 with the platform's
 * error body), a chunked one when it grows past the limit.
 */
@ApplicationScoped
public class BodyLimits {

    static final String BATCH_PATH = "/compare/batch";
    /** Where Quarkus' upload limit leaves the limit for a body without Content-Length (read by REST's input). */
    private static final String MAX_REQUEST_SIZE_KEY = "io.quarkus.max-request-size";

    private final long limit;

    public BodyLimits(ScorerConfig config) {
        this.limit = config.maxBodySize().asLongValue();
    }

    void install(@Observes Router router) {
        router.route().order(RouteConstants.ROUTE_ORDER_UPLOAD_LIMIT + 1).handler(this::limit);
    }

    private void limit(RoutingContext context) {
        if (BATCH_PATH.equals(context.normalizedPath())) {
            context.next();
            return;
        }
        String length = context.request().getHeader("Content-Length");
        long declared;
        try {
            declared = length == null ? -1 : Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            declared = -1;
        }
        if (declared > limit) {
            context.response()
                    .setStatusCode(413)
                    .putHeader("Content-Type", "application/json")
                    .putHeader("Connection", "close")
                    .end(Json.encode(new ApiError(
                            413,
                            "the request body has " + declared + " bytes; the limit is " + limit
                                    + " (snailbench.scorer.max-body-size)",
                            null)));
            return;
        }
        context.put(MAX_REQUEST_SIZE_KEY, limit);
        context.next();
    }
}
