package dev.snailbench.executor.service.screening;

import dev.snailbench.executor.service.statement.TransactionSettings.Setting;
import java.util.List;

/**
 * The plan changes of the extra runs of a gold query (PostgreSQL), two variants that push the planner to opposite
 * operators: {@link #SORTED} (no hash aggregation, no index or bitmap scans, a small {@code work_mem}: sorts and
 * sequential scans) and {@link #HASHED} (no sort where the planner can avoid one, a large {@code work_mem}: hash
 * aggregation), so that whichever plan the gold first ran with, one variant runs GROUP BY, DISTINCT, joins and
 * LIMIT through other operators.
 * <p>
 * <b>Why these lines are not tenant SQL.</b> The guard refuses {@code SET} and {@code set_config} in what teams send,
 * because a team's statement must not change the session. These lines are the platform's own: constants of this
 * class (never built from a request, a job or a database value), applied for the read-only transaction the gold query
 * then runs in only ({@code TransactionSettings}, as {@code SET LOCAL}), and gone when that transaction ends, before
 * the connection returns to the pool. The gold query itself still passes the guard first and runs unchanged.
 */
public final class PlanSettings {

    /** One set of settings applied together (each value as PostgreSQL shows it back). */
    public record Variant(List<Setting> settings) {

        /** How a reason names the variant ({@code enable_hashagg=off, …}). */
        String describe() {
            return String.join(
                    ", ", settings.stream().map(s -> s.name() + "=" + s.value()).toList());
        }
    }

    /** Sorts and sequential scans. */
    public static final Variant SORTED = new Variant(List.of(
            new Setting("enable_hashagg", "off"),
            new Setting("enable_indexscan", "off"),
            new Setting("enable_bitmapscan", "off"),
            new Setting("work_mem", "64kB")));

    /** Hash aggregation, sorts only where nothing else gives the order. */
    public static final Variant HASHED =
            new Variant(List.of(new Setting("enable_sort", "off"), new Setting("work_mem", "64MB")));

    /** The extra runs, in order. */
    public static final List<Variant> VARIANTS = List.of(SORTED, HASHED);

    private PlanSettings() {}
}
