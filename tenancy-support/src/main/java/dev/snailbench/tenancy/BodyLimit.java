package dev.snailbench.tenancy;

import io.quarkus.runtime.configuration.MemorySize;
import io.quarkus.vertx.http.runtime.RouteConstants;
import io.vertx.core.json.Json;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Optional;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * A request body larger than the service accepts ({@code quarkus.http.limits.max-body-size}) is refused before it is
 * read, with the platform's error body: its size, the limit and what to do ({@code snailbench.api.too-large-hint}),
 * rather than Quarkus' bare 413. A body sent without its length is cut by Quarkus at the limit.
 */
@ApplicationScoped
public class BodyLimit {

    static final String HINT = "snailbench.api.too-large-hint";

    private final Long limit;
    private final String hint;

    public BodyLimit() {
        var config = ConfigProvider.getConfig();
        this.limit = config.getOptionalValue("quarkus.http.limits.max-body-size", MemorySize.class)
                .map(MemorySize::asLongValue)
                .orElse(null);
        this.hint = config.getOptionalValue(HINT, String.class).orElse("send it in smaller requests");
    }

    void install(@Observes Router router) {
        if (limit != null) {
            // Before Quarkus' own check of the declared length (the upload limit route).
            router.route().order(RouteConstants.ROUTE_ORDER_UPLOAD_LIMIT - 1).handler(this::check);
        }
    }

    private void check(RoutingContext context) {
        Optional<Long> declared = declared(context.request().getHeader("Content-Length"));
        if (declared.isPresent() && declared.get() > limit) {
            // The body is not read: the connection is closed once the answer is out, whatever the client still sends.
            context.response()
                    .setStatusCode(413)
                    .putHeader("Content-Type", "application/json")
                    .putHeader("Connection", "close")
                    .end(Json.encode(new ApiError(413, message(declared.get(), limit, hint), "body")))
                    .onComplete(done -> context.request().connection().close());
            return;
        }
        context.next();
    }

    /** {@code the request body has 20000000 bytes; at most 16777216 are accepted: <hint>}. */
    static String message(long bytes, long max, String hint) {
        return "the request body has " + bytes + " bytes; at most " + max + " are accepted: " + hint;
    }

    private static Optional<Long> declared(String header) {
        try {
            return header == null ? Optional.empty() : Optional.of(Long.parseLong(header.trim()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
