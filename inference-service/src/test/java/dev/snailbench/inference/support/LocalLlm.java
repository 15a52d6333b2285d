package dev.snailbench.inference.support;

import io.quarkus.test.common.QuarkusTestResource;

/**
 * Every {@code @QuarkusTest} of this module gets the local fake OpenAI-compatible server behind its {@code fake}
 * and {@code fake-legacy} backends (global, so it costs no extra application start); the broker and the database
 * come with {@code @RealInfrastructure}.
 */
@QuarkusTestResource(value = FakeOpenAiResource.class, parallel = true)
public class LocalLlm {
}
