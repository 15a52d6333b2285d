package dev.snailbench.testkit;

import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.problem.Unauthorized;
import io.smallrye.mutiny.Uni;
import org.mockito.stubbing.Answer;

/**
 * The in-memory tier's one tenant: a service's mocked {@code TenantAuthenticator} answers {@link #ANSWER}, which
 * knows {@link #KEY} and refuses any other key with a 401 naming the header. The real key lookup (registration over
 * the tenants topic, the wait for a new key, its messages) is tenancy-support's, tested there on the real stack.
 * A test extending {@link InMemoryTenantTest} gets the mocked authenticator.
 */
public final class InMemoryTenant {

    /** The key the mocked authenticator knows. */
    public static final String KEY = "sb_in-memory-tier-key";
    /** The tenant of {@link #KEY}. */
    public static final String TENANT = "tenant-in-memory";
    /** {@code tenantOf(apiKey, client)}: {@link #TENANT} for {@link #KEY}, else a 401. */
    public static final Answer<Uni<String>> ANSWER = call -> KEY.equals(call.getArgument(0))
            ? Uni.createFrom().item(TENANT)
            : Uni.createFrom().failure(new Unauthorized("unknown to the in-memory tier", ApiKeys.HEADER));

    private InMemoryTenant() {}
}
