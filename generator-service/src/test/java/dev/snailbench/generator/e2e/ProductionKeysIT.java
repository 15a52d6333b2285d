package dev.snailbench.generator.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.datasets.DataDir;
import dev.snailbench.localstack.Stack;
import dev.snailbench.model.domain.ProductionKeys;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The services as packaged, in the prod profile (real Kafka and PostgreSQL), do not start with a key written in the
 * repository: the generator with the dev admin key, the executor with the public dev/test secrets key. Each exits
 * and says which setting and how to make a key; every other end-to-end test starts them with keys of their own.
 */
class ProductionKeysIT {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path LOGS = ROOT.resolve("generator-service/target/production-keys-logs");

    @Test
    void shouldNotStartTheGeneratorWithTheDevAdminKey() throws IOException {
        assertRefusedToStart(Stack.Service.GENERATOR, Map.of("SNAILBENCH_ADMIN_KEY", "dev-admin-key"),
                "SNAILBENCH_ADMIN_KEY", "openssl rand -base64 24");
    }

    @Test
    void shouldNotStartTheExecutorWithThePublicSecretsKey() throws IOException {
        String published = ProductionKeys.PUBLISHED_SECRETS_KEYS.iterator().next();
        assertRefusedToStart(Stack.Service.EXECUTOR, Map.of("SNAILBENCH_SECRETS_KEY", published),
                "SNAILBENCH_SECRETS_KEY", "openssl rand -base64 32");
    }

    private static void assertRefusedToStart(Stack.Service service, Map<String, String> environment,
            String setting, String advice) throws IOException {
        Path logs = LOGS.resolve(service.module());
        assertThatThrownBy(() -> Stack.start(ROOT, DataDir.resolve(), logs, EnumSet.of(service), Map.of(),
                environment).close()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(service.module() + " exited with");
        String log = Files.readString(logs.resolve(service.module() + ".log"));
        assertThat(log).contains(service.module() + " does not start in the prod profile: ").contains(setting)
                .contains(advice);
    }
}
