package dev.snailbench.model.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The keys written in the repository are refused for production; a key of one's own is not. */
class ProductionKeysTest {

    private static final String OWN = "q9n3xJ0mTq8Hc3f1nFvVdQ3w8m2kq1sV0b4a6c8e9fA=";

    @Test
    void shouldRefuseThePublishedSecretsKeysAsKeyOrPreviousKey() {
        for (String published : ProductionKeys.PUBLISHED_SECRETS_KEYS) {
            assertThat(ProductionKeys.secretsProblems(keys(published, List.of())))
                    .singleElement()
                    .asString()
                    .contains("SNAILBENCH_SECRETS_KEY")
                    .contains("openssl rand -base64 32");
            assertThat(ProductionKeys.secretsProblems(keys(OWN, List.of(" " + published))))
                    .singleElement()
                    .asString()
                    .contains("SNAILBENCH_SECRETS_PREVIOUS_KEYS");
        }
        assertThat(ProductionKeys.secretsProblems(keys(OWN, List.of()))).isEmpty();
    }

    @Test
    void shouldRefuseThePublishedAndShortAdminKeys() {
        assertThat(ProductionKeys.adminKeyProblems("dev-admin-key"))
                .singleElement()
                .asString()
                .contains("SNAILBENCH_ADMIN_KEY")
                .contains("dev/test key");
        assertThat(ProductionKeys.adminKeyProblems("test-admin-key ")).hasSize(1);
        assertThat(ProductionKeys.adminKeyProblems(""))
                .singleElement()
                .asString()
                .contains("0 characters");
        assertThat(ProductionKeys.adminKeyProblems(null)).hasSize(1);
        assertThat(ProductionKeys.adminKeyProblems("short-but-mine"))
                .singleElement()
                .asString()
                .contains("14 characters; at least 20");
        assertThat(ProductionKeys.adminKeyProblems("Zt2qP0a9Lm4Xw7Rb1cN8sV")).isEmpty();
        assertThatThrownBy(() -> ProductionKeys.refuseToStart(
                        "generator-service", ProductionKeys.adminKeyProblems("dev-admin-key")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("generator-service does not start in the prod profile: ");
    }

    private static SecretKeys keys(String key, List<String> previous) {
        return new SecretKeys() {
            @Override
            public String key() {
                return key;
            }

            @Override
            public Optional<List<String>> previousKeys() {
                return Optional.of(previous);
            }
        };
    }
}
