package dev.snailbench.executor.messaging;

import dev.snailbench.model.serde.EventRecords;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Results of items that finished close together travel together: a group is sent when it has {@code perRecord}
 * results or {@code wait} after its first result, so a record's costs (produce, fetch, the scorer's transaction)
 * are paid once for them all. Also counts the results not yet acknowledged by the broker, so that no more items start
 * while too many wait ({@link #full()}).
 */
final class ResultGroups {

    private final int perRecord;
    private final Duration wait;
    private final int maxUnsent;
    private final long maxUnsentBytes;
    private final ScheduledExecutorService timer;
    private final Function<List<EventRecords.Item>, Uni<Void>> send;
    private final Runnable afterSent;
    private List<Pending> group = new ArrayList<>();
    private long generation;
    private int unsent;
    private long unsentBytes;

    /**
     * @param send sends a group (retrying if it may) and completes when the broker acknowledged it
     * @param afterSent called after each group's send, when {@link #full()} may have become false
     */
    ResultGroups(
            int perRecord,
            Duration wait,
            int maxUnsent,
            long maxUnsentBytes,
            ScheduledExecutorService timer,
            Function<List<EventRecords.Item>, Uni<Void>> send,
            Runnable afterSent) {
        this.perRecord = Math.max(1, perRecord);
        this.wait = wait;
        this.maxUnsent = Math.max(1, maxUnsent);
        this.maxUnsentBytes = maxUnsentBytes;
        this.timer = timer;
        this.send = send;
        this.afterSent = afterSent;
    }

    /** Adds a result now; the Uni completes when the broker has acknowledged the record that carries it. */
    Uni<Void> add(EventRecords.Item item) {
        CompletableFuture<Void> sent = new CompletableFuture<>();
        List<Pending> full = null;
        long scheduled = -1;
        synchronized (this) {
            group.add(new Pending(item, sent));
            unsent++;
            unsentBytes += item.json().length;
            if (group.size() >= perRecord) {
                full = take();
            } else if (group.size() == 1) {
                scheduled = generation;
            }
        }
        if (full != null) {
            send(full);
        } else if (scheduled >= 0) {
            long mine = scheduled;
            timer.schedule(() -> flush(mine), Math.max(0, wait.toMillis()), TimeUnit.MILLISECONDS);
        }
        return Uni.createFrom().completionStage(sent);
    }

    /** True while so many results wait for the broker that no more items should start. */
    synchronized boolean full() {
        return unsent >= maxUnsent || unsentBytes >= maxUnsentBytes;
    }

    private void flush(long scheduled) {
        List<Pending> due = null;
        synchronized (this) {
            if (generation == scheduled && !group.isEmpty()) {
                due = take();
            }
        }
        if (due != null) {
            send(due);
        }
    }

    /** The group, a new one begun. Under the lock. */
    private List<Pending> take() {
        List<Pending> taken = group;
        group = new ArrayList<>();
        generation++;
        return taken;
    }

    private void send(List<Pending> due) {
        Uni<Void> sending;
        try {
            sending = send.apply(due.stream().map(Pending::item).toList());
        } catch (RuntimeException e) {
            sending = Uni.createFrom().failure(e);
        }
        sending.subscribe().with(ok -> sent(due, null), failure -> sent(due, failure));
    }

    private void sent(List<Pending> due, Throwable failure) {
        synchronized (this) {
            unsent -= due.size();
            for (Pending p : due) {
                unsentBytes -= p.item().json().length;
            }
        }
        for (Pending p : due) {
            if (failure == null) {
                p.sent().complete(null);
            } else {
                p.sent().completeExceptionally(failure);
            }
        }
        afterSent.run();
    }

    private record Pending(EventRecords.Item item, CompletableFuture<Void> sent) {}
}
