package dev.snailbench.executor.service;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.IdentifierQuoting;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The only statements APPLY_DDL runs with a team's admin login: exactly the shapes the platform generates for natural
 * and refined views (generator NaturalViewDdl, RefinedViews), with quoted identifiers and nothing else in the text:
 * {@code CREATE SCHEMA IF NOT EXISTS "v"}, {@code DROP VIEW IF EXISTS "v"."t"}, {@code CREATE VIEW "v"."t" AS SELECT
 * "c" AS "n", ... FROM "native"."t"} (SQL Server: {@code IF SCHEMA_ID(N'v') IS NULL EXEC(N'CREATE SCHEMA [v]')},
 * {@code CREATE OR ALTER VIEW [v].[t] AS SELECT [c] AS [n], ... FROM [native].[t]}). A view reads the task's native
 * schema only and never lives in it. A quoted name cannot end early (its quote doubled inside), so no second
 * statement, function call or expression can hide in one.
 */
public final class ViewDdl {

    private static final String PG_ID = "\"(?:[^\"]|\"\")+\"";
    private static final String MS_ID = "\\[(?:[^\\]]|\\]\\])+\\]";

    private static final Pattern PG_SCHEMA = Pattern.compile("CREATE SCHEMA IF NOT EXISTS (" + PG_ID + ")");
    private static final Pattern PG_DROP = Pattern.compile("DROP VIEW IF EXISTS (" + PG_ID + ")\\." + PG_ID);
    private static final Pattern PG_VIEW = Pattern.compile("CREATE VIEW (" + PG_ID + ")\\.(" + PG_ID + ") AS SELECT "
            + PG_ID + " AS " + PG_ID + "(?:, " + PG_ID + " AS " + PG_ID + ")* FROM (" + PG_ID + ")\\." + PG_ID);
    private static final Pattern MS_SCHEMA = Pattern.compile("IF SCHEMA_ID\\(N'((?:[^']|'')+)'\\) IS NULL "
            + "EXEC\\(N'CREATE SCHEMA \\[((?:[^\\]']|\\]\\]|'')+)\\]'\\)");
    private static final Pattern MS_VIEW = Pattern.compile("CREATE OR ALTER VIEW (" + MS_ID + ")\\.(" + MS_ID
            + ") AS SELECT " + MS_ID + " AS " + MS_ID + "(?:, " + MS_ID + " AS " + MS_ID + ")* FROM (" + MS_ID + ")\\."
            + MS_ID);

    private ViewDdl() {}

    /** Null when {@code statement} is one of the platform's view statements over {@code nativeSchema}, else why not. */
    public static String problem(String statement, SqlDialect dialect, String nativeSchema) {
        String s = statement == null ? "" : statement.strip();
        String nativeQuoted = IdentifierQuoting.quote(nativeSchema, dialect);
        Matcher m;
        if (dialect == SqlDialect.POSTGRESQL) {
            if ((m = PG_SCHEMA.matcher(s)).matches() || (m = PG_DROP.matcher(s)).matches()) {
                return m.group(1).equals(nativeQuoted) ? "views never go into the native schema" : null;
            }
            if ((m = PG_VIEW.matcher(s)).matches()) {
                return view(m.group(1), m.group(3), nativeQuoted);
            }
        } else {
            if ((m = MS_SCHEMA.matcher(s)).matches()) {
                String name = m.group(1).replace("''", "'");
                return !m.group(2).replace("''", "'").replace("]]", "]").equals(name)
                        ? "names two schemas"
                        : name.equals(nativeSchema) ? "views never go into the native schema" : null;
            }
            if ((m = MS_VIEW.matcher(s)).matches()) {
                return view(m.group(1), m.group(3), nativeQuoted);
            }
        }
        return "only the platform's view statements (CREATE SCHEMA, DROP VIEW, CREATE VIEW … AS SELECT columns FROM "
                + "the native schema) are applied";
    }

    /**
     * What the read-only login {@code reader} must be granted to read the views {@code checkedDdl} creates (statements
     * {@link #problem} accepted): PostgreSQL {@code GRANT USAGE} on each view schema and {@code GRANT SELECT} on each
     * view; SQL Server {@code GRANT SELECT} on each view. Names are taken quoted from the statements themselves.
     */
    public static List<String> grants(List<String> checkedDdl, SqlDialect dialect, String reader) {
        String grantee = IdentifierQuoting.quote(reader, dialect);
        Set<String> schemas = new LinkedHashSet<>();
        Set<String> views = new LinkedHashSet<>();
        for (String statement : checkedDdl) {
            String s = statement == null ? "" : statement.strip();
            Matcher m = (dialect == SqlDialect.POSTGRESQL ? PG_VIEW : MS_VIEW).matcher(s);
            if (m.matches()) {
                schemas.add(m.group(1));
                views.add(m.group(1) + "." + m.group(2));
            }
        }
        List<String> grants = new ArrayList<>();
        if (dialect == SqlDialect.POSTGRESQL) {
            schemas.forEach(schema -> grants.add("GRANT USAGE ON SCHEMA " + schema + " TO " + grantee));
        }
        views.forEach(view -> grants.add("GRANT SELECT ON " + view + " TO " + grantee));
        return grants;
    }

    private static String view(String viewSchema, String fromSchema, String nativeQuoted) {
        if (!fromSchema.equals(nativeQuoted)) {
            return "a view may only read the task's native schema";
        }
        return viewSchema.equals(nativeQuoted) ? "views never go into the native schema" : null;
    }
}
