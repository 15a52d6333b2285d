package dev.snailbench.generator.service.crosswalk;

import dev.snailbench.generator.repository.CrosswalkEntity;
import dev.snailbench.generator.repository.CrosswalkRepository;
import dev.snailbench.model.domain.CrosswalkEntry;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.NotFoundException;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A tenant's crosswalks: CSV import and export, lookup. */
@ApplicationScoped
public class Crosswalks {

    private final CrosswalkRepository repository;

    public Crosswalks(CrosswalkRepository repository) {
        this.repository = repository;
    }

    public Uni<CrosswalkEntity> importCsv(String tenantId, String name, List<CrosswalkEntry> rows) {
        CrosswalkEntity cw = new CrosswalkEntity();
        cw.id = UUID.randomUUID();
        cw.tenantId = tenantId;
        cw.name = name;
        cw.origin = "import";
        cw.status = CrosswalkEntity.Status.READY;
        cw.entryCount = rows.size();
        cw.createdAt = Instant.now();
        cw.completedAt = cw.createdAt;
        return Panache.withTransaction(() -> repository.persist(cw).chain(() -> repository.persistRows(cw.id, rows)))
                .replaceWith(cw);
    }

    /** @throws NotFoundException (404) when the tenant has no such crosswalk */
    public Uni<CrosswalkEntity> get(String tenantId, UUID id) {
        return Panache.withSession(() -> repository.findForTenant(tenantId, id))
                .onItem().ifNull().failWith(() -> new NotFoundException("no crosswalk " + id));
    }

    public Uni<List<CrosswalkEntity>> list(String tenantId) {
        return Panache.withSession(() -> repository.listForTenant(tenantId));
    }

    /** The rows of a READY crosswalk; a build still running or failed is a {@link NotReady}. */
    public Uni<List<CrosswalkEntry>> rows(String tenantId, UUID id) {
        return get(tenantId, id).chain(cw -> {
            if (cw.status != CrosswalkEntity.Status.READY) {
                return Uni.createFrom().failure(new NotReady(cw));
            }
            return Panache.withSession(() -> repository.rows(id));
        });
    }

    /** Asked for the rows of a crosswalk that has none (yet). */
    public static class NotReady extends RuntimeException {
        public NotReady(CrosswalkEntity cw) {
            super("crosswalk " + cw.id + " is " + cw.status.name().toLowerCase()
                    + (cw.error != null ? ": " + cw.error : ""));
        }
    }
}
