package dev.snailbench.classifier.training;

import ai.onnx.proto.OnnxMl;
import ai.onnx.proto.OnnxMl.AttributeProto;
import ai.onnx.proto.OnnxMl.GraphProto;
import ai.onnx.proto.OnnxMl.ModelProto;
import ai.onnx.proto.OnnxMl.NodeProto;
import ai.onnx.proto.OnnxMl.TensorProto;
import ai.onnx.proto.OnnxMl.TensorShapeProto;
import ai.onnx.proto.OnnxMl.TypeProto;
import ai.onnx.proto.OnnxMl.ValueInfoProto;
import com.google.protobuf.ByteString;
import dev.snailbench.classifier.model.ModelMetadata;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Writes the naturalness model ({@link NaturalnessEnsemble}: linear softmax and ordinal heads over hashed sparse
 * features, blended) as an ONNX graph that takes the batch's features as one flat list (no dense input of 262,144
 * mostly-zero columns, no padding):
 *
 * <pre>
 * indices int64 [T], values float [T]   every feature of the batch, identifier after identifier
 * ends    int64 [N]                     position in indices of each identifier's last feature
 * Gather(W [D, 4], indices) × values → [T, 4];  CumSum over T (in double, so no rounding shows);
 * Gather at ends, minus the previous identifier's → per-identifier sums [N, 4];  + b
 * columns 0–2: LogSoftmax;  column 3 (s): log of the differences of [0, σ(θ₀ − s), σ(θ₁ − s), 1]
 * (1 − w) × the first + w × the second → Softmax → probabilities float [N, 3]
 * </pre>
 *
 * <p>Running sums read at segment ends are the per-identifier sums because each identifier's features are
 * contiguous; this is faster in ONNX Runtime than a ScatterND with add reduction (measured on CPU).
 */
public final class OnnxSparseLinearModel {

    public static final String INPUT_INDICES = ModelMetadata.INPUT_INDICES;
    public static final String INPUT_VALUES = ModelMetadata.INPUT_VALUES;
    public static final String INPUT_ENDS = ModelMetadata.INPUT_ENDS;
    public static final String OUTPUT_PROBABILITIES = ModelMetadata.OUTPUT_PROBABILITIES;

    private OnnxSparseLinearModel() {}

    /**
     * @param model   its weights, row-major {@code [dimension][4]}: the three class scores and the ordinal score
     * @param classes 3
     */
    public static byte[] build(NaturalnessEnsemble model, int dimension, int classes, String docString) {
        int columns = NaturalnessEnsemble.COLUMNS;
        float[] bias = Arrays.copyOf(model.bias(), columns); // no bias on the ordinal score
        float w = (float) model.ordinalWeight();
        GraphProto graph = GraphProto.newBuilder()
                .setName("naturalness")
                .addInput(tensorInfo(INPUT_INDICES, TensorProto.DataType.INT64, "T"))
                .addInput(tensorInfo(INPUT_VALUES, TensorProto.DataType.FLOAT, "T"))
                .addInput(tensorInfo(INPUT_ENDS, TensorProto.DataType.INT64, "N"))
                .addOutput(tensorInfo(OUTPUT_PROBABILITIES, TensorProto.DataType.FLOAT, "N", classes))
                .addInitializer(floatTensor("W", model.weights(), dimension, columns))
                .addInitializer(floatTensor("b", bias, columns))
                .addInitializer(floatTensor("thresholds", model.thresholds(), 2))
                .addInitializer(floatTensor("softmax_weight", new float[] {1 - w}))
                .addInitializer(floatTensor("ordinal_weight", new float[] {w}))
                .addInitializer(floatTensor("floor", new float[] {(float) OrdinalRegression.FLOOR}))
                .addInitializer(floatTensor("one", new float[] {1f}))
                .addInitializer(longTensor("axis_1", 1))
                .addInitializer(longTensor("zero", 0))
                .addInitializer(longTensor("minus_one", -1))
                .addInitializer(longTensor("class_end", classes))
                .addInitializer(longTensor("ordinal_end", classes + 1))
                .addInitializer(longTensor("pad_first_row", 1, 0, 0, 0))
                .addInitializer(longTensor("pad_last_column", 0, 0, 0, 1))
                .addInitializer(longTensor("pad_first_column", 0, 1, 0, 0))
                .addNode(node(
                        "Gather", "gather", new String[] {"W", INPUT_INDICES}, "gathered", intAttribute("axis", 0)))
                .addNode(node("Unsqueeze", "unsqueeze", new String[] {INPUT_VALUES, "axis_1"}, "values2"))
                .addNode(node("Mul", "weigh", new String[] {"gathered", "values2"}, "weighted"))
                .addNode(node(
                        "Cast",
                        "to_double",
                        new String[] {"weighted"},
                        "weighted_d",
                        intAttribute("to", TensorProto.DataType.DOUBLE.getNumber())))
                .addNode(node("CumSum", "running_sums", new String[] {"weighted_d", "zero"}, "running"))
                .addNode(node(
                        "Gather", "at_ends", new String[] {"running", INPUT_ENDS}, "at_ends", intAttribute("axis", 0)))
                // The previous identifier's running sum: at_ends shifted down one row, zeros on top.
                .addNode(node("Pad", "shift_pad", new String[] {"at_ends", "pad_first_row"}, "padded"))
                .addNode(node("Slice", "shift_slice", new String[] {"padded", "zero", "minus_one", "zero"}, "previous"))
                .addNode(node("Sub", "segment_sums", new String[] {"at_ends", "previous"}, "sums_d"))
                .addNode(node(
                        "Cast",
                        "to_float",
                        new String[] {"sums_d"},
                        "sums",
                        intAttribute("to", TensorProto.DataType.FLOAT.getNumber())))
                .addNode(node("Add", "bias", new String[] {"sums", "b"}, "scores"))
                // Softmax head: log-probabilities of the three class scores.
                .addNode(node(
                        "Slice",
                        "class_scores",
                        new String[] {"scores", "zero", "class_end", "axis_1"},
                        "class_scores"))
                .addNode(node(
                        "LogSoftmax",
                        "softmax_log",
                        new String[] {"class_scores"},
                        "softmax_log",
                        intAttribute("axis", -1)))
                // Ordinal head: cumulative probabilities σ(θ − s) = [P(≤ Regular), P(≤ Low)], differenced.
                .addNode(node(
                        "Slice",
                        "ordinal_score",
                        new String[] {"scores", "class_end", "ordinal_end", "axis_1"},
                        "ordinal_score"))
                .addNode(node("Sub", "margins", new String[] {"thresholds", "ordinal_score"}, "margins"))
                .addNode(node("Sigmoid", "cumulative", new String[] {"margins"}, "cumulative"))
                .addNode(node("Pad", "upto", new String[] {"cumulative", "pad_last_column", "one"}, "upto"))
                .addNode(node("Pad", "below", new String[] {"cumulative", "pad_first_column"}, "below"))
                .addNode(node("Sub", "ordinal_p", new String[] {"upto", "below"}, "ordinal_p"))
                .addNode(node("Max", "floored", new String[] {"ordinal_p", "floor"}, "ordinal_floored"))
                .addNode(node("Log", "ordinal_log", new String[] {"ordinal_floored"}, "ordinal_log"))
                // The blend, renormalized.
                .addNode(node("Mul", "softmax_part", new String[] {"softmax_log", "softmax_weight"}, "softmax_part"))
                .addNode(node("Mul", "ordinal_part", new String[] {"ordinal_log", "ordinal_weight"}, "ordinal_part"))
                .addNode(node("Add", "blend", new String[] {"softmax_part", "ordinal_part"}, "blended"))
                .addNode(node(
                        "Softmax", "softmax", new String[] {"blended"}, OUTPUT_PROBABILITIES, intAttribute("axis", -1)))
                .build();
        return ModelProto.newBuilder()
                .setIrVersion(8)
                .addOpsetImport(
                        OnnxMl.OperatorSetIdProto.newBuilder().setDomain("").setVersion(16))
                .setProducerName("snailbench-classifier")
                .setDocString(docString)
                .setGraph(graph)
                .build()
                .toByteArray();
    }

    private static ValueInfoProto tensorInfo(String name, TensorProto.DataType type, Object... dims) {
        TensorShapeProto.Builder shape = TensorShapeProto.newBuilder();
        for (Object dim : dims) {
            TensorShapeProto.Dimension.Builder d = TensorShapeProto.Dimension.newBuilder();
            if (dim instanceof Integer size) {
                d.setDimValue(size);
            } else {
                d.setDimParam(dim.toString());
            }
            shape.addDim(d);
        }
        return ValueInfoProto.newBuilder()
                .setName(name)
                .setType(TypeProto.newBuilder()
                        .setTensorType(TypeProto.Tensor.newBuilder()
                                .setElemType(type.getNumber())
                                .setShape(shape)))
                .build();
    }

    private static TensorProto floatTensor(String name, float[] data, long... dims) {
        ByteBuffer buffer = ByteBuffer.allocate(data.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        buffer.asFloatBuffer().put(data);
        TensorProto.Builder t = TensorProto.newBuilder()
                .setName(name)
                .setDataType(TensorProto.DataType.FLOAT.getNumber())
                .setRawData(ByteString.copyFrom(buffer.array()));
        for (long dim : dims) {
            t.addDims(dim);
        }
        return t.build();
    }

    private static TensorProto longTensor(String name, long... values) {
        TensorProto.Builder t = TensorProto.newBuilder()
                .setName(name)
                .setDataType(TensorProto.DataType.INT64.getNumber())
                .addDims(values.length);
        for (long value : values) {
            t.addInt64Data(value);
        }
        return t.build();
    }

    private static NodeProto node(
            String op, String name, String[] inputs, String output, AttributeProto... attributes) {
        NodeProto.Builder n = NodeProto.newBuilder().setOpType(op).setName(name).addOutput(output);
        for (String input : inputs) {
            n.addInput(input);
        }
        for (AttributeProto a : attributes) {
            n.addAttribute(a);
        }
        return n.build();
    }

    private static AttributeProto stringAttribute(String name, String value) {
        return AttributeProto.newBuilder()
                .setName(name)
                .setType(AttributeProto.AttributeType.STRING)
                .setS(ByteString.copyFromUtf8(value))
                .build();
    }

    private static AttributeProto intAttribute(String name, long value) {
        return AttributeProto.newBuilder()
                .setName(name)
                .setType(AttributeProto.AttributeType.INT)
                .setI(value)
                .build();
    }
}
