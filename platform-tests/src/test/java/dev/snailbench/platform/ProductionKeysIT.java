package dev.snailbench.platform;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.datasets.DataDir;
import dev.snailbench.localstack.Stack;
import dev.snailbench.model.domain.ProductionKeys;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The services as packaged, in the prod profile (real Kafka and PostgreSQL), do not start with a key written in the
 * repository: the generator with the dev admin key, the executor with the public dev/test secrets key. Each exits
 * and says which setting and how to make a key; every other end-to-end test starts them with keys of their own. Both
 * starts run at once, on one broker and one platform database; each test checks one.
 */
class ProductionKeysIT {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path LOGS = ROOT.resolve("platform-tests/target/production-keys-logs");

    private static Stack stack;
    private static CompletableFuture<Throwable> generator;
    private static CompletableFuture<Throwable> executor;

    @BeforeAll
    static void startBoth() {
        // The broker and the databases alone; each service is then added with its key.
        stack = Stack.start(ROOT, DataDir.resolve(), LOGS, EnumSet.noneOf(Stack.Service.class));
        generator = start(Stack.Service.GENERATOR, Map.of("SNAILBENCH_ADMIN_KEY", "dev-admin-key"));
        executor = start(
                Stack.Service.EXECUTOR,
                Map.of(
                        "SNAILBENCH_SECRETS_KEY",
                        ProductionKeys.PUBLISHED_SECRETS_KEYS.iterator().next()));
    }

    @AfterAll
    static void stop() {
        if (stack != null) {
            CompletableFuture.allOf(generator, executor)
                    .exceptionally(e -> null)
                    .join();
            stack.closeNow();
        }
    }

    @Test
    void shouldNotStartTheGeneratorWithTheDevAdminKey() throws IOException {
        assertRefusedToStart(
                Stack.Service.GENERATOR, generator.join(), "SNAILBENCH_ADMIN_KEY", "openssl rand -base64 24");
    }

    @Test
    void shouldNotStartTheExecutorWithThePublicSecretsKey() throws IOException {
        assertRefusedToStart(
                Stack.Service.EXECUTOR, executor.join(), "SNAILBENCH_SECRETS_KEY", "openssl rand -base64 32");
    }

    /**
     * Adds the service to the stack with the given environment, on a thread of its own; what the start threw, or null
     * if it started.
     */
    private static CompletableFuture<Throwable> start(Stack.Service service, Map<String, String> environment) {
        return CompletableFuture.supplyAsync(
                () -> {
                    try {
                        stack.add(service, environment);
                        return null;
                    } catch (RuntimeException e) {
                        return e;
                    }
                },
                task -> new Thread(task, "start-" + service.module()).start());
    }

    private static void assertRefusedToStart(Stack.Service service, Throwable thrown, String setting, String advice)
            throws IOException {
        assertThat(thrown)
                .as("%s's start", service.module())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(service.module() + " exited with");
        String log = Files.readString(LOGS.resolve(service.module() + ".log"));
        assertThat(log)
                .contains(service.module() + " does not start in the prod profile: ")
                .contains(setting)
                .contains(advice);
    }
}
