package dev.snailbench.workbench.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Tasks on teams' registered databases, run by the executor (the only service that connects to them). */
@ConfigMapping(prefix = "snailbench.database-tasks")
public interface DatabaseTasksConfig {

    /** Longest wait for the executor's answer (above the executor's own task timeout, 5 min by default). */
    @WithDefault("6m")
    Duration timeout();

    /**
     * Longest a job submission waits for the executor to check the job's database; no answer in time is a 503 (the
     * job is not accepted blindly). Above the executor group's recovery when a replica dies or joins (its 10 s
     * session timeout, then a rebalance), during which a task on the lost replica's partitions has no reader.
     */
    @WithDefault("30s")
    Duration submitTimeout();
}
