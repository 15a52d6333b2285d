package dev.snailbench.workbench.refiner;

import dev.snailbench.workbench.embedding.MiniLm;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Vectors for detection tests and benchmarks: the built-in MiniLM model (loaded once per JVM, every text embedded
 * once and kept, since injected variants of one schema share most texts) or the lexical backend.
 */
final class TestEmbeddings {

    private static MiniLm model;
    private static final Map<String, float[]> CACHE = new ConcurrentHashMap<>();

    private TestEmbeddings() {}

    static synchronized Function<String, float[]> minilm(Collection<String> texts) {
        if (model == null) {
            model = MiniLm.load(MiniLm.Provider.cpu, 0, 1);
        }
        List<String> missing = new ArrayList<>();
        for (String t : texts) {
            if (!CACHE.containsKey(t)) {
                missing.add(t);
            }
        }
        List<float[]> vectors = model.embed(missing, 1);
        for (int i = 0; i < missing.size(); i++) {
            CACHE.put(missing.get(i), vectors.get(i));
        }
        return CACHE::get;
    }

    /** {@code name}: minilm or lexical. */
    static Function<String, float[]> of(String name, Collection<String> texts) {
        return name.equals("lexical") ? AmbiguityDetectorTest.lexical(texts) : minilm(texts);
    }
}
