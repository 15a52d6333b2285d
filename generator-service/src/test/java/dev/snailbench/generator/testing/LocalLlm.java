package dev.snailbench.generator.testing;

import io.quarkus.test.common.QuarkusTestResource;

/**
 * Every {@code @QuarkusTest} of this module gets {@code snailbench.crosswalks.llm.base-url} pointing at the
 * local fake OpenAI-compatible server (global, so it costs no extra application start).
 */
@QuarkusTestResource(FakeOpenAiTestResource.class)
public class LocalLlm {
}
