package dev.snailbench.model.delivery;

import io.smallrye.mutiny.Uni;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/**
 * Runs units of work fairly between tenants as they arrive: each tenant's in arrival order, at most
 * {@code perTenant} of one tenant and {@code atOnce} of all tenants at a time, a freed slot going to the next tenant
 * in turn that has work waiting. One tenant's slow units hold only its own slots: another tenant's unit waits for a
 * free slot of the shared limit, never behind the first tenant's queue.
 */
public final class TenantLanes {

    /** A unit of work of one tenant. */
    public interface Unit {

        String tenant();

        /** Starts the work (called outside any lock); the Uni completes, with an item or a failure, when its slot is free. */
        Uni<?> start();
    }

    private final int perTenant;
    private final int atOnce;
    private final BooleanSupplier mayStart;
    private final Map<String, Lane> lanes = new HashMap<>();
    /** Lanes with a unit waiting and a slot free, in turn; each at most once. */
    private final ArrayDeque<Lane> turn = new ArrayDeque<>();

    private final AtomicInteger wip = new AtomicInteger();
    private int running;

    /**
     * @param mayStart false while no unit may start whatever the slots (e.g. too many results wait to be sent); call
     *        {@link #drain()} when it may be true again
     */
    public TenantLanes(int perTenant, int atOnce, BooleanSupplier mayStart) {
        this.perTenant = Math.max(1, perTenant);
        this.atOnce = Math.max(1, atOnce);
        this.mayStart = mayStart;
    }

    public TenantLanes(int perTenant, int atOnce) {
        this(perTenant, atOnce, () -> true);
    }

    /** Queues the unit behind its tenant's others and starts what may start. */
    public void submit(Unit unit) {
        synchronized (this) {
            String tenant = String.valueOf(unit.tenant());
            Lane lane = lanes.computeIfAbsent(tenant, Lane::new);
            lane.waiting.add(unit);
            ready(lane);
        }
        drain();
    }

    /**
     * Starts every unit that may start now. Re-entrant calls (a unit that completes at once) are folded into the
     * running call's loop instead of nesting.
     */
    public void drain() {
        if (wip.getAndIncrement() != 0) {
            return;
        }
        int missed = 1;
        while (true) {
            for (Picked picked : pick()) {
                Uni<?> work;
                try {
                    work = picked.unit().start();
                } catch (RuntimeException e) {
                    work = Uni.createFrom().failure(e);
                }
                work.subscribe().with(ignored -> finished(picked.lane()), failure -> finished(picked.lane()));
            }
            missed = wip.addAndGet(-missed);
            if (missed == 0) {
                return;
            }
        }
    }

    /** Takes the waiting units that {@code which} selects out of their queues, never to start; returns them. */
    public List<Unit> remove(Predicate<Unit> which) {
        List<Unit> removed = new ArrayList<>();
        synchronized (this) {
            for (Iterator<Lane> lanesIt = lanes.values().iterator(); lanesIt.hasNext(); ) {
                Lane lane = lanesIt.next();
                for (Iterator<Unit> it = lane.waiting.iterator(); it.hasNext(); ) {
                    Unit unit = it.next();
                    if (which.test(unit)) {
                        it.remove();
                        removed.add(unit);
                    }
                }
                if (lane.waiting.isEmpty()) {
                    turn.remove(lane);
                    lane.inTurn = false;
                    if (lane.running == 0) {
                        lanesIt.remove();
                    }
                }
            }
        }
        return removed;
    }

    /** Units started and not finished. */
    public synchronized int running() {
        return running;
    }

    /** Units waiting for a slot. */
    public synchronized int waiting() {
        return lanes.values().stream().mapToInt(lane -> lane.waiting.size()).sum();
    }

    private synchronized List<Picked> pick() {
        List<Picked> picked = new ArrayList<>();
        while (running < atOnce && !turn.isEmpty() && mayStart.getAsBoolean()) {
            Lane lane = turn.poll();
            lane.inTurn = false;
            Unit unit = lane.waiting.poll();
            lane.running++;
            running++;
            // Behind the other tenants waiting, if it has more.
            ready(lane);
            picked.add(new Picked(lane, unit));
        }
        return picked;
    }

    private void finished(Lane lane) {
        synchronized (this) {
            lane.running--;
            running--;
            ready(lane);
            if (lane.running == 0 && lane.waiting.isEmpty()) {
                lanes.remove(lane.tenant, lane);
            }
        }
        drain();
    }

    /** Puts the lane in turn when it has a unit waiting and a slot free. Under the lock. */
    private void ready(Lane lane) {
        if (!lane.inTurn && !lane.waiting.isEmpty() && lane.running < perTenant) {
            lane.inTurn = true;
            turn.add(lane);
        }
    }

    private static final class Lane {
        final String tenant;
        final ArrayDeque<Unit> waiting = new ArrayDeque<>();
        int running;
        boolean inTurn;

        Lane(String tenant) {
            this.tenant = tenant;
        }
    }

    private record Picked(Lane lane, Unit unit) {}
}
