package dev.snailbench.model.serde;

import io.smallrye.common.annotation.Identifier;
import io.smallrye.reactive.messaging.kafka.DeserializationFailureHandler;
import jakarta.enterprise.context.ApplicationScoped;

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
}
