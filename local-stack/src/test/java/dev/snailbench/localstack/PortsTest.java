package dev.snailbench.localstack;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PortsTest {

    @Test
    void shouldGiveTheBrokersTwoListenersTwoDifferentPorts() {
        // A loaded CI run once got the same port for both (chosen one after the other) and the broker refused to
        // start: "two listeners on the same port".
        for (int i = 0; i < 500; i++) {
            int[] ports = Ports.free(2);
            assertThat(ports[0]).isNotEqualTo(ports[1]).isPositive();
            assertThat(ports[1]).isPositive();
        }
    }
}
