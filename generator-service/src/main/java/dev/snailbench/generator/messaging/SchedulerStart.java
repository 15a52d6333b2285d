package dev.snailbench.generator.messaging;

import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduler;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

/**
 * Starts the scheduled work (the work publisher's tick, the job watchdog) once the application has started: the
 * scheduler starts halted ({@code quarkus.scheduler.start-mode=halted}), because its triggers would otherwise fire
 * while reactive messaging still wires its channels at start-up (its observer runs at priority 1000), and a tick
 * that creates the work publisher then fails to inject its emitter (SRMSG00019, an ERROR every second until wired).
 */
@ApplicationScoped
public class SchedulerStart {

    private static final Logger LOG = Logger.getLogger(SchedulerStart.class);

    /** After every other start-up observer, reactive messaging's included. */
    static final int LAST = Integer.MAX_VALUE;

    void resume(@Observes @Priority(LAST) StartupEvent event, Scheduler scheduler) {
        scheduler.resume();
        LOG.debug("scheduled work started: the messaging channels are wired");
    }
}
