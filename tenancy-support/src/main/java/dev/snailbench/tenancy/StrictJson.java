package dev.snailbench.tenancy;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

/**
 * The REST APIs of all five services refuse fields they do not know: a typo ({@code "optoins"}) is a 400 naming
 * it ({@link JsonErrors}), never a request quietly run without what the caller meant, and a body with several is
 * refused naming them all ({@link UnknownFields}). This is Quarkus' mapper, used for request and response bodies
 * only; Kafka events are read by shared-model's {@code EventJson}, a mapper of its own that stays tolerant of unknown
 * fields, so that a service reads the events of a newer writer during a rolling upgrade.
 */
@Singleton
public class StrictJson implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        mapper.addHandler(new UnknownFields.Collector());
        mapper.registerModule(
                new SimpleModule("snailbench-unknown-fields").setDeserializerModifier(new UnknownFields.AtRoot()));
    }
}
