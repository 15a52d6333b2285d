package dev.snailbench.testkit;

import io.quarkus.test.junit.QuarkusMock;
import org.junit.jupiter.api.BeforeEach;
import org.mockito.Mockito;
import org.mockito.invocation.InvocationOnMock;

/**
 * The base of an in-memory tier {@code @QuarkusTest} behind the key filter: before each test the service's
 * {@code TenantAuthenticator} is a mock answering {@link InMemoryTenant#ANSWER} ({@link #key()} known, any other key a
 * 401). The type is found by name: tenancy-support tests with this kit, so the kit cannot depend on it.
 */
public abstract class InMemoryTenantTest {

    /** The authenticator the key filter asks, tenancy-support's. */
    public static final String AUTHENTICATOR = "dev.snailbench.tenancy.TenantAuthenticator";

    @BeforeEach
    void mockTheTenantAuthenticator() throws ClassNotFoundException {
        install(Class.forName(AUTHENTICATOR, false, getClass().getClassLoader()));
    }

    private static <T> void install(Class<T> type) {
        QuarkusMock.installMockForType(Mockito.mock(type, InMemoryTenantTest::answer), type);
    }

    /** The key of {@link InMemoryTenant#TENANT}. */
    protected static String key() {
        return InMemoryTenant.KEY;
    }

    private static Object answer(InvocationOnMock call) throws Throwable {
        return "tenantOf".equals(call.getMethod().getName())
                ? InMemoryTenant.ANSWER.answer(call)
                : Mockito.RETURNS_DEFAULTS.answer(call);
    }
}
