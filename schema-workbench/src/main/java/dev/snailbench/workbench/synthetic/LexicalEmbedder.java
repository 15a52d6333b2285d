package dev.snailbench.workbench.synthetic;

import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The offline embeddings: character 3-gram counts of the lower-cased text (with word boundaries), hashed into a
 * fixed number of dimensions and scaled to unit length. Close texts share most of their 3-grams.
 */
public final class LexicalEmbedder implements TextEmbedder {

    static final int DIMENSIONS = 1024;

    @Override
    public Uni<List<float[]>> embed(List<String> texts) {
        List<float[]> out = new ArrayList<>(texts.size());
        texts.forEach(t -> out.add(vector(t)));
        return Uni.createFrom().item(out);
    }

    static float[] vector(String text) {
        float[] v = new float[DIMENSIONS];
        String padded = " "
                + text.toLowerCase(Locale.ROOT)
                        .replaceAll("[^\\p{L}\\p{N}]+", " ")
                        .trim() + " ";
        for (int i = 0; i + 3 <= padded.length(); i++) {
            int h = padded.substring(i, i + 3).hashCode();
            v[Math.floorMod(h, DIMENSIONS)] += 1f;
        }
        return Centroid.unit(v);
    }
}
