package dev.snailbench.generator.testing;

import dev.snailbench.testkit.FakeOpenAiTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;

/**
 * Every {@code @QuarkusTest} of this module gets its five LLM backends pointing at the platform's fake
 * OpenAI-compatible server (loopback), answering with {@link LlmAnswers} (global, so it costs no extra application
 * start).
 */
@QuarkusTestResource(
        value = FakeOpenAiTestResource.class,
        initArgs = {
            @ResourceArg(
                    name = "base-url",
                    value = "snailbench.crosswalks.llm.base-url,snailbench.synthetic.llm.base-url,"
                            + "snailbench.synthetic.embeddings.base-url,snailbench.refiner.llm.base-url,"
                            + "snailbench.refiner.embeddings.base-url"),
            @ResourceArg(name = "answers", value = "dev.snailbench.generator.testing.LlmAnswers"),
            @ResourceArg(name = "snailbench.refiner.embeddings.model", value = LlmAnswers.WORD_MODEL)
        })
public class LocalLlm {}
