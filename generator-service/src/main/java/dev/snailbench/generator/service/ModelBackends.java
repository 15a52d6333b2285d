package dev.snailbench.generator.service;

import dev.snailbench.generator.config.JobsConfig;
import dev.snailbench.model.domain.ModelRef;
import dev.snailbench.model.event.ModelBackendsAnnounced;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.problem.Unavailable;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The model backends the inference service announced (topic {@code snailbench.inference.backends}): a job naming
 * another backend is refused when it is submitted, naming the field and the backends there are.
 */
@ApplicationScoped
public class ModelBackends {

    private final AtomicReference<ModelBackendsAnnounced> latest = new AtomicReference<>();
    /** Completed by the first announcement this process reads: a submission waits for it, not for a timer. */
    private final CompletableFuture<Void> first = new CompletableFuture<>();

    private final JobsConfig config;

    public ModelBackends(JobsConfig config) {
        this.config = config;
    }

    /** Keeps the newest announcement (a redelivered older one does not replace it). */
    public void announced(ModelBackendsAnnounced event) {
        latest.accumulateAndGet(
                event, (old, now) -> old == null || !now.occurredAt().isBefore(old.occurredAt()) ? now : old);
        first.complete(null);
    }

    /**
     * Checks the job's models ({@link #check}) once the backends are known: a model job submitted before this process
     * has read the first announcement (the topic is read from its start when the process starts) waits for it, at most
     * {@code snailbench.jobs.backends-wait}, then is answered 503. Replay jobs never wait.
     */
    public Uni<Void> checked(List<ModelRef> models) {
        boolean asks = models.stream().anyMatch(m -> !m.isReplay());
        Uni<Void> known = !asks || first.isDone()
                ? Uni.createFrom().voidItem()
                : Uni.createFrom()
                        .completionStage(first)
                        .ifNoItem()
                        .after(config.backendsWait())
                        .recoverWithItem((Void) null);
        Context caller = Vertx.currentContext();
        Uni<Void> onCaller = caller == null || first.isDone()
                ? known
                : known.emitOn(task -> caller.runOnContext(ignored -> task.run()));
        return onCaller.invoke(() -> check(models));
    }

    /** What the inference service announced last: its backends and when; null backends before any announcement. */
    public record Known(List<String> backends, Instant announcedAt) {}

    public Known known() {
        ModelBackendsAnnounced last = latest.get();
        return last == null ? new Known(null, null) : new Known(last.backends(), last.occurredAt());
    }

    /**
     * Refuses a model the inference service cannot ask: 400 naming {@code models[i].backend} with the configured
     * backends, or 503 while the inference service has announced none (it has not started since the topic was
     * created), rather than accepting a job whose every item would fail.
     */
    public void check(List<ModelRef> models) {
        for (int i = 0; i < models.size(); i++) {
            ModelRef model = models.get(i);
            if (model.isReplay()) {
                continue;
            }
            ModelBackendsAnnounced last = latest.get();
            if (last == null) {
                throw new Unavailable("models[" + i + "].backend: the inference service has not announced its "
                        + "configured backends within "
                        + String.format(
                                Locale.ROOT, "%.1f", config.backendsWait().toMillis() / 1000.0)
                        + " s (it announces them "
                        + "when it starts): try again once it runs");
            }
            if (!last.backends().contains(model.backend())) {
                throw InvalidInput.of(
                        "models[" + i + "].backend",
                        "backend '" + model.backend()
                                + "' is not configured in the inference service (configured: " + last.backends()
                                + ", plus replay for recorded predictions): use one of them, or configure it there "
                                + "(snailbench.inference.backends." + model.backend() + ".base-url)");
            }
        }
    }
}
