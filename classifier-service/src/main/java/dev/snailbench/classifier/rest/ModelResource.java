package dev.snailbench.classifier.rest;

import dev.snailbench.classifier.model.ModelMetadata;
import dev.snailbench.classifier.service.ClassifierService;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** {@code GET /model}: which model answers, and how it scored on the validation split. */
@Path("/model")
@Produces(MediaType.APPLICATION_JSON)
public class ModelResource {

    /** Model facts for clients. */
    public record ModelInfo(
            String modelVersion,
            String trainingDate,
            String featureExtractionVersion,
            List<String> labels,
            String executionProvider,
            String trainer,
            String hyperparameters,
            String wordList,
            int trainRows,
            String trainedOn,
            int validationRows,
            double validationAccuracy,
            double validationMacroF1,
            Map<String, Map<String, Integer>> confusionMatrix,
            Map<String, Double> validationF1ByLabel,
            double crossFittedAccuracy,
            double crossFittedMacroF1,
            Map<String, Map<String, Integer>> crossFittedConfusionMatrix) {}

    private final ClassifierService classifier;

    public ModelResource(ClassifierService classifier) {
        this.classifier = classifier;
    }

    @Operation(
            operationId = "describeModel",
            summary = "Describe the served naturalness model and its validation figures")
    @APIResponse(responseCode = "200", description = "the model card")
    /** A tenant's key is needed, as everywhere on the platform's API. */
    @GET
    public Uni<ModelInfo> model() {
        return Uni.createFrom().item(this::card);
    }

    private ModelInfo card() {
        ModelMetadata m = classifier.metadata();
        return new ModelInfo(
                m.modelVersion(),
                m.trainingDate(),
                m.featureExtractionVersion(),
                m.labels(),
                classifier.executionProvider().name(),
                m.trainer(),
                m.hyperparameters(),
                m.wordList(),
                m.trainRows(),
                m.trainedOn(),
                m.validationRows(),
                m.validationAccuracy(),
                m.validationMacroF1(),
                m.confusionMatrix(),
                m.validationF1ByLabel(),
                m.crossFittedAccuracy(),
                m.crossFittedMacroF1(),
                m.crossFittedConfusionMatrix());
    }
}
