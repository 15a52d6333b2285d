package dev.snailbench.generator.service.views;

import dev.snailbench.generator.service.Blocking;
import dev.snailbench.generator.service.InvalidRequestException;
import dev.snailbench.generator.service.crosswalk.Crosswalks;
import dev.snailbench.generator.service.crosswalk.SchemaSpec;
import dev.snailbench.generator.service.target.JdbcSchemaReader;
import dev.snailbench.generator.service.target.TargetDatabases;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.SqlDialect;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Natural views for a target database: DDL from the database's own schema and a crosswalk, applied on
 * request through the target's admin connection (never the read-only pool), in one transaction.
 */
@ApplicationScoped
public class NaturalViewService {

    private static final Logger LOG = Logger.getLogger(NaturalViewService.class);

    /** The generated views and whether they were created. */
    public record Result(NaturalViewDdl.NaturalViews views, boolean applied) {
    }

    private final Crosswalks crosswalks;
    private final TargetDatabases targets;

    public NaturalViewService(Crosswalks crosswalks, TargetDatabases targets) {
        this.crosswalks = crosswalks;
        this.targets = targets;
    }

    public Uni<Result> generate(String tenantId, UUID crosswalkId, String targetDatabase, String nativeSchema,
            String viewSchema, NaturalnessLevel level, boolean apply) {
        targets.target(targetDatabase, "targetDatabase");
        SqlDialect dialect = targets.dialect(targetDatabase);
        if (apply && !targets.hasAdmin(targetDatabase)) {
            throw new InvalidRequestException("apply", "target database '" + targetDatabase
                    + "' has no admin connection configured, views can only be generated");
        }
        return crosswalks.rows(tenantId, crosswalkId).chain(rows -> Blocking.run(() -> {
            if (!apply) {
                try (Connection c = targets.readOnly(targetDatabase)) {
                    SchemaSpec schema = read(c, nativeSchema);
                    return new Result(NaturalViewDdl.generate(schema, nativeSchema, rows, level, viewSchema, dialect),
                            false);
                }
            }
            try (Connection c = targets.admin(targetDatabase)) {
                SchemaSpec schema = read(c, nativeSchema);
                NaturalViewDdl.NaturalViews views = NaturalViewDdl.generate(schema, nativeSchema, rows, level,
                        viewSchema, dialect);
                c.setAutoCommit(false);
                try (Statement s = c.createStatement()) {
                    s.setQueryTimeout(targets.queryTimeoutSeconds());
                    for (String sql : views.statements()) {
                        s.execute(sql);
                    }
                    c.commit();
                } catch (SQLException e) {
                    c.rollback();
                    throw new IllegalStateException("creating the views failed: " + e.getMessage(), e);
                }
                LOG.infof("created %d natural views in %s.%s (crosswalk %s, %s)", views.mapping().size(),
                        targetDatabase, viewSchema, crosswalkId, level.label());
                return new Result(views, true);
            }
        }, Duration.ofSeconds(targets.queryTimeoutSeconds() * 2L)));
    }

    private static SchemaSpec read(Connection c, String nativeSchema) throws SQLException {
        try {
            return JdbcSchemaReader.read(c, nativeSchema);
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException("nativeSchema", e.getMessage());
        }
    }

    /** The SQL of a native-name query on the views. */
    public Uni<String> rewrite(String tenantId, UUID crosswalkId, String sql, NaturalnessLevel level,
            String viewSchema, SqlDialect dialect) {
        return crosswalks.rows(tenantId, crosswalkId).chain(rows -> Blocking.run(
                () -> new ViewQueryRewriter(rows, level, viewSchema, dialect).rewrite(sql), Duration.ofSeconds(30)));
    }
}
