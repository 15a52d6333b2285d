package dev.snailbench.tenancy;

import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.SocketAddress;

/**
 * Who sent a request (its remote address), for {@link FailedAuthLimiter}'s per-client limit on unknown keys. Behind
 * a proxy, {@code quarkus.http.proxy.proxy-address-forwarding} (with trusted proxies) makes this the real client.
 */
final class ClientAddress {

    /** The client of a request without a remote address; all such callers share one bucket. */
    static final String NONE = "(no client address)";

    private ClientAddress() {}

    static String of(HttpServerRequest request) {
        SocketAddress remote = request == null ? null : request.remoteAddress();
        if (remote == null) {
            return NONE;
        }
        return remote.hostAddress() != null ? remote.hostAddress() : remote.toString();
    }
}
