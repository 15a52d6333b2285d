package dev.snailbench.classifier.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtProvider;
import dev.snailbench.classifier.config.ClassifierConfig.ExecutionProvider;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExecutionProviderTest {

    private static final Path MODEL_DIR = Path.of("target/naturalness-model");

    @Test
    void shouldRefuseToStartWithAClearMessageWhenCudaIsAskedForButMissing() {
        assumeFalse(
                OrtEnvironment.getAvailableProviders().contains(OrtProvider.CUDA),
                "this ONNX Runtime has CUDA: the missing-CUDA error cannot happen here");
        assertThatThrownBy(() -> NaturalnessModel.load(MODEL_DIR, ExecutionProvider.cuda, 0, 1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("snailbench.classifier.execution-provider=cuda")
                .hasMessageContaining("Maven profile 'gpu'");
    }

    @Test
    void shouldRunOnTheCpuProviderByDefault() {
        try (NaturalnessModel model = NaturalnessModel.load(MODEL_DIR, ExecutionProvider.cpu, 0, 1)) {
            float[] probabilities = model.predict(List.of("customer_name", "QXZT7"), 0, 2);
            assertThat(probabilities).hasSize(6);
            assertThat(probabilities[0]).isGreaterThan(probabilities[2]); // customer_name: Regular over Least
            assertThat(probabilities[5]).isGreaterThan(probabilities[3]); // QXZT7: Least over Regular
        }
    }

    @Test
    void shouldExplainHowToGetAModelWhenTheFolderIsEmpty() {
        assertThatThrownBy(() -> NaturalnessModel.load(Path.of("target/no-such-model"), ExecutionProvider.cpu, 0, 1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no naturalness model")
                .hasMessageContaining("snailbench.classifier.model-dir");
    }
}
