package dev.snailbench.model.delivery;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Fair work on a consumed batch: the records are grouped by tenant, each tenant's handled at most {@code perTenant}
 * at a time and up to {@code tenants} tenants side by side. One tenant's slow work (a dead database, a slow model)
 * then holds at most its own slots, never the whole batch's, while the others' records go on beside it.
 */
public final class PerTenant {

    private PerTenant() {}

    /** The results of {@code work} on every record, in completion order. */
    public static <T, R> Multi<R> merge(
            List<T> records, Function<T, String> tenantOf, Function<T, Uni<R>> work, int perTenant, int tenants) {
        Map<String, List<T>> byTenant = records.stream()
                .collect(Collectors.groupingBy(
                        record -> String.valueOf(tenantOf.apply(record)), LinkedHashMap::new, Collectors.toList()));
        return Multi.createFrom()
                .iterable(byTenant.values())
                .onItem()
                .<R>transformToMulti(own -> Multi.createFrom()
                        .iterable(own)
                        .onItem()
                        .<R>transformToUni(record -> work.apply(record))
                        .merge(Math.max(1, perTenant)))
                .merge(Math.max(1, tenants));
    }
}
