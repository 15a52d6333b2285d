package dev.snailbench.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class KeyPropagationTest {

    private static final String METRICS = """
            # TYPE snailbench_tenant_key_propagation_seconds histogram
            snailbench_tenant_key_propagation_seconds_bucket{le="1.0"} 5
            snailbench_tenant_key_propagation_seconds_bucket{le="+Inf"} 7
            snailbench_tenant_key_propagation_seconds_count 7
            snailbench_tenant_key_propagation_seconds_sum 3.5
            snailbench_tenant_key_propagation_seconds_max 1.4
            http_server_requests_seconds_count{method="GET"} 12
            """;

    @Test
    void shouldReadTheKeysTheOnesWithinTheSecondAndTheirTimeFromAServicesMetrics() {
        KeyPropagation read = KeyPropagation.of(METRICS);

        assertThat(read).isEqualTo(new KeyPropagation(7, 5, 3.5));
        assertThat(read.late()).isEqualTo(2);
        assertThat(read.since(new KeyPropagation(6, 5, 1.0))).isEqualTo(new KeyPropagation(1, 0, 2.5));
    }

    @Test
    void shouldRefuseMetricsThatDoNotReportIt() {
        assertThatThrownBy(() -> KeyPropagation.of("http_server_requests_seconds_count 12\n"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("snailbench_tenant_key_propagation_seconds");
    }
}
