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
 * @param hyperparameters          the configuration chosen by cross-validation on the training split
 * @param trainRows                rows this model was trained on
 * @param trainedOn                which rows those are; the shipped model learned the validation rows too, so
 *                                 its validation figures are those of the model in {@link #HELD_OUT_DIR}
 * @param validationAccuracy       accuracy on the validation split of the model trained without it
 * @param confusionMatrix          validation counts, actual label → predicted label → count
 * @param crossFittedAccuracy      accuracy on the validation split when each quarter is scored by the same
 *                                 configuration trained on train plus the other three quarters: what learning
 *                                 validation rows adds, measured on rows the model did not learn
 * @param modelSelection           every configuration tried, with its cross-validation scores
 */
public record ModelMetadata(
        String modelVersion,
        String featureExtractionVersion,
        int featureDimension,
        String featureOrder,
        List<String> labels,
        String inputIndices,
        String inputValues,
        String output,
        String trainingDate,
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
        Map<String, Map<String, Integer>> crossFittedConfusionMatrix,
        List<Candidate> modelSelection) {

    /**
     * One configuration tried during model selection, with its scores in k-fold cross-validation on the training
     * split (the validation split plays no part in the choice).
     */
    public record Candidate(String hyperparameters, double crossValidationAccuracy, double crossValidationMacroF1) {}

    public static final String FILE = "model.json";
    /** Names of the ONNX graph's inputs and output (see {@code OnnxSparseLinearModel}). */
    public static final String INPUT_INDICES = "indices";

    public static final String INPUT_VALUES = "values";
    public static final String INPUT_ENDS = "ends";
    public static final String OUTPUT_PROBABILITIES = "probabilities";
    public static final String ONNX_FILE = "naturalness.onnx";
    /** The Java model the ONNX graph was exported from (for the ONNX-vs-Java test). */
    public static final String JAVA_MODEL_FILE = "naturalness.weights";
    /** Sub-directory of the model directory with the model trained without the validation rows. */
    public static final String HELD_OUT_DIR = "held-out";
}
