package dev.snailbench.localstack;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Prepared clusters in the temp directory: the current ones stay, the ones they replaced go once unused for a while,
 * any other only after days without use ({@link PostgresTemplate#removeStale}).
 */
class PostgresTemplateCleanupTest {

    private static final Instant NOW = Instant.parse("2026-12-07T08:00:00Z");

    @TempDir
    Path tmp;

    private Path template(String name, Duration unused) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("snailbench-pg-template-" + name));
        Files.writeString(dir.resolve("PG_VERSION"), "18");
        Path ready = dir.resolve("snailbench-template-ready");
        Files.writeString(ready, "");
        Files.setLastModifiedTime(ready, FileTime.from(NOW.minus(unused)));
        return dir;
    }

    @Test
    void shouldRemoveTheVariantsTheCurrentTemplateReplacedOnceUnused() throws Exception {
        Path current = template("k1-footballdb-new", Duration.ofHours(5));
        Path replaced = template("k1-footballdb-old", PostgresTemplate.STALE_VARIANT.plusMinutes(1));
        Path replacedButUsed = template("k1-footballdb-other", PostgresTemplate.STALE_VARIANT.minusMinutes(1));
        Path base = template("k1", Duration.ofHours(5));

        PostgresTemplate.removeStale(tmp, current, NOW);

        assertThat(current).exists();
        assertThat(replaced).doesNotExist();
        assertThat(replacedButUsed).as("used by another build lately").exists();
        assertThat(base).as("another kind, used within days").exists();
        try (var left = Files.list(tmp)) {
            assertThat(left.map(p -> p.getFileName().toString())).noneMatch(n -> n.contains(".removing-"));
        }
    }

    @Test
    void shouldRemoveOtherTemplatesAndUnfinishedMakesOnlyAfterDaysWithoutUse() throws Exception {
        Path current = template("k1", Duration.ZERO);
        Path otherKeyRecent = template("k2", Duration.ofHours(20));
        Path otherKeyOld = template("k3-footballdb-x", PostgresTemplate.STALE_OTHER.plusHours(1));
        Path makingNow = Files.createDirectories(tmp.resolve("snailbench-pg-template-k1.making-123"));
        Path makingLeft = Files.createDirectories(tmp.resolve("snailbench-pg-template-k1.making-456"));
        Files.setLastModifiedTime(
                makingLeft,
                FileTime.from(NOW.minus(PostgresTemplate.STALE_OTHER).minusSeconds(60)));
        Files.setLastModifiedTime(makingNow, FileTime.from(NOW.minusSeconds(30)));
        Path unrelated = Files.createDirectories(tmp.resolve("another-program"));
        Files.setLastModifiedTime(unrelated, FileTime.from(NOW.minus(Duration.ofDays(30))));

        PostgresTemplate.removeStale(tmp, current, NOW);

        assertThat(current).exists();
        assertThat(otherKeyRecent).exists();
        assertThat(otherKeyOld).doesNotExist();
        assertThat(makingNow).as("a make going on").exists();
        assertThat(makingLeft).doesNotExist();
        assertThat(unrelated).exists();
    }
}
