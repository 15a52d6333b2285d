package dev.snailbench.model.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Fair slots between tenants: a tenant's slow units hold its own slots only, freed slots go round the tenants. */
class TenantLanesTest {

    private final List<String> started = new CopyOnWriteArrayList<>();

    @Test
    void shouldStartAnotherTenantsUnitAtOnceBesideOneTenantsQueueOfSlowUnits() {
        TenantLanes lanes = new TenantLanes(4, 8);
        List<Held> slow = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            Held unit = new Held("b", "b" + i);
            slow.add(unit);
            lanes.submit(unit);
        }

        lanes.submit(new Held("a", "a0"));

        assertThat(started).containsExactly("b0", "b1", "b2", "b3", "a0");
        assertThat(lanes.running()).isEqualTo(5);
        assertThat(lanes.waiting()).isEqualTo(36);
        slow.get(0).finish();
        assertThat(started).endsWith("b4");
    }

    @Test
    void shouldGiveAFreedSlotToTheNextTenantInTurnNotToTheTenantThatHadIt() {
        // Two slots in all, a tenant may take both: when one frees, the tenant waiting longest gets it.
        TenantLanes lanes = new TenantLanes(2, 2);
        Held b0 = new Held("b", "b0");
        lanes.submit(b0);
        lanes.submit(new Held("b", "b1"));
        lanes.submit(new Held("b", "b2"));
        Held c0 = new Held("c", "c0");
        lanes.submit(c0);
        lanes.submit(new Held("d", "d0"));
        assertThat(started).containsExactly("b0", "b1");

        b0.finish();
        assertThat(started).containsExactly("b0", "b1", "c0");
        c0.finish();
        assertThat(started).containsExactly("b0", "b1", "c0", "d0");
    }

    @Test
    void shouldStartNothingWhileTheGateIsClosedAndCatchUpOnDrain() {
        AtomicBoolean open = new AtomicBoolean(false);
        TenantLanes lanes = new TenantLanes(4, 8, open::get);
        lanes.submit(new Held("a", "a0"));
        lanes.submit(new Held("b", "b0"));
        assertThat(started).isEmpty();

        open.set(true);
        lanes.drain();

        assertThat(started).containsExactly("a0", "b0");
    }

    @Test
    void shouldTakeRemovedUnitsOutOfTheirQueueNeverToStart() {
        TenantLanes lanes = new TenantLanes(1, 1);
        Held a0 = new Held("a", "a0");
        lanes.submit(a0);
        lanes.submit(new Held("a", "a1"));
        lanes.submit(new Held("b", "b0"));

        List<TenantLanes.Unit> removed = lanes.remove(unit -> ((Held) unit).name.equals("a1"));
        a0.finish();

        assertThat(removed).hasSize(1);
        assertThat(started).containsExactly("a0", "b0");
        assertThat(lanes.waiting()).isZero();
    }

    @Test
    void shouldRunManyUnitsThatCompleteAtOnceWithoutNesting() {
        // Units that complete while being started (a cancelled job's items) are folded into one loop.
        AtomicBoolean open = new AtomicBoolean(false);
        TenantLanes lanes = new TenantLanes(2, 4, open::get);
        AtomicInteger ran = new AtomicInteger();
        lanes.submit(new Held("b", "blocker"));
        lanes.submit(new Held("b", "blocker2"));
        for (int i = 0; i < 100_000; i++) {
            lanes.submit(new Immediate("a", ran));
        }
        open.set(true);
        lanes.drain();
        assertThat(ran).hasValue(100_000);
        assertThat(lanes.running()).isEqualTo(2);
    }

    @Test
    void shouldFreeTheSlotOfAUnitThatFails() {
        TenantLanes lanes = new TenantLanes(1, 1);
        lanes.submit(new TenantLanes.Unit() {
            @Override
            public String tenant() {
                return "a";
            }

            @Override
            public Uni<?> start() {
                started.add("failing");
                throw new IllegalStateException("a bug");
            }
        });
        lanes.submit(new Held("a", "a1"));

        assertThat(started).containsExactly("failing", "a1");
    }

    /** A unit that runs until {@link #finish()}. */
    private final class Held implements TenantLanes.Unit {
        final String tenant;
        final String name;
        final CompletableFuture<Void> done = new CompletableFuture<>();

        Held(String tenant, String name) {
            this.tenant = tenant;
            this.name = name;
        }

        @Override
        public String tenant() {
            return tenant;
        }

        @Override
        public Uni<?> start() {
            started.add(name);
            return Uni.createFrom().completionStage(done);
        }

        void finish() {
            done.complete(null);
        }
    }

    private record Immediate(String tenant, AtomicInteger ran) implements TenantLanes.Unit {
        @Override
        public Uni<?> start() {
            ran.incrementAndGet();
            return Uni.createFrom().voidItem();
        }
    }
}
