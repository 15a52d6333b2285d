package dev.snailbench.inference.support;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/** Points the test backends at the fake OpenAI-compatible server (loopback only). */
public class FakeOpenAiResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        String url = FakeOpenAi.instance().baseUrl();
        return Map.of(
                "snailbench.inference.backends.fake.base-url", url,
                "snailbench.inference.backends.fake-legacy.base-url", url);
    }

    @Override
    public void stop() {
        // Shared by every test class of the module; stopped when the JVM exits.
    }
}
