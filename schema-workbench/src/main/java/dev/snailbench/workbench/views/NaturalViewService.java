package dev.snailbench.workbench.views;

import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.sql.rewrite.IdentifierRewriter;
import dev.snailbench.workbench.crosswalk.Crosswalks;
import dev.snailbench.workbench.messaging.TeamDatabases;
import dev.snailbench.workbench.support.Blocking;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.UUID;

/**
 * Natural views for a registered database: DDL from the database's own schema and a crosswalk, created on request
 * by the executor in one transaction with the admin login the team registered for that purpose. Without one,
 * the DDL is still returned for the team to apply.
 */
@ApplicationScoped
public class NaturalViewService {

    /** The generated views and whether they were created. */
    public record Result(NaturalViewDdl.NaturalViews views, boolean applied) {}

    private final Crosswalks crosswalks;
    private final TeamDatabases databases;
    private final IdentifierRewriter rewriter;

    public NaturalViewService(Crosswalks crosswalks, TeamDatabases databases, IdentifierRewriter rewriter) {
        this.crosswalks = crosswalks;
        this.databases = databases;
        this.rewriter = rewriter;
    }

    public Uni<Result> generate(
            String tenantId,
            UUID crosswalkId,
            UUID databaseId,
            String nativeSchema,
            String viewSchema,
            NaturalnessLevel level,
            boolean apply) {
        return crosswalks
                .rows(tenantId, crosswalkId)
                .chain(rows -> databases
                        .describe(tenantId, databaseId, nativeSchema)
                        .chain(described -> {
                            if (apply && !described.hasAdminLogin()) {
                                throw InvalidInput.of(
                                        "apply",
                                        "database " + databaseId + " has no admin login "
                                                + "registered: register one with the executor (adminUser, adminPassword) to let the "
                                                + "platform create views, or ask with apply false for the DDL to run yourself");
                            }
                            NaturalViewDdl.NaturalViews views = NaturalViewDdl.generate(
                                    described.schema(), nativeSchema, rows, level, viewSchema, described.dialect());
                            if (!apply) {
                                return Uni.createFrom().item(new Result(views, false));
                            }
                            return databases
                                    .applyViews(tenantId, databaseId, nativeSchema, views.statements())
                                    .map(applied -> new Result(views, true));
                        }));
    }

    /** The SQL of a native-name query on the views. */
    public Uni<String> rewrite(
            String tenantId,
            UUID crosswalkId,
            String sql,
            NaturalnessLevel level,
            String viewSchema,
            SqlDialect dialect) {
        return crosswalks
                .rows(tenantId, crosswalkId)
                .chain(rows -> Blocking.run(
                        () -> new ViewQueryRewriter(rewriter, rows, level, viewSchema, dialect).rewrite(sql),
                        Duration.ofSeconds(30)));
    }
}
