package dev.snailbench.workbench.refiner;

import dev.snailbench.workbench.synthetic.TextEmbedder;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The semantic similarity score's vectors: every distinct text embedded once, in batches (one request each for a
 * remote backend), then looked up while detection compares pairs.
 */
public final class SemanticSimilarityVectors {

    private SemanticSimilarityVectors() {}

    public static Uni<Function<String, float[]>> vectors(TextEmbedder embedder, Collection<String> texts, int batch) {
        List<String> list = List.copyOf(texts);
        List<List<String>> batches = new ArrayList<>();
        for (int i = 0; i < list.size(); i += Math.max(1, batch)) {
            batches.add(list.subList(i, Math.min(list.size(), i + Math.max(1, batch))));
        }
        return Multi.createFrom()
                .iterable(batches)
                .onItem()
                .transformToUniAndConcatenate(embedder::embed)
                .collect()
                .asList()
                .map(parts -> {
                    Map<String, float[]> byText = new HashMap<>();
                    int i = 0;
                    for (List<float[]> part : parts) {
                        for (float[] v : part) {
                            byText.put(list.get(i++), v);
                        }
                    }
                    return text -> {
                        float[] v = byText.get(text);
                        if (v == null) {
                            throw new IllegalStateException("no vector for '" + text + "'");
                        }
                        return v;
                    };
                });
    }
}
