package dev.snailbench.workbench.repository;

import dev.snailbench.model.domain.CrosswalkEntry;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** Crosswalks and their lines; every lookup is scoped to a tenant. Call inside a transaction/session. */
@ApplicationScoped
public class CrosswalkRepository implements PanacheRepositoryBase<Crosswalk, UUID> {

    public Uni<Crosswalk> findForTenant(String tenantId, UUID id) {
        return find("id = ?1 and tenantId = ?2", id, tenantId).firstResult();
    }

    public Uni<List<Crosswalk>> listForTenant(String tenantId) {
        return list("tenantId = ?1 order by createdAt", tenantId);
    }

    public Uni<List<CrosswalkEntry>> rows(UUID crosswalkId) {
        return CrosswalkEntryRow.<CrosswalkEntryRow>list("crosswalkId = ?1 order by ordinal", crosswalkId)
                .map(entries -> entries.stream()
                        .map(e -> new CrosswalkEntry(
                                e.kind, e.identifierNative, e.nativeLevel, e.regular, e.low, e.least))
                        .toList());
    }

    /** Stores the lines of a crosswalk in order. */
    public Uni<Void> persistRows(UUID crosswalkId, List<CrosswalkEntry> rows) {
        List<CrosswalkEntryRow> entries = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            CrosswalkEntry r = rows.get(i);
            CrosswalkEntryRow e = new CrosswalkEntryRow();
            e.crosswalkId = crosswalkId;
            e.ordinal = i;
            e.kind = r.kind();
            e.identifierNative = r.nativeName();
            e.nativeLevel = r.nativeLevel() == null ? "" : r.nativeLevel();
            e.regular = r.regular();
            e.low = r.low();
            e.least = r.least();
            entries.add(e);
        }
        return CrosswalkEntryRow.persist(entries);
    }
}
