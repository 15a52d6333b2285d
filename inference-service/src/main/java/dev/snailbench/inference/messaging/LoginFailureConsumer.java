package dev.snailbench.inference.messaging;

import dev.snailbench.inference.config.InferenceConfig;
import dev.snailbench.inference.service.FailedLogins;
import dev.snailbench.model.Channels;
import dev.snailbench.model.event.DatabaseLoginFailed;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * The inference service's set of failed database logins, learnt from the database-logins-failed topic: the job's
 * remaining items on that database go on to the executor without a model call, failing with the login's reason.
 */
// A singleton, not proxied: the set it extends has no no-argument constructor.
@Singleton
public class LoginFailureConsumer extends FailedLogins {

    /** Gauge of the failed logins known (Prometheus: snailbench_inference_failed_logins). */
    public static final String KNOWN_METRIC = "snailbench.inference.failed-logins";

    public LoginFailureConsumer(InferenceConfig config, MeterRegistry metrics) {
        super(config.cancelledJobsRemembered());
        Gauge.builder(KNOWN_METRIC, this, FailedLogins::size)
                .description("jobs' database logins known to have failed: their items are not asked of a model")
                .register(metrics);
    }

    @Incoming(Channels.DATABASE_LOGINS_FAILED)
    public void onLoginFailed(DatabaseLoginFailed event) {
        add(event);
    }
}
