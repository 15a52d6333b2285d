package dev.snailbench.generator.config;

import dev.snailbench.model.domain.ProductionKeys;
import io.quarkus.runtime.LaunchMode;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.runtime.configuration.ConfigUtils;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.ArrayList;
import java.util.List;

/** In the prod profile the service does not start with a key written in the repository (ProductionKeys). */
@ApplicationScoped
public class ProductionKeysCheck {

    void onStart(@Observes StartupEvent event, SecretsConfig secrets, TenantsConfig tenants) {
        if (ConfigUtils.isProfileActive(LaunchMode.PROD_PROFILE)) {
            List<String> problems = new ArrayList<>(ProductionKeys.adminKeyProblems(tenants.adminKey()));
            problems.addAll(ProductionKeys.secretsProblems(secrets));
            ProductionKeys.refuseToStart("generator-service", problems);
        }
    }
}
