package dev.snailbench.localstack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code ./snailbench up --backend NAME=URL[,model=M][,key-env=VAR]}: what the inference service is given. */
class BackendTest {

    @Test
    void shouldGiveTheInferenceServiceEachBackendsUrlAndModelAndItsKeyThroughTheEnvironment() {
        Up.Options options = Up.Options.parse(new String[] {
            "/checkout",
            "--backend",
            "ollama=http://127.0.0.1:11434/v1/,model=qwen2.5-coder:7b",
            "--backend",
            "my-llm=https://llm.example/v1,key-env=MY_LLM_KEY"
        });

        assertThat(Backend.properties(options.backends()))
                .containsExactly(
                        Map.entry("snailbench.inference.backends.ollama.base-url", "http://127.0.0.1:11434/v1"),
                        Map.entry("snailbench.inference.backends.ollama.model", "qwen2.5-coder:7b"),
                        Map.entry("snailbench.inference.backends.my-llm.base-url", "https://llm.example/v1"),
                        // Without model=, the backend's name is the model asked for.
                        Map.entry("snailbench.inference.backends.my-llm.model", "my-llm"),
                        // The first backend also serves the workbench's LLM features in the generator.
                        Map.entry("snailbench.crosswalks.llm.base-url", "http://127.0.0.1:11434/v1"),
                        Map.entry("snailbench.crosswalks.llm.model", "qwen2.5-coder:7b"),
                        Map.entry("snailbench.refiner.llm.base-url", "http://127.0.0.1:11434/v1"),
                        Map.entry("snailbench.refiner.llm.model", "qwen2.5-coder:7b"),
                        Map.entry("snailbench.synthetic.llm.base-url", "http://127.0.0.1:11434/v1"),
                        Map.entry("snailbench.synthetic.llm.model", "qwen2.5-coder:7b"));
        assertThat(Backend.environment(options.backends(), Map.of("MY_LLM_KEY", "sk-123")))
                .containsExactly(Map.entry("SNAILBENCH_INFERENCE_BACKENDS_MY_LLM_API_KEY", "sk-123"));
        // The key is in no property: properties end up on the services' command lines.
        assertThat(Backend.properties(options.backends()).values()).doesNotContain("sk-123");
    }

    @Test
    void shouldGiveTheWorkbenchsLlmsTheFirstBackendsKeyThroughTheEnvironment() {
        Up.Options options = Up.Options.parse(new String[] {
            "/checkout",
            "--backend",
            "vllm=http://127.0.0.1:8000/v1,model=qwen,key-env=VLLM_KEY",
            "--backend",
            "ollama=http://127.0.0.1:11434/v1"
        });

        assertThat(Backend.environment(options.backends(), Map.of("VLLM_KEY", "sk-9")))
                .containsExactly(
                        Map.entry("SNAILBENCH_INFERENCE_BACKENDS_VLLM_API_KEY", "sk-9"),
                        Map.entry("SNAILBENCH_CROSSWALKS_LLM_API_KEY", "sk-9"),
                        Map.entry("SNAILBENCH_REFINER_LLM_API_KEY", "sk-9"),
                        Map.entry("SNAILBENCH_SYNTHETIC_LLM_API_KEY", "sk-9"));
        assertThat(Backend.properties(options.backends()))
                .containsEntry("snailbench.synthetic.llm.base-url", "http://127.0.0.1:8000/v1")
                .containsEntry("snailbench.synthetic.llm.model", "qwen");
    }

    @Test
    void shouldRefuseABackendItCannotUseSayingWhatToFix() {
        assertThatThrownBy(() -> Backend.parse("ollama=http://127.0.0.1:11434/v1,modle=llama3"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--backend ollama: 'modle=llama3' is not one of model=M, key-env=VAR: did you mean "
                        + "'model'?");
        assertThatThrownBy(() -> Backend.parse("ollama=127.0.0.1:11434"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--backend ollama: '127.0.0.1:11434' is not an http(s) URL");
        assertThatThrownBy(() -> Backend.parse("Ollama=http://x/v1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the name 'Ollama' must be lower-case");
        List<Backend> keyed = List.of(Backend.parse("cloud=https://llm.example/v1,key-env=CLOUD_KEY"));
        assertThatThrownBy(() -> Backend.environment(keyed, Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--backend cloud: key-env=CLOUD_KEY but $CLOUD_KEY is not set in this shell");
        assertThatThrownBy(() -> Up.Options.parse(
                        new String[] {"/checkout", "--backend", "a=http://x/v1", "--backend", "a=http://y/v1"}))
                .hasMessage("--backend a is given twice");
    }
}
