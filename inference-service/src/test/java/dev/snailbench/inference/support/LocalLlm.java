package dev.snailbench.inference.support;

import dev.snailbench.testkit.FakeOpenAiTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/**
 * Every {@code @QuarkusTest} of this module gets the platform's fake OpenAI-compatible server behind its {@code fake}
 * and {@code fake-legacy} backends (global, so it costs no extra application start); the broker and the database
 * come with {@code @RealInfrastructure}.
 */
@QuarkusTestResource(
        value = FakeOpenAiTestResource.class,
        parallel = true,
        initArgs =
                @ResourceArg(
                        name = "base-url",
                        value =
                                "snailbench.inference.backends.fake.base-url,snailbench.inference.backends.fake-legacy.base-url"))
public class LocalLlm {}
