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
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Writes a linear softmax classifier over hashed sparse features as an ONNX graph that takes feature indices
 * instead of a dense vector (a dense input of 262,144 mostly-zero columns would be far slower):
 *
 * <pre>
 * indices int64 [N, K], values float [N, K]   (padding: index 0, value 0)
 * Gather(W [D, C], indices) → [N, K, C];  × Unsqueeze(values) → ReduceSum over K → [N, C];  + b → Softmax
 * probabilities float [N, C]
 * </pre>
 */
public final class OnnxSparseLinearModel {

    public static final String INPUT_INDICES = "indices";
    public static final String INPUT_VALUES = "values";
    public static final String OUTPUT_PROBABILITIES = "probabilities";

    private OnnxSparseLinearModel() {
    }

    /**
     * @param weights row-major {@code [dimension][classes]}
     * @param bias    {@code [classes]}
     */
    public static byte[] build(float[] weights, float[] bias, int dimension, int classes, String docString) {
        GraphProto graph = GraphProto.newBuilder()
                .setName("naturalness")
                .addInput(tensorInfo(INPUT_INDICES, TensorProto.DataType.INT64, "N", "K"))
                .addInput(tensorInfo(INPUT_VALUES, TensorProto.DataType.FLOAT, "N", "K"))
                .addOutput(tensorInfo(OUTPUT_PROBABILITIES, TensorProto.DataType.FLOAT, "N", classes))
                .addInitializer(floatTensor("W", weights, dimension, classes))
                .addInitializer(floatTensor("b", bias, classes))
                .addInitializer(longTensor("axis_k_unsqueeze", 2))
                .addInitializer(longTensor("axis_k_reduce", 1))
                .addNode(node("Gather", "gather", new String[] { "W", INPUT_INDICES }, "gathered",
                        intAttribute("axis", 0)))
                .addNode(node("Unsqueeze", "unsqueeze", new String[] { INPUT_VALUES, "axis_k_unsqueeze" }, "values3"))
                .addNode(node("Mul", "weigh", new String[] { "gathered", "values3" }, "weighted"))
                .addNode(node("ReduceSum", "sum", new String[] { "weighted", "axis_k_reduce" }, "scores0",
                        intAttribute("keepdims", 0)))
                .addNode(node("Add", "bias", new String[] { "scores0", "b" }, "scores"))
                .addNode(node("Softmax", "softmax", new String[] { "scores" }, OUTPUT_PROBABILITIES,
                        intAttribute("axis", -1)))
                .build();
        return ModelProto.newBuilder()
                .setIrVersion(8)
                .addOpsetImport(OnnxMl.OperatorSetIdProto.newBuilder().setDomain("").setVersion(13))
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

    private static AttributeProto intAttribute(String name, long value) {
        return AttributeProto.newBuilder().setName(name).setType(AttributeProto.AttributeType.INT).setI(value).build();
    }
}
