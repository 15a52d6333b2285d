package dev.snailbench.model.tracing;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * The OpenTelemetry instance SmallRye's Kafka connector traces with: every record it consumes or produces gets a
 * span, and the W3C {@code traceparent} header carries the trace from one service to the next. Spans are not
 * exported here (the Quarkus OpenTelemetry extension, which would wire exporters, is not available in this
 * build); the trace ids in the headers are what ties a work item's hops together.
 */
public class OpenTelemetryProducer {

    @Produces
    @Singleton
    public OpenTelemetry openTelemetry() {
        return OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder().build())
                .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
                .build();
    }

    void close(@Disposes OpenTelemetry openTelemetry) {
        if (openTelemetry instanceof OpenTelemetrySdk sdk) {
            sdk.close();
        }
    }
}
