package dev.snailbench.tenancy;

import io.smallrye.common.vertx.ContextLocals;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.SocketAddress;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Remembers who sent the request being handled (its remote address, on the request's own Vert.x context), so that
 * {@link TenantAuthenticator} can limit unknown keys per client without every resource passing it along. Behind a
 * proxy, {@code quarkus.http.proxy.proxy-address-forwarding} (with trusted proxies) makes this the real client.
 */
public class ClientAddress {

    private static final String KEY = "snailbench.client-address";
    /** The client of work done outside an HTTP request (none today); all such callers share one bucket. */
    static final String NONE = "(no client address)";

    @ServerRequestFilter(preMatching = true)
    public void remember(HttpServerRequest request) {
        SocketAddress remote = request.remoteAddress();
        if (remote != null && Vertx.currentContext() != null) {
            ContextLocals.put(KEY, remote.hostAddress() != null ? remote.hostAddress() : remote.toString());
        }
    }

    /** The current request's client address. */
    static String current() {
        if (Vertx.currentContext() == null) {
            return NONE;
        }
        return ContextLocals.<String>get(KEY).orElse(NONE);
    }
}
