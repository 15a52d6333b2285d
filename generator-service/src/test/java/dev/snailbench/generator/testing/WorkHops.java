package dev.snailbench.generator.testing;

import dev.snailbench.localstack.Stack.Service;
import dev.snailbench.model.Topics;
import java.util.List;
import java.util.Map;

/** The hops every work item passes and the topic whose work each hop's replicas share. */
public final class WorkHops {

    /** The four hops of every work item; the classifier is on no job's path. */
    public static final List<Service> HOPS =
            List.of(Service.GENERATOR, Service.INFERENCE, Service.EXECUTOR, Service.SCORER);

    /** The topic whose work each hop's replicas share, in the consumer group named after the service. */
    public static final Map<Service, String> WORK_TOPICS = Map.of(
            Service.GENERATOR,
            Topics.SCORES,
            Service.INFERENCE,
            Topics.QUERIES_TO_INFER,
            Service.EXECUTOR,
            Topics.SQL_TO_EXECUTE,
            Service.SCORER,
            Topics.RESULTS_TO_SCORE);

    private WorkHops() {}
}
