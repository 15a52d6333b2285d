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

/**
 * Writes a linear softmax classifier over hashed sparse features as an ONNX graph that takes the batch's
 * features as one flat list (no dense input of 262,144 mostly-zero columns, no padding):
 *
 * <pre>
 * indices int64 [T], values float [T]   every feature of the batch, identifier after identifier
 * rows    int64 [T, 1]                  which identifier (row) each feature belongs to
 * shape   int64 [2]                     [N, C]: N identifiers, C classes
 * Gather(W [D, C], indices) → [T, C];  × values → ScatterND(add) into zeros [N, C];  + b → Softmax
 * probabilities float [N, C]
 * </pre>
 */
public final class OnnxSparseLinearModel {

    public static final String INPUT_INDICES = ModelMetadata.INPUT_INDICES;
    public static final String INPUT_VALUES = ModelMetadata.INPUT_VALUES;
    public static final String INPUT_ROWS = ModelMetadata.INPUT_ROWS;
    public static final String INPUT_SHAPE = ModelMetadata.INPUT_SHAPE;
    public static final String OUTPUT_PROBABILITIES = ModelMetadata.OUTPUT_PROBABILITIES;

    private OnnxSparseLinearModel() {
    }

    /**
     * @param weights row-major {@code [dimension][classes]}
     * @param bias    {@code [classes]}
     */
    public static byte[] build(float[] weights, float[] bias, int dimension, int classes, String docString) {
        GraphProto graph = GraphProto.newBuilder()
                .setName("naturalness")
                .addInput(tensorInfo(INPUT_INDICES, TensorProto.DataType.INT64, "T"))
                .addInput(tensorInfo(INPUT_VALUES, TensorProto.DataType.FLOAT, "T"))
                .addInput(tensorInfo(INPUT_ROWS, TensorProto.DataType.INT64, "T", 1))
                .addInput(tensorInfo(INPUT_SHAPE, TensorProto.DataType.INT64, 2))
                .addOutput(tensorInfo(OUTPUT_PROBABILITIES, TensorProto.DataType.FLOAT, "N", classes))
                .addInitializer(floatTensor("W", weights, dimension, classes))
                .addInitializer(floatTensor("b", bias, classes))
                .addInitializer(longTensor("axis_1", 1))
                .addNode(node("Gather", "gather", new String[] { "W", INPUT_INDICES }, "gathered",
                        intAttribute("axis", 0)))
                .addNode(node("Unsqueeze", "unsqueeze", new String[] { INPUT_VALUES, "axis_1" }, "values2"))
                .addNode(node("Mul", "weigh", new String[] { "gathered", "values2" }, "weighted"))
                .addNode(node("ConstantOfShape", "zeros", new String[] { INPUT_SHAPE }, "zeros"))
                .addNode(node("ScatterND", "sum_rows", new String[] { "zeros", INPUT_ROWS, "weighted" }, "scores0",
                        stringAttribute("reduction", "add")))
                .addNode(node("Add", "bias", new String[] { "scores0", "b" }, "scores"))
                .addNode(node("Softmax", "softmax", new String[] { "scores" }, OUTPUT_PROBABILITIES,
                        intAttribute("axis", -1)))
                .build();
        return ModelProto.newBuilder()
                .setIrVersion(8)
                .addOpsetImport(OnnxMl.OperatorSetIdProto.newBuilder().setDomain("").setVersion(16))
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
        return ValueInfoProto.newBuilder().setName(name)
                .setType(TypeProto.newBuilder().setTensorType(TypeProto.Tensor.newBuilder()
                        .setElemType(type.getNumber()).setShape(shape)))
                .build();
    }

    private static TensorProto floatTensor(String name, float[] data, long... dims) {
        ByteBuffer buffer = ByteBuffer.allocate(data.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        buffer.asFloatBuffer().put(data);
        TensorProto.Builder t = TensorProto.newBuilder().setName(name).setDataType(TensorProto.DataType.FLOAT.getNumber())
                .setRawData(ByteString.copyFrom(buffer.array()));
        for (long dim : dims) {
            t.addDims(dim);
        }
        return t.build();
    }

    private static TensorProto longTensor(String name, long value) {
        return TensorProto.newBuilder().setName(name).setDataType(TensorProto.DataType.INT64.getNumber())
                .addDims(1).addInt64Data(value).build();
    }

    private static NodeProto node(String op, String name, String[] inputs, String output, AttributeProto... attributes) {
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
        return AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.STRING)
                .setS(ByteString.copyFromUtf8(value)).build();
    }

    private static AttributeProto intAttribute(String name, long value) {
        return AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.INT).setI(value).build();
    }
}
