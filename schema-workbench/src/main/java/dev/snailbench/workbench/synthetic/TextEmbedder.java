package dev.snailbench.workbench.synthetic;

import io.smallrye.mutiny.Uni;
import java.util.List;

/** Texts to vectors, for choosing the candidate question closest to the others. */
public interface TextEmbedder {

    /** One vector per text, in order. */
    Uni<List<float[]>> embed(List<String> texts);
}
