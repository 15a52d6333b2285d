package dev.snailbench.classifier.model;

import java.util.List;
import java.util.Map;

/**
 * What the build writes beside the ONNX model ({@code model.json}) and the service reports at {@code GET /model}.
 *
 * @param modelVersion             feature version plus a digest of the ONNX file
 * @param featureExtractionVersion must equal {@code FeatureExtractor.VERSION} of the running code
 * @param featureDimension         number of hash buckets = rows of the weight matrix
 * @param featureOrder             how input columns map to features
 * @param labels                   order of the probability columns
 * @param confusionMatrix          validation counts, actual label → predicted label → count
 */
public record ModelMetadata(String modelVersion, String featureExtractionVersion, int featureDimension,
        String featureOrder, List<String> labels, String inputIndices, String inputValues, String output,
        String trainingDate, String trainer, String hyperparameters, String wordList, int trainRows,
        int validationRows, double validationAccuracy, double validationMacroF1,
        Map<String, Map<String, Integer>> confusionMatrix, Map<String, Double> validationF1ByLabel,
        List<Candidate> modelSelection) {

    /** One configuration tried during model selection, with its validation scores. */
    public record Candidate(String hyperparameters, double validationAccuracy, double validationMacroF1) {
    }

    public static final String FILE = "model.json";
    /** Names of the ONNX graph's inputs and output (see {@code OnnxSparseLinearModel}). */
    public static final String INPUT_INDICES = "indices";
    public static final String INPUT_VALUES = "values";
    public static final String INPUT_ROWS = "rows";
    public static final String INPUT_SHAPE = "shape";
    public static final String OUTPUT_PROBABILITIES = "probabilities";
    public static final String ONNX_FILE = "naturalness.onnx";
    public static final String TRIBUO_FILE = "naturalness.tribuo";
}
