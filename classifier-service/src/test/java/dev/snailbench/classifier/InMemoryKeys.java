package dev.snailbench.classifier;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.when;

import dev.snailbench.model.domain.ApiKeys;
import dev.snailbench.model.problem.Unauthorized;
import dev.snailbench.tenancy.TenantAuthenticator;
import io.smallrye.mutiny.Uni;

/**
 * The in-memory tier's one tenant: the mocked {@link TenantAuthenticator} knows {@link #KEY} and refuses any other
 * key with a 401. The real key lookup (registration over the tenants topic, the wait for a new key, its messages)
 * is tenancy-support's, tested there over the real broker and PostgreSQL.
 */
public final class InMemoryKeys {

    /** The key the mocked authenticator knows. */
    public static final String KEY = "sb_in-memory-tier-key";
    /** The tenant of {@link #KEY}. */
    public static final String TENANT = "tenant-in-memory";

    private InMemoryKeys() {
    }

    /** Makes the mocked authenticator know {@link #KEY} only. */
    public static void knowOnlyTheKey(TenantAuthenticator authenticator) {
        when(authenticator.tenantOf(any(), any())).thenAnswer(call -> KEY.equals(call.getArgument(0))
                ? Uni.createFrom().item(TENANT)
                : Uni.createFrom().failure(new Unauthorized("unknown to the in-memory tier", ApiKeys.HEADER)));
    }
}
