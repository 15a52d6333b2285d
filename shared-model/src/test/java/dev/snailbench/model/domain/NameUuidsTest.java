package dev.snailbench.model.domain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.event.ExecutionCompleted;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Stable ids survive an upgrade: an item's or its execution's id made by this version must equal the one earlier
 * versions made (with {@link UUID#nameUUIDFromBytes}), or a redelivered event would count twice.
 */
class NameUuidsTest {

    @Test
    void shouldDeriveTheSameIdsAsTheJdksNameBasedUuids() {
        for (String name :
                new String[] {"", "ExecutionCompleted:" + UUID.randomUUID(), "job|db|q-1|gpt|replay|Least", "naïve ✓ 名前"
                }) {
            assertThat(NameUuids.of(name))
                    .as(name)
                    .isEqualTo(UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8)));
        }
        UUID item = UUID.randomUUID();
        assertThat(ExecutionCompleted.idFor(item))
                .isEqualTo(UUID.nameUUIDFromBytes(("ExecutionCompleted:" + item).getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void shouldGiveEveryThreadItsOwnDigest() {
        // Concurrent ids from many threads: a shared digest would mix their bytes and break the equality.
        Set<String> wrong = ConcurrentHashMap.newKeySet();
        IntStream.range(0, 20_000).parallel().forEach(i -> {
            String name = "item-" + i;
            if (!NameUuids.of(name).equals(UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8)))) {
                wrong.add(name);
            }
        });
        assertThat(wrong).isEmpty();
    }
}
