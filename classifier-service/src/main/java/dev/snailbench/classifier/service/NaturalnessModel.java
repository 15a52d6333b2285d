package dev.snailbench.classifier.service;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtProvider;
import ai.onnxruntime.OrtSession;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.classifier.config.ClassifierConfig.ExecutionProvider;
import dev.snailbench.classifier.features.EnglishWords;
import dev.snailbench.classifier.features.FeatureExtractor;
import dev.snailbench.classifier.features.FeatureVector;
import dev.snailbench.classifier.model.ModelMetadata;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The trained naturalness model in an ONNX Runtime session, with the feature extraction it was trained with.
 * Blocking and thread-safe: call {@link #predict} from worker threads only.
 */
public final class NaturalnessModel implements AutoCloseable {

    private final OrtEnvironment env;
    private final OrtSession session;
    private final ModelMetadata metadata;
    /**
     * Made at the first classification, not at start: its English-word index (EnglishWords, about 0.6 CPU-s to
     * build) is needed only then, and no job of a team classifies anything (only the workbench's crosswalk builds
     * and POST /classify do).
     */
    private volatile FeatureExtractor extractor;

    private final ExecutionProvider provider;
    private final ThreadLocal<Buffers> buffers = ThreadLocal.withInitial(Buffers::new);

    private NaturalnessModel(
            OrtEnvironment env, OrtSession session, ModelMetadata metadata, ExecutionProvider provider) {
        this.env = env;
        this.session = session;
        this.metadata = metadata;
        this.provider = provider;
    }

    /**
     * Loads {@code naturalness.onnx} and {@code model.json} from {@code dir}.
     *
     * @throws IllegalStateException with the reason when the model is missing, was trained with another feature
     *                               version, or the execution provider is unavailable
     */
    public static NaturalnessModel load(Path dir, ExecutionProvider provider, int cudaDevice, int intraOpThreads) {
        Path onnx = dir.resolve(ModelMetadata.ONNX_FILE);
        Path json = dir.resolve(ModelMetadata.FILE);
        if (!Files.isRegularFile(onnx) || !Files.isRegularFile(json)) {
            throw new IllegalStateException("no naturalness model in " + dir.toAbsolutePath() + " (expected "
                    + ModelMetadata.ONNX_FILE + " and " + ModelMetadata.FILE + "): build classifier-service with Maven "
                    + "(training runs in process-classes) or set snailbench.classifier.model-dir");
        }
        ModelMetadata metadata;
        try {
            metadata = new ObjectMapper()
                    .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .readValue(json.toFile(), ModelMetadata.class);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read model metadata " + json + ": " + e.getMessage(), e);
        }
        if (!FeatureExtractor.VERSION.equals(metadata.featureExtractionVersion())) {
            throw new IllegalStateException("model in " + dir + " was trained with features "
                    + metadata.featureExtractionVersion() + " but this code extracts " + FeatureExtractor.VERSION
                    + ": rebuild classifier-service to retrain");
        }
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            options.setIntraOpNumThreads(intraOpThreads);
            options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
            if (provider == ExecutionProvider.cuda) {
                if (!OrtEnvironment.getAvailableProviders().contains(OrtProvider.CUDA)) {
                    throw new IllegalStateException(
                            "snailbench.classifier.execution-provider=cuda, but this ONNX Runtime "
                                    + "has no CUDA execution provider (available: "
                                    + OrtEnvironment.getAvailableProviders()
                                    + "): build with the Maven profile 'gpu' (onnxruntime_gpu) on a machine with CUDA and cuDNN, "
                                    + "or set snailbench.classifier.execution-provider=cpu");
                }
                try {
                    options.addCUDA(cudaDevice);
                } catch (OrtException e) {
                    throw new IllegalStateException(
                            "snailbench.classifier.execution-provider=cuda, but the CUDA execution "
                                    + "provider failed to start on device " + cudaDevice
                                    + " (are the NVIDIA driver, CUDA and "
                                    + "cuDNN installed?): " + e.getMessage(),
                            e);
                }
            }
            // The word lists must be there (a missing artifact fails the start, not the first request); the index
            // built from them waits for the first classification (extractor()).
            EnglishWords.requireLists(NaturalnessModel.class.getClassLoader());
            OrtSession session = env.createSession(onnx.toString(), options);
            return new NaturalnessModel(env, session, metadata, provider);
        } catch (OrtException e) {
            throw new IllegalStateException("cannot load ONNX model " + onnx + ": " + e.getMessage(), e);
        }
    }

    public ModelMetadata metadata() {
        return metadata;
    }

    public ExecutionProvider provider() {
        return provider;
    }

    /** The feature extraction the model was trained with; its English-word index is built at the first call. */
    public FeatureExtractor extractor() {
        FeatureExtractor made = extractor;
        if (made == null) {
            synchronized (this) {
                made = extractor;
                if (made == null) {
                    made = new FeatureExtractor(EnglishWords.get());
                    extractor = made;
                }
            }
        }
        return made;
    }

    public List<String> labels() {
        return metadata.labels();
    }

    /**
     * Class probabilities of {@code identifiers.get(from..to)}, row-major {@code [to - from][labels]}: one ONNX run.
     */
    public float[] predict(List<String> identifiers, int from, int to) {
        int n = to - from;
        int classes = metadata.labels().size();
        if (n == 0) {
            return new float[0];
        }
        FeatureExtractor extractor = extractor();
        Buffers b = buffers.get();
        b.features.clearAll();
        int total = 0;
        for (int i = 0; i < n; i++) {
            FeatureVector v = b.features.next();
            extractor.extract(identifiers.get(from + i), v);
            total += v.size();
        }
        LongBuffer indices = b.indices(total);
        FloatBuffer values = b.values(total);
        LongBuffer ends = b.ends(n);
        int position = 0;
        for (int i = 0; i < n; i++) {
            FeatureVector v = b.features.get(i);
            for (int k = 0; k < v.size(); k++) {
                indices.put(v.index(k));
                values.put(v.value(k));
            }
            // Every identifier has features (length, token count, ...), so its segment is never empty.
            position += v.size();
            ends.put(position - 1);
        }
        indices.flip();
        values.flip();
        ends.flip();
        try (OnnxTensor indexTensor = OnnxTensor.createTensor(env, indices, new long[] {total});
                OnnxTensor valueTensor = OnnxTensor.createTensor(env, values, new long[] {total});
                OnnxTensor endTensor = OnnxTensor.createTensor(env, ends, new long[] {n});
                OrtSession.Result result = session.run(Map.of(
                        ModelMetadata.INPUT_INDICES,
                        indexTensor,
                        ModelMetadata.INPUT_VALUES,
                        valueTensor,
                        ModelMetadata.INPUT_ENDS,
                        endTensor))) {
            FloatBuffer probabilities = ((OnnxTensor) result.get(0)).getFloatBuffer();
            float[] out = new float[n * classes];
            probabilities.get(out);
            return out;
        } catch (OrtException e) {
            throw new IllegalStateException("ONNX inference failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            session.close();
        } catch (OrtException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Per-thread direct buffers, grown on demand, so a batch allocates almost nothing. */
    private static final class Buffers {
        final FeaturePool features = new FeaturePool();
        private LongBuffer indices = LongBuffer.allocate(0);
        private FloatBuffer values = FloatBuffer.allocate(0);
        private LongBuffer ends = LongBuffer.allocate(0);

        LongBuffer ends(int size) {
            if (ends.capacity() < size) {
                ends = ByteBuffer.allocateDirect(size * 2 * Long.BYTES)
                        .order(ByteOrder.nativeOrder())
                        .asLongBuffer();
            }
            ends.clear();
            return ends;
        }

        LongBuffer indices(int size) {
            if (indices.capacity() < size) {
                indices = ByteBuffer.allocateDirect(size * 2 * Long.BYTES)
                        .order(ByteOrder.nativeOrder())
                        .asLongBuffer();
            }
            indices.clear();
            return indices;
        }

        FloatBuffer values(int size) {
            if (values.capacity() < size) {
                values = ByteBuffer.allocateDirect(size * 2 * Float.BYTES)
                        .order(ByteOrder.nativeOrder())
                        .asFloatBuffer();
            }
            values.clear();
            return values;
        }
    }

    private static final class FeaturePool {
        private FeatureVector[] vectors = new FeatureVector[0];
        private int used;

        void clearAll() {
            used = 0;
        }

        FeatureVector next() {
            if (used == vectors.length) {
                vectors = Arrays.copyOf(vectors, Math.max(16, used * 2));
                for (int i = used; i < vectors.length; i++) {
                    vectors[i] = new FeatureVector();
                }
            }
            return vectors[used++];
        }

        FeatureVector get(int i) {
            return vectors[i];
        }
    }
}
