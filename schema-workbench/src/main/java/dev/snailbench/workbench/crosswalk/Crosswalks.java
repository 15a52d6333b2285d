package dev.snailbench.workbench.crosswalk;

import dev.snailbench.model.domain.CrosswalkEntry;
import dev.snailbench.model.problem.Conflict;
import dev.snailbench.model.problem.NotFound;
import dev.snailbench.workbench.repository.Crosswalk;
import dev.snailbench.workbench.repository.CrosswalkRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
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

    public Uni<Crosswalk> importCsv(String tenantId, String name, List<CrosswalkEntry> rows) {
        Crosswalk cw = new Crosswalk();
        cw.id = UUID.randomUUID();
        cw.tenantId = tenantId;
        cw.name = name;
        cw.origin = "import";
        cw.status = Crosswalk.Status.READY;
        cw.entryCount = rows.size();
        cw.createdAt = Instant.now();
        cw.completedAt = cw.createdAt;
        return Panache.withTransaction(() -> repository.persist(cw).chain(() -> repository.persistRows(cw.id, rows)))
                .replaceWith(cw);
    }

    /** @throws NotFoundException (404) when the tenant has no such crosswalk */
    public Uni<Crosswalk> get(String tenantId, UUID id) {
        return Panache.withSession(() -> repository.findForTenant(tenantId, id))
                .onItem()
                .ifNull()
                .failWith(() -> new NotFound("no crosswalk " + id));
    }

    public Uni<List<Crosswalk>> list(String tenantId) {
        return Panache.withSession(() -> repository.listForTenant(tenantId));
    }

    /** The rows of a READY crosswalk; a build still running or failed is a {@link Conflict} (409). */
    public Uni<List<CrosswalkEntry>> rows(String tenantId, UUID id) {
        return get(tenantId, id).chain(cw -> {
            if (cw.status != Crosswalk.Status.READY) {
                return Uni.createFrom().failure(notReady(cw));
            }
            return Panache.withSession(() -> repository.rows(id));
        });
    }

    /** Asked for the rows of a crosswalk that has none (yet): a 409 saying its state. */
    static Conflict notReady(Crosswalk cw) {
        return new Conflict("crosswalk " + cw.id + " is " + cw.status.name().toLowerCase()
                + (cw.error != null ? ": " + cw.error : ""));
    }
}
