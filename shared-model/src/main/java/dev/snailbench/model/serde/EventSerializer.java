package dev.snailbench.model.serde;

import org.apache.kafka.common.serialization.Serializer;

/** Kafka value serializer for every Snailbench event. */
public class EventSerializer implements Serializer<Object> {

    @Override
    public byte[] serialize(String topic, Object event) {
        return event == null ? null : EventJson.write(event);
    }
}
