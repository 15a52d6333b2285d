package dev.snailbench.workbench.llm;

import dev.snailbench.model.domain.NaturalnessLevel;
import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.Map;

/** LLM renaming of identifiers, used by crosswalk builds when asked for. */
public interface IdentifierLlm {

    /** One identifier to expand, with what helps to decode it. */
    record ExpansionInput(String identifier, String table, List<String> neighbours, String comment) {}

    boolean configured();

    /** Regular (complete-word) names for abbreviated identifiers; one answer per input or a failure. */
    Uni<Map<String, String>> expand(List<ExpansionInput> inputs, String dataDictionary);

    /** Few-shot abbreviations at {@code level} (Low or Least); one answer per identifier or a failure. */
    Uni<Map<String, String>> abbreviate(List<String> identifiers, NaturalnessLevel level);
}
