package dev.snailbench.tenancy;

import dev.snailbench.model.domain.ApiKeys;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ResourceInfo;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Every REST endpoint of every service needs an {@code X-API-Key}, unless it is {@link Keyless}: this filter reads
 * the header, authenticates it ({@link TenantAuthenticator}: an unknown key waits for its registration without
 * holding a thread, then 401; 429 for an address out of tokens) and puts the tenant in the request's
 * {@link Caller}. Failures are thrown to the exception mappers, so a refused key has the platform's error body.
 * <p>
 * Non-blocking: it runs on the event loop (where the key lookup's reactive session must run) before a blocking
 * resource method moves to a worker thread. RESTEasy Reactive runs non-blocking filters before all others, so no
 * service may add a blocking pre-matching filter (the build refuses it).
 */
public class ApiKeyFilter {

    private final TenantAuthenticator authenticator;
    private final Caller caller;
    private final Map<Method, Boolean> keyless = new ConcurrentHashMap<>();

    public ApiKeyFilter(TenantAuthenticator authenticator, Caller caller) {
        this.authenticator = authenticator;
        this.caller = caller;
    }

    @ServerRequestFilter(nonBlocking = true, priority = Priorities.AUTHENTICATION)
    public Uni<Void> authenticate(
            ContainerRequestContext request, ResourceInfo resource, HttpServerRequest connection) {
        Method method = resource.getResourceMethod();
        if (method == null || keyless.computeIfAbsent(method, ApiKeyFilter::isKeyless)) {
            return Uni.createFrom().voidItem();
        }
        return authenticator
                .tenantOf(request.getHeaderString(ApiKeys.HEADER), ClientAddress.of(connection))
                .invoke(caller::authenticated)
                .replaceWithVoid();
    }

    static boolean isKeyless(Method method) {
        return method.isAnnotationPresent(Keyless.class)
                || method.getDeclaringClass().isAnnotationPresent(Keyless.class);
    }
}
