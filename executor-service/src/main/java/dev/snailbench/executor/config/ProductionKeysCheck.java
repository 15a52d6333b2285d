package dev.snailbench.executor.config;

import dev.snailbench.model.domain.ProductionKeys;
import io.quarkus.runtime.LaunchMode;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.runtime.configuration.ConfigUtils;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/** In the prod profile the service does not start with a secrets key written in the repository (ProductionKeys). */
@ApplicationScoped
public class ProductionKeysCheck {

    void onStart(@Observes StartupEvent event, SecretsConfig secrets) {
        if (ConfigUtils.isProfileActive(LaunchMode.PROD_PROFILE)) {
            ProductionKeys.refuseToStart("executor-service", ProductionKeys.secretsProblems(secrets));
        }
    }
}
