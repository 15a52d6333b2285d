package dev.snailbench.executor.service.statement;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.postgresql.util.PSQLWarning;
import org.postgresql.util.ServerErrorMessage;

/**
 * Decides which functions a team's statement may call from what PostgreSQL resolved it to, as an allowlist: the
 * server parses the statement (a Parse message, nothing runs) with {@code debug_print_rewritten} shown to this client
 * only for that one message, and the executor reads the oids of every function, operator and type in the rewritten
 * tree (views' bodies and row-level security policies included, since the rewriter put them there). A gate query
 * then follows what those depend on in the catalog (operators' functions and operator families, user types'
 * functions, domain constraints and default operator classes, SQL-standard function bodies, aggregates' support
 * functions, views and policies reached through them) and fails, in the same round trip as the statement and before
 * it, when any is not allowed:
 * <ul>
 * <li>a built-in function (oid below 16384) if it is immutable or stable, or one of the named harmless volatile ones
 * ({@link #SAFE_VOLATILE}), and not one that runs SQL or reads whole tables by name ({@link #DENIED_BUILT_IN},
 * the {@code *_to_xml} family);</li>
 * <li>any other function only if immutable or stable, not SECURITY DEFINER, and its body is one the catalog shows:
 * an aggregate (its support functions are checked), a SQL function written with BEGIN ATOMIC (its dependencies are
 * checked), a C function (only a superuser installs one: an extension) or an alias of an allowed built-in;</li>
 * <li>no foreign table.</li>
 * </ul>
 * The decision is remembered per registration, search path and text for {@code ttl}. Blocking; PostgreSQL only.
 */
public final class CallCheck {

    /** Harmless volatile built-ins: random values and the clock, table sampling methods. */
    static final List<String> SAFE_VOLATILE = List.of(
            "random",
            "random_normal",
            "clock_timestamp",
            "timeofday",
            "gen_random_uuid",
            "uuidv4",
            "uuidv7",
            "bernoulli",
            "system");

    /** Stable built-ins that assign a transaction id (the {@code *_to_xml} family is refused by its pattern). */
    static final List<String> DENIED_BUILT_IN = List.of("txid_current", "pg_current_xact_id");

    /** Marks the gate's error; random per process, so no query's own error can pass for it. */
    private static final String MARKER = "snailbench call check " + UUID.randomUUID();

    /** A statement's verdict: allowed, or refused with the reason. */
    public record Decision(boolean allowed, String reason) {

        public static final Decision ALLOWED = new Decision(true, null);

        public static Decision refused(String reason) {
            return new Decision(false, reason);
        }
    }

    /** The statement may not run: what the server resolved it to is not allowed. */
    public static final class Refused extends Exception {
        Refused(String reason) {
            super(reason, null, false, false);
        }
    }

    private record Remembered(Decision decision, long expiresAt) {}

    private final Map<String, Remembered> decisions;
    private final long ttlNanos;

    /**
     * @param entries decisions remembered at most (least recently used first out); 0 remembers none
     * @param ttl     how long a decision is trusted: the team may change its functions and views meanwhile
     */
    public CallCheck(int entries, Duration ttl) {
        this.ttlNanos = ttl.toNanos();
        this.decisions = java.util.Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Remembered> eldest) {
                return size() > entries;
            }
        });
    }

    /** The key a decision is remembered by: who reads (registration), where names resolve, and the text. */
    public static String key(String registration, TransactionSettings settings, String sql) {
        return registration + '\u0000' + settings.searchPath() + '\u0000' + sql;
    }

    /** The remembered decision, or null when the statement must be checked. */
    public Decision known(String key) {
        Remembered r = decisions.get(key);
        if (r == null) {
            return null;
        }
        if (System.nanoTime() - r.expiresAt() > 0) {
            decisions.remove(key);
            return null;
        }
        return r.decision();
    }

    public void remember(String key, Decision decision) {
        if (ttlNanos > 0) {
            decisions.put(key, new Remembered(decision, System.nanoTime() + ttlNanos));
        }
    }

    /** What the server resolved a statement to, and the session's message settings to restore. */
    public record Resolved(QueryTree tree, String clientMinMessages, String prettyPrint) {}

    /**
     * Makes the transaction's settings, then has the server parse {@code sql} (one unnamed Parse, nothing runs) and
     * show its rewritten tree to this client; the tree is read and its kind checked. The tree stays shown until
     * {@link #gateStatements} hide it again. Two round trips, inside the caller's transaction.
     *
     * @throws Refused       the statement is not a plain query, or the server did not show what it resolved
     * @throws SQLException  the server's error (syntax, unknown table, privileges...) or the settings' check
     */
    public static Resolved resolve(Connection c, String sql, TransactionSettings settings)
            throws SQLException, Refused {
        String show = "SELECT shown.m, shown.p, pg_catalog.set_config('debug_pretty_print', 'off', true), "
                + "pg_catalog.set_config('debug_print_rewritten', 'on', true), "
                + "pg_catalog.set_config('client_min_messages', 'log', true) FROM (SELECT "
                + "pg_catalog.current_setting('client_min_messages') AS m, "
                + "pg_catalog.current_setting('debug_pretty_print') AS p OFFSET 0) AS shown";
        String clientMinMessages;
        String prettyPrint;
        try (PreparedStatement s = c.prepareStatement(settings.sql() + ";" + show)) {
            bind(s, settings.parameters());
            s.execute();
            s.getMoreResults();
            try (ResultSet rs = s.getResultSet()) {
                rs.next();
                clientMinMessages = rs.getString(1);
                prettyPrint = rs.getString(2);
            }
        }
        String dump = null;
        try (PreparedStatement s = c.prepareStatement(sql)) {
            s.getParameterMetaData();
            for (SQLWarning w = s.getWarnings(); w != null; w = w.getNextWarning()) {
                if (w instanceof PSQLWarning p && p.getServerErrorMessage() != null) {
                    ServerErrorMessage m = p.getServerErrorMessage();
                    if ("rewritten parse tree:".equals(m.getMessage()) && m.getDetail() != null) {
                        if (dump != null) {
                            throw new Refused("the server showed more than one statement");
                        }
                        dump = m.getDetail();
                    }
                }
            }
        }
        if (dump == null) {
            throw new Refused("the server did not show what it resolved the statement to");
        }
        QueryTree tree;
        try {
            tree = QueryTree.read(dump);
        } catch (IllegalArgumentException e) {
            throw new Refused("the server's tree of the statement cannot be read: " + e.getMessage());
        }
        if (tree.statements() != 1) {
            throw new Refused("exactly one statement may run, the server read " + tree.statements());
        }
        if (!tree.isQuery()) {
            throw new Refused("only queries may run (SELECT, VALUES, TABLE), not a command");
        }
        if (tree.hasModifyingCte()) {
            throw new Refused("a WITH clause modifies data");
        }
        if (tree.locks()) {
            throw new Refused("a locking clause (FOR UPDATE, FOR SHARE) is not read-only");
        }
        if (tree.relationKinds().contains("f")) {
            throw new Refused("reads a foreign table (another server)");
        }
        return new Resolved(tree, clientMinMessages, prettyPrint);
    }

    /**
     * The statements that hide the tree again and then fail on the server if the resolved statement calls anything
     * not allowed, to run in the same round trip as (and before) the statement; their parameters are
     * {@link #gateParameters}.
     */
    public static List<String> gateStatements() {
        return List.of(
                "SELECT pg_catalog.set_config('debug_print_rewritten', 'off', true), "
                        + "pg_catalog.set_config('client_min_messages', ?, true), "
                        + "pg_catalog.set_config('debug_pretty_print', ?, true)",
                GATE);
    }

    public static List<String> gateParameters(Resolved resolved) {
        QueryTree tree = resolved.tree();
        return List.of(
                resolved.clientMinMessages(),
                resolved.prettyPrint(),
                array(tree.functions()),
                array(tree.operators()),
                array(tree.types()),
                array(DENIED_BUILT_IN),
                array(SAFE_VOLATILE),
                array(DENIED_BUILT_IN),
                MARKER);
    }

    /** Whether {@code e} is the gate's refusal. */
    public static boolean isGateRefusal(SQLException e) {
        return e.getMessage() != null && e.getMessage().contains(MARKER);
    }

    /** The gate's reasons, without the marker. */
    public static String gateRefusal(SQLException e) {
        String message = e.getMessage();
        String rest = message.substring(message.indexOf(MARKER) + MARKER.length());
        int end = rest.lastIndexOf('"');
        rest = end < 0 ? rest : rest.substring(0, end);
        return rest.startsWith(": ") ? rest.substring(2) : rest;
    }

    static void bind(PreparedStatement s, List<String> parameters) throws SQLException {
        for (int i = 0; i < parameters.size(); i++) {
            s.setString(i + 1, parameters.get(i));
        }
    }

    private static String array(Collection<?> values) {
        return values.stream()
                .map(v -> v instanceof String s ? '"' + s + '"' : v.toString())
                .collect(Collectors.joining(",", "{", "}"));
    }

    /**
     * Everything the tree's objects make the server call, and what of it is not allowed (see the class comment):
     * operators' functions and the support functions of user-made families holding them; user aggregates' support
     * functions; user types' input, output and subscript functions, base, element, range and column types, domain
     * constraints and default operator classes; the trees stored for SQL-standard function bodies, domain
     * constraints, views' rules and row-level security policies, read as the statement's own tree is. Dependencies
     * on built-in objects are never recorded in pg_depend, so the stored trees themselves are read. No backslash in
     * its literals: the server may read them with standard_conforming_strings off.
     */
    private static final String GATE = """
            WITH RECURSIVE closure(classid, objid) AS (
                SELECT 'pg_catalog.pg_proc'::pg_catalog.regclass::oid, f FROM pg_catalog.unnest(?::oid[]) AS f
              UNION SELECT 'pg_catalog.pg_operator'::pg_catalog.regclass::oid, o FROM pg_catalog.unnest(?::oid[]) AS o
              UNION SELECT 'pg_catalog.pg_type'::pg_catalog.regclass::oid, t FROM pg_catalog.unnest(?::oid[]) AS t
              UNION
                SELECT e.classid, e.objid FROM closure AS c CROSS JOIN LATERAL (
                    SELECT 'pg_catalog.pg_proc'::pg_catalog.regclass::oid AS classid, o.oprcode::oid AS objid
                      FROM pg_catalog.pg_operator AS o WHERE c.classid = 'pg_catalog.pg_operator'::pg_catalog.regclass AND o.oid = c.objid
                    UNION ALL
                    SELECT 'pg_catalog.pg_proc'::pg_catalog.regclass::oid, f::oid FROM pg_catalog.pg_operator AS o,
                           LATERAL (VALUES (o.oprrest), (o.oprjoin)) AS x(f)
                     WHERE c.classid = 'pg_catalog.pg_operator'::pg_catalog.regclass AND o.oid = c.objid AND c.objid >= 16384
                    UNION ALL
                    SELECT 'pg_catalog.pg_proc'::pg_catalog.regclass::oid, p.amproc::oid FROM pg_catalog.pg_amop AS a
                      JOIN pg_catalog.pg_amproc AS p ON p.amprocfamily = a.amopfamily
                     WHERE c.classid = 'pg_catalog.pg_operator'::pg_catalog.regclass AND a.amopopr = c.objid AND a.amopfamily >= 16384
                    UNION ALL
                    SELECT 'pg_catalog.pg_proc'::pg_catalog.regclass::oid, f::oid FROM pg_catalog.pg_aggregate AS g,
                           LATERAL (VALUES (g.aggtransfn), (g.aggfinalfn), (g.aggcombinefn), (g.aggserialfn), (g.aggdeserialfn),
                               (g.aggmtransfn), (g.aggminvtransfn), (g.aggmfinalfn)) AS x(f)
                     WHERE c.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND g.aggfnoid = c.objid AND c.objid >= 16384
                    UNION ALL
                    SELECT 'pg_catalog.pg_operator'::pg_catalog.regclass::oid, g.aggsortop FROM pg_catalog.pg_aggregate AS g
                     WHERE c.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND g.aggfnoid = c.objid AND c.objid >= 16384
                    UNION ALL
                    SELECT 'pg_catalog.pg_proc'::pg_catalog.regclass::oid, f::oid FROM pg_catalog.pg_type AS t,
                           LATERAL (VALUES (t.typinput), (t.typoutput), (t.typreceive), (t.typsend), (t.typmodin), (t.typmodout),
                               (t.typsubscript)) AS x(f)
                     WHERE c.classid = 'pg_catalog.pg_type'::pg_catalog.regclass AND t.oid = c.objid AND c.objid >= 16384
                    UNION ALL
                    SELECT 'pg_catalog.pg_type'::pg_catalog.regclass::oid, x.t FROM pg_catalog.pg_type AS t,
                           LATERAL (VALUES (t.typbasetype), (t.typelem)) AS x(t)
                     WHERE c.classid = 'pg_catalog.pg_type'::pg_catalog.regclass AND t.oid = c.objid AND c.objid >= 16384
                    UNION ALL
                    SELECT 'pg_catalog.pg_type'::pg_catalog.regclass::oid, a.atttypid FROM pg_catalog.pg_type AS t
                      JOIN pg_catalog.pg_attribute AS a ON a.attrelid = t.typrelid AND a.attnum > 0
                     WHERE c.classid = 'pg_catalog.pg_type'::pg_catalog.regclass AND t.oid = c.objid AND c.objid >= 16384
                    UNION ALL
                    SELECT x.classid, x.objid FROM pg_catalog.pg_range AS r, LATERAL (VALUES
                               ('pg_catalog.pg_type'::pg_catalog.regclass::oid, r.rngsubtype::oid),
                               ('pg_catalog.pg_type'::pg_catalog.regclass::oid, r.rngtypid::oid),
                               ('pg_catalog.pg_proc'::pg_catalog.regclass::oid, r.rngcanonical::oid),
                               ('pg_catalog.pg_proc'::pg_catalog.regclass::oid, r.rngsubdiff::oid)) AS x(classid, objid)
                     WHERE c.classid = 'pg_catalog.pg_type'::pg_catalog.regclass AND c.objid >= 16384
                       AND (r.rngtypid = c.objid OR r.rngmultitypid = c.objid)
                    UNION ALL
                    SELECT 'pg_catalog.pg_proc'::pg_catalog.regclass::oid, p.amproc::oid FROM pg_catalog.pg_opclass AS oc
                      JOIN pg_catalog.pg_amproc AS p ON p.amprocfamily = oc.opcfamily
                     WHERE c.classid = 'pg_catalog.pg_type'::pg_catalog.regclass AND c.objid >= 16384
                       AND oc.opcintype = c.objid AND oc.opcdefault
                    UNION ALL
                    SELECT 'pg_catalog.pg_type'::pg_catalog.regclass::oid, a.atttypid FROM pg_catalog.pg_attribute AS a
                     WHERE c.classid = 'pg_catalog.pg_class'::pg_catalog.regclass AND c.objid >= 16384
                       AND a.attrelid = c.objid AND a.attnum > 0
                    UNION ALL
                    SELECT o.classid, o.objid FROM (
                        SELECT p.prosqlbody::text AS tree FROM pg_catalog.pg_proc AS p
                         WHERE c.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND p.oid = c.objid AND c.objid >= 16384
                           AND p.prosqlbody IS NOT NULL
                        UNION ALL
                        SELECT k.conbin::text FROM pg_catalog.pg_constraint AS k
                         WHERE c.classid = 'pg_catalog.pg_type'::pg_catalog.regclass AND c.objid >= 16384 AND k.contypid = c.objid
                           AND k.conbin IS NOT NULL
                        UNION ALL
                        SELECT r.ev_action::text FROM pg_catalog.pg_rewrite AS r
                         WHERE c.classid = 'pg_catalog.pg_class'::pg_catalog.regclass AND c.objid >= 16384 AND r.ev_class = c.objid
                        UNION ALL
                        SELECT concat_ws(' ', p.polqual::text, p.polwithcheck::text) FROM pg_catalog.pg_policy AS p
                         WHERE c.classid = 'pg_catalog.pg_class'::pg_catalog.regclass AND p.polrelid = c.objid
                    ) AS stored CROSS JOIN LATERAL (
                        SELECT CASE
                            WHEN f = 'relid' THEN 'pg_catalog.pg_class'::pg_catalog.regclass::oid
                            WHEN (f ~ '(func|fnoid)' AND f !~ '(format|retset|variadic|colcount|ordinality|coll|typ)')
                                OR f = 'tsmhandler' THEN 'pg_catalog.pg_proc'::pg_catalog.regclass::oid
                            WHEN f IN ('opno', 'opnos') OR (f ~ '(op|opr)$' AND f <> 'op')
                                THEN 'pg_catalog.pg_operator'::pg_catalog.regclass::oid
                            WHEN f ~ 'typ' AND f !~ '(typmod|typemod)' THEN 'pg_catalog.pg_type'::pg_catalog.regclass::oid
                            END AS classid, v::oid AS objid
                          FROM (SELECT pg_catalog.lower(m[1]) AS f, m[2] AS vs
                                  FROM pg_catalog.regexp_matches(stored.tree, '(?:^|[[:space:]{(]):([A-Za-z_]+)[[:space:]]+([0-9]+|[(]o[0-9[:space:]]*[)])', 'g') AS m) AS fields,
                               LATERAL pg_catalog.regexp_split_to_table(pg_catalog.btrim(fields.vs, '(o) '), '[[:space:]]+') AS v
                         WHERE v <> '' AND v <> '0'
                    ) AS o WHERE o.classid IS NOT NULL
                ) AS e WHERE e.objid IS NOT NULL AND e.objid <> 0
            ),
            problems(problem) AS (
                SELECT w.problem FROM (SELECT DISTINCT c.objid FROM closure AS c
                                        WHERE c.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass) AS c
                CROSS JOIN LATERAL (
                    SELECT pg_catalog.format('calls %s(%s), %s', p.oid::pg_catalog.regproc,
                               pg_catalog.pg_get_function_identity_arguments(p.oid), w.why) AS problem
                      FROM pg_catalog.pg_proc AS p JOIN pg_catalog.pg_language AS l ON l.oid = p.prolang
                      CROSS JOIN LATERAL (SELECT CASE
                          WHEN p.oid < 16384 THEN CASE
                              WHEN p.proname = ANY (?::text[]) OR p.proname ~ '_to_xml(schema|_and_xmlschema)?$'
                                  THEN 'a function that runs SQL or reads whole tables by name'
                              WHEN p.provolatile = 'v' AND NOT p.proname = ANY (?::text[])
                                  THEN 'a volatile function (it may act outside the query)' END
                          WHEN p.provolatile = 'v' THEN 'a volatile function (it may act outside the query)'
                          WHEN p.prosecdef THEN 'a SECURITY DEFINER function'
                          WHEN p.prokind = 'a' THEN NULL
                          WHEN l.lanname = 'sql' AND p.prosqlbody IS NOT NULL THEN NULL
                          WHEN l.lanname = 'c' THEN NULL
                          WHEN l.lanname = 'internal' AND EXISTS (SELECT FROM pg_catalog.pg_proc AS b WHERE b.oid < 16384
                              AND b.prolang = p.prolang AND b.prosrc = p.prosrc AND b.provolatile <> 'v'
                              AND b.proname !~ '_to_xml' AND NOT b.proname = ANY (?::text[]))
                              THEN NULL
                          ELSE pg_catalog.format('a %s function whose body the executor cannot check (only SQL functions '
                              || 'written with BEGIN ATOMIC are)', l.lanname) END AS why) AS w
                     WHERE p.oid = c.objid AND w.why IS NOT NULL OFFSET 0) AS w
              UNION ALL
                SELECT pg_catalog.format('reads %s, a foreign table', r.oid::pg_catalog.regclass)
                  FROM (SELECT DISTINCT c.objid FROM closure AS c
                         WHERE c.classid = 'pg_catalog.pg_class'::pg_catalog.regclass) AS c
                  CROSS JOIN LATERAL (SELECT r.oid FROM pg_catalog.pg_class AS r WHERE r.oid = c.objid AND r.relkind = 'f'
                                      OFFSET 0) AS r
            )
            SELECT CASE WHEN pg_catalog.count(*) = 0 THEN 'ok'
                ELSE (? || ': ' || pg_catalog.string_agg(DISTINCT problem, '; '))::int::text END FROM problems
            """;
}
