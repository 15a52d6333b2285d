package dev.snailbench.testkit;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.HashMap;
import java.util.Map;

/**
 * Points a {@code @QuarkusTest}'s LLM backends at the {@link FakeOpenAi} server (loopback only). Arguments
 * ({@code @ResourceArg}): {@code base-url}, the comma-separated properties that get the server's base URL;
 * {@code answers}, the class name of the module's {@link FakeOpenAi.Answers} (public, no-argument constructor);
 * any other argument is set as a configuration property as given.
 */
public class FakeOpenAiTestResource implements QuarkusTestResourceLifecycleManager {

    private final Map<String, String> properties = new HashMap<>();

    @Override
    public void init(Map<String, String> args) {
        FakeOpenAi fake = FakeOpenAi.instance();
        args.forEach((name, value) -> {
            if (name.equals("base-url")) {
                for (String property : value.split(",")) {
                    properties.put(property.strip(), fake.baseUrl());
                }
            } else if (name.equals("answers")) {
                fake.answers(answers(value));
            } else {
                properties.put(name, value);
            }
        });
    }

    private static FakeOpenAi.Answers answers(String className) {
        try {
            return (FakeOpenAi.Answers)
                    Class.forName(className, true, Thread.currentThread().getContextClassLoader())
                            .getConstructor()
                            .newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make the fake OpenAI answers " + className, e);
        }
    }

    @Override
    public Map<String, String> start() {
        return Map.copyOf(properties);
    }

    @Override
    public void stop() {
        // Shared by every test class of the module; stopped when the JVM exits.
    }
}
