package dev.snailbench.model.serde;

import io.smallrye.common.annotation.Identifier;
import io.smallrye.reactive.messaging.kafka.DeserializationFailureHandler;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.common.header.Headers;
import org.jboss.logging.Logger;

/**
 * Sends a record that cannot be read as its event type to the channel's dead-letter topic, with the reason
 * in its headers, and goes on with the next record. Without it, one unreadable record would stop the
 * channel. The default methods mark the record for the dead-letter queue; nothing needs overriding.
 * Configure per incoming channel: {@code value-deserialization-failure-handler=dead-letter-on-bad-payload}.
 */
@ApplicationScoped
@Identifier(DeadLetterOnBadPayload.NAME)
public class DeadLetterOnBadPayload implements DeserializationFailureHandler<Object> {

    public static final String NAME = "dead-letter-on-bad-payload";

    private static final Logger LOG = Logger.getLogger(DeadLetterOnBadPayload.class);

    @Override
    public Object handleDeserializationFailure(
            String topic, boolean isKey, String deserializer, byte[] data, Exception exception, Headers headers) {
        // No silent dead-lettering: say which topic and why (the record itself goes to the dead-letter topic).
        LOG.warnf(
                "unreadable %s of %d bytes on %s, dead-lettered: %s",
                isKey ? "key" : "value",
                data == null ? 0 : data.length,
                topic,
                exception == null ? "no cause given" : exception.toString());
        return DeserializationFailureHandler.super.handleDeserializationFailure(
                topic, isKey, deserializer, data, exception, headers);
    }
}
