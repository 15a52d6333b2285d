package dev.snailbench.tenancy;

import dev.snailbench.model.Channels;
import dev.snailbench.testkit.InMemoryChannels;
import io.quarkus.test.common.WithTestResource;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;

/**
 * The test application's in-memory tier: the tenants channel on the in-memory connector, no broker, no database
 * (what reaches the database is mocked). One set of resources, so one application start serves every test that
 * carries it; {@code mvn test} runs them.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@WithTestResource(InMemoryTier.TenantChannels.class)
public @interface InMemoryTier {
    /** The test application's channels on the in-memory connector. */
    class TenantChannels extends InMemoryChannels {

        public TenantChannels() {
            super(List.of(Channels.TENANTS), List.of());
        }
    }
}
