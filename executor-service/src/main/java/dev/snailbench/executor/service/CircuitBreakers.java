package dev.snailbench.executor.service;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * One circuit breaker per registration (a registered database, or an inline address, login and password): after
 * {@code failures} connection attempts in a row failed, its connections are paused for {@code openFor}, and its items
 * fail at once with the last failure's reason instead of each waiting for a connection timeout (a dead database
 * otherwise held the executor's slots for seconds per item while other tenants' items waited). After the cool-down, one attempt goes through as a probe
 * (half-open): its success closes the circuit, its failure opens it again; the others fail at once meanwhile.
 */
public final class CircuitBreakers {

    /** Settings: consecutive failures that open a circuit, and how long it stays open. */
    public record Settings(int failures, Duration openFor) {

        public static final Settings DEFAULT = new Settings(3, Duration.ofSeconds(30));
    }

    private final Settings settings;
    private final LongSupplier nanoClock;
    private final Map<String, Circuit> circuits = new ConcurrentHashMap<>();

    public CircuitBreakers(Settings settings) {
        this(settings, System::nanoTime);
    }

    CircuitBreakers(Settings settings, LongSupplier nanoClock) {
        this.settings = settings;
        this.nanoClock = nanoClock;
    }

    /**
     * Lets a connection attempt to {@code registration} go on, or fails at once while its circuit is open (or a
     * probe is already testing it), with SQLSTATE 08001 and the last failure's sentence as the reason.
     */
    public void admit(String registration) throws SQLException {
        Circuit circuit = circuits.get(registration);
        if (circuit == null) {
            return;
        }
        String refusal;
        Throwable last;
        synchronized (circuit) {
            refusal = circuit.admit(nanoClock.getAsLong(), settings);
            last = circuit.lastCause;
        }
        if (refusal != null) {
            // The last failure as the cause: its category (ConnectionErrors) is the circuit's.
            throw new SQLTransientConnectionException(refusal, "08001", last);
        }
    }

    /** A connection was obtained: the circuit closes and its count starts again. */
    public void succeeded(String registration) {
        Circuit circuit = circuits.get(registration);
        if (circuit != null) {
            synchronized (circuit) {
                circuit.reset();
            }
        }
    }

    /** A connection attempt failed with {@code reason}. */
    public void failed(String registration, String reason) {
        failed(registration, reason, null);
    }

    /** A connection attempt failed with {@code failure}, whose message is the reason. */
    public void failed(String registration, SQLException failure) {
        failed(registration, failure.getMessage(), failure);
    }

    private void failed(String registration, String reason, Throwable cause) {
        Circuit circuit = circuits.computeIfAbsent(registration, r -> new Circuit());
        synchronized (circuit) {
            circuit.failed(reason, cause, nanoClock.getAsLong(), settings);
        }
    }

    /** Forgets a registration (it was removed). */
    public void forget(String registration) {
        circuits.remove(registration);
    }

    /** Whether the registration's circuit is open now (for tests and health). */
    public boolean isOpen(String registration) {
        Circuit circuit = circuits.get(registration);
        if (circuit == null) {
            return false;
        }
        synchronized (circuit) {
            return circuit.openedAt != null;
        }
    }

    /** Mutable state of one registration's circuit; guarded by its own monitor. */
    private static final class Circuit {
        int consecutiveFailures;
        Long openedAt;
        boolean probing;
        long probeStartedAt;
        String lastFailure;
        Throwable lastCause;

        String admit(long now, Settings settings) {
            if (openedAt == null) {
                return null;
            }
            long coolDown = settings.openFor().toNanos();
            // A probe whose outcome never came (its item gave up waiting for a permit) is given up after a cool-down
            // of its own, so the circuit cannot stay open for good.
            if (now - openedAt >= coolDown && (!probing || now - probeStartedAt >= coolDown)) {
                probing = true;
                probeStartedAt = now;
                return null;
            }
            return "connections paused: " + lastFailure + " (circuit open for "
                    + settings.openFor().toSeconds() + " s after " + consecutiveFailures
                    + " failed connection attempts)";
        }

        void failed(String reason, Throwable cause, long now, Settings settings) {
            consecutiveFailures++;
            lastFailure = reason;
            lastCause = cause;
            if (probing || consecutiveFailures >= settings.failures()) {
                openedAt = now;
                probing = false;
            }
        }

        void reset() {
            consecutiveFailures = 0;
            openedAt = null;
            probing = false;
        }
    }
}
