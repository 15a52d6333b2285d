package dev.snailbench.llm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TokenBucketTest {

    @Test
    void shouldLetABurstThroughThenMakeCallersWaitInOrder() {
        TokenBucket bucket = new TokenBucket(60, 0); // one per second

        for (int i = 0; i < 60; i++) {
            assertThat(bucket.reserve(1, 0)).isZero();
        }
        assertThat(bucket.reserve(1, 0)).isEqualTo(1_000);
        assertThat(bucket.reserve(1, 0)).isEqualTo(2_000);
        assertThat(bucket.reserve(1, 2_500)).isEqualTo(500);
    }

    @Test
    void shouldChargeTokensByTheirCount() {
        TokenBucket tokens = new TokenBucket(6_000, 0); // 100 per second

        assertThat(tokens.reserve(5_000, 0)).isZero();
        assertThat(tokens.reserve(2_000, 0)).isEqualTo(10_000);
    }
}
