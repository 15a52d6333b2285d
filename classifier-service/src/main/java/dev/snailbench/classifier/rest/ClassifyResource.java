package dev.snailbench.classifier.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.snailbench.classifier.config.ClassifierConfig;
import dev.snailbench.classifier.service.Classification;
import dev.snailbench.classifier.service.ClassifierService;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.problem.TooLarge;
import dev.snailbench.tenancy.Caller;
import dev.snailbench.tenancy.JsonErrors;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** {@code POST /classify}: naturalness of up to {@code max-identifiers-per-request} identifiers, in input order. */
@Path("/classify")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class ClassifyResource {

    /** The answer: one result per identifier, in the request's order. */
    public record ClassifyResponse(String modelVersion, List<Classification> results) {}

    private final ClassifierService classifier;
    private final ClassifierConfig config;
    private final Caller caller;

    public ClassifyResource(ClassifierService classifier, ClassifierConfig config, Caller caller) {
        this.classifier = classifier;
        this.config = config;
        this.caller = caller;
    }

    /** A tenant's identifiers (its schema's names) are its data: the caller needs a key. */
    @Operation(operationId = "classifyIdentifiers", summary = "Classify identifiers as Regular, Low or Least natural")
    @APIResponse(responseCode = "200", description = "each identifier with its level and probabilities")
    @POST
    public Uni<ClassifyResponse> classify(JsonNode body) {
        return classifyChecked(body);
    }

    private Uni<ClassifyResponse> classifyChecked(JsonNode body) {
        List<String> identifiers = identifiers(body, config.maxIdentifiersPerRequest());
        return classifier
                .classify(identifiers)
                .map(results -> new ClassifyResponse(classifier.metadata().modelVersion(), results));
    }

    /** Validates {@code {"identifiers": ["…", …]}} and names the first offending index. */
    static List<String> identifiers(JsonNode body, int max) {
        if (body == null || !body.isObject() || !body.has("identifiers")) {
            throw new InvalidInput(null, "body must be a JSON object with an array field 'identifiers'");
        }
        JsonErrors.onlyFields(body, "", "identifiers");
        JsonNode array = body.get("identifiers");
        if (!array.isArray()) {
            throw new InvalidInput("identifiers", "'identifiers' must be an array of strings");
        }
        if (array.size() > max) {
            throw new TooLarge(
                    "too many identifiers: " + array.size() + " in one request, at most " + max
                            + " (split the list into several requests)",
                    "identifiers");
        }
        List<String> identifiers = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            JsonNode item = array.get(i);
            if (!item.isTextual()) {
                throw new InvalidInput(
                        "identifiers[" + i + "]",
                        "identifiers[" + i + "] must be a string, got "
                                + item.getNodeType().toString().toLowerCase());
            }
            if (item.asText().isBlank()) {
                throw new InvalidInput("identifiers[" + i + "]", "identifiers[" + i + "] is empty");
            }
            identifiers.add(item.asText());
        }
        return identifiers;
    }
}
