package dev.snailbench.testkit;

import java.util.function.IntSupplier;

/**
 * Two in-flight counts (the requests a client has out, the requests a server is holding) sampled every millisecond
 * on a thread of its own while a benchmark runs; their averages once closed.
 */
public final class InFlightSamples implements AutoCloseable {

    private final Thread sampler;
    private long clientSum;
    private long serverSum;
    private long samples;

    private InFlightSamples(IntSupplier client, IntSupplier server) {
        sampler = new Thread(
                () -> {
                    while (!Thread.currentThread().isInterrupted()) {
                        clientSum += client.getAsInt();
                        serverSum += server.getAsInt();
                        samples++;
                        try {
                            Thread.sleep(1);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                },
                "in-flight-samples");
    }

    /** Starts sampling. */
    public static InFlightSamples start(IntSupplier client, IntSupplier server) {
        InFlightSamples samples = new InFlightSamples(client, server);
        samples.sampler.start();
        return samples;
    }

    /** Stops sampling and waits for the sampling thread, so the averages are final. */
    @Override
    public void close() {
        sampler.interrupt();
        try {
            sampler.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The client's average in-flight count (after {@link #close}). */
    public double client() {
        return samples == 0 ? 0 : (double) clientSum / samples;
    }

    /** The server's average in-flight count (after {@link #close}). */
    public double server() {
        return samples == 0 ? 0 : (double) serverSum / samples;
    }
}
