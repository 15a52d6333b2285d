package dev.snailbench.localstack;

import dev.snailbench.datasets.FootballDbFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Loads the FootballDB dumps ({@code <data>/footballdb/vN/db/*.sql}) into databases {@code footballdb_vN}, the
 * way the dataset's {@code load.sh} does, without psql: schema {@code exp_vN} as the database's search path,
 * tables in foreign-key order, owner and grant statements dropped, one transaction per table.
 * {@code match_fact} is not in the dumps: queries that need it fail, as they should.
 */
public final class FootballDb {

    private static final Pattern REFERENCES = Pattern.compile("(?i)\\breferences\\s+([A-Za-z0-9_]+)");
    private static final Pattern OWNER =
            Pattern.compile("(?im)^alter table [A-Za-z0-9_.\"]+\\s*\\n\\s*owner to [^;]*;\\s*$");
    private static final Pattern GRANT = Pattern.compile("(?im)^grant [^;]* to [^;]*;\\s*$");

    private FootballDb() {}

    public static String databaseName(String version) {
        return "footballdb_" + version;
    }

    /**
     * A server for the teams' databases with every FootballDB version loaded: a copy of a cluster loaded once per
     * machine, dumps and loader ({@link PostgresTemplate}), in about a second instead of a load's tens of seconds.
     */
    public static Postgres startLoaded(Path dataDir) {
        return Postgres.start(PostgresTemplate.derived(
                "footballdb-" + dumpsKey(dataDir),
                server -> FootballDbFiles.VERSIONS.forEach(version -> load(server, dataDir, version))));
    }

    /** A digest of every version's dumps and of this loader's code: another dump or loader, another template. */
    static String dumpsKey(Path dataDir) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            try (InputStream loader = FootballDb.class.getResourceAsStream("FootballDb.class")) {
                if (loader != null) {
                    sha.update(loader.readAllBytes());
                }
            }
            for (String version : FootballDbFiles.VERSIONS) {
                Path dumps = FootballDbFiles.in(dataDir).dumps(version);
                if (!Files.isDirectory(dumps)) {
                    throw new IllegalStateException("no FootballDB dumps at " + dumps);
                }
                List<Path> files;
                try (Stream<Path> list = Files.list(dumps)) {
                    files = list.filter(Files::isRegularFile).sorted().toList();
                }
                for (Path file : files) {
                    sha.update((version + "/" + file.getFileName()).getBytes(StandardCharsets.UTF_8));
                    sha.update(Files.readAllBytes(file));
                }
            }
            return HexFormat.of().formatHex(sha.digest(), 0, 8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Loads one version unless it is already there; returns the number of tables loaded. */
    public static int load(Postgres postgres, Path dataDir, String version) {
        String db = databaseName(version);
        String schema = "exp_" + version;
        Path dumps = FootballDbFiles.in(dataDir).dumps(version);
        if (!Files.isDirectory(dumps)) {
            throw new IllegalStateException("no FootballDB dumps at " + dumps);
        }
        postgres.createDatabase(db);
        try (Connection c = postgres.connect(db);
                Statement s = c.createStatement()) {
            if (alreadyLoaded(s, schema)) {
                return 0;
            }
            s.execute("CREATE SCHEMA IF NOT EXISTS " + schema);
            s.execute("ALTER DATABASE " + db + " SET search_path TO " + schema + ", public");
            s.execute("SET search_path TO " + schema + ", public");
            s.execute("SET client_min_messages TO warning");
            c.setAutoCommit(false);
            List<String> tables = tableOrder(dumps);
            for (String table : tables) {
                s.execute(filter(Files.readString(dumps.resolve(table + ".sql"), StandardCharsets.UTF_8)));
                c.commit();
            }
            c.setAutoCommit(true);
            s.execute("ANALYZE");
            return tables.size();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot load FootballDB " + version + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Creates (once) a login role that can only read one FootballDB version's schema: what a team would give an
     * evaluation platform ({@link #loginFor} gives a team its own on every version).
     */
    public static void grantReader(Postgres postgres, String version, String role, String password) {
        String db = databaseName(version);
        String schema = "exp_" + version;
        try (Connection c = postgres.connect(db);
                Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT 1 FROM pg_roles WHERE rolname = '" + role + "'")) {
                if (!rs.next()) {
                    s.execute("CREATE ROLE " + role + " LOGIN PASSWORD '" + password.replace("'", "''") + "'");
                }
            }
            s.execute("GRANT CONNECT ON DATABASE " + db + " TO " + role);
            s.execute("GRANT USAGE ON SCHEMA " + schema + " TO " + role);
            s.execute("GRANT SELECT ON ALL TABLES IN SCHEMA " + schema + " TO " + role);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot grant read access on " + db + ": " + e.getMessage(), e);
        }
    }

    /** Opens a connection to a database of the teams' server as its superuser. */
    @FunctionalInterface
    public interface Superuser {
        Connection connect(String database) throws SQLException;
    }

    /** A team's own login on FootballDB. */
    public record Login(String user, String password) {}

    /**
     * Creates the read-only login of one team on every FootballDB version loaded on this server, or gives it a new
     * password: {@code footballdb_<team>_<hash>} (the hash keeps two team names that read alike apart), CONNECT on the
     * databases, USAGE on their schemas, SELECT on their tables, nothing else. One login per team, never shared: teams
     * on one login would read each other's running SQL in {@code pg_stat_activity} and could cancel each other's
     * queries; each on its own, PostgreSQL shows another login's query as {@code <insufficient privilege>} and refuses
     * to cancel it.
     *
     * @throws IllegalStateException when no FootballDB version is loaded, or the server refuses
     */
    public static Login loginFor(Superuser superuser, String team) {
        String user = loginName(team);
        String password = randomPassword();
        List<String> granted = new ArrayList<>();
        try (Connection c = superuser.connect("postgres");
                Statement s = c.createStatement()) {
            List<String> loaded = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("SELECT datname FROM pg_database")) {
                while (rs.next()) {
                    loaded.add(rs.getString(1));
                }
            }
            boolean exists;
            try (ResultSet rs = s.executeQuery("SELECT 1 FROM pg_roles WHERE rolname = " + literal(user))) {
                exists = rs.next();
            }
            s.execute((exists ? "ALTER ROLE " : "CREATE ROLE ") + user + " LOGIN PASSWORD " + literal(password));
            for (String version : FootballDbFiles.VERSIONS) {
                if (loaded.contains(databaseName(version))) {
                    grantRead(superuser, version, user);
                    granted.add(version);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create the FootballDB login of " + team + ": " + e.getMessage(), e);
        }
        if (granted.isEmpty()) {
            throw new IllegalStateException(
                    "no FootballDB database on this server: start the platform with " + "./snailbench up --footballdb");
        }
        return new Login(user, password);
    }

    /** {@code footballdb_} and the team's name in lower-case letters, digits and underscores, then a short hash. */
    static String loginName(String team) {
        String slug =
                team.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_").replaceAll("^_+|_+$", "");
        if (slug.length() > 36) {
            slug = slug.substring(0, 36);
        }
        byte[] digest;
        try {
            digest = MessageDigest.getInstance("SHA-256").digest(team.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        // 32 bits of the name's digest: two names with one slug get one login only by a 1-in-4-billion chance.
        String hash = HexFormat.of().formatHex(digest, 0, 4);
        return "footballdb_" + (slug.isEmpty() ? "team" : slug) + "_" + hash;
    }

    private static void grantRead(Superuser superuser, String version, String role) throws SQLException {
        String db = databaseName(version);
        String schema = "exp_" + version;
        try (Connection c = superuser.connect(db);
                Statement s = c.createStatement()) {
            s.execute("GRANT CONNECT ON DATABASE " + db + " TO " + role);
            s.execute("GRANT USAGE ON SCHEMA " + schema + " TO " + role);
            s.execute("GRANT SELECT ON ALL TABLES IN SCHEMA " + schema + " TO " + role);
        }
    }

    private static String literal(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    private static String randomPassword() {
        byte[] bytes = new byte[18];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static boolean alreadyLoaded(Statement s, String schema) throws SQLException {
        try (ResultSet rs = s.executeQuery(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = '" + schema + "'")) {
            rs.next();
            return rs.getInt(1) > 0;
        }
    }

    static String filter(String dump) {
        return GRANT.matcher(OWNER.matcher(dump).replaceAll("")).replaceAll("");
    }

    /** Tables in dependency order: a table comes after every table it references (that has a dump). */
    static List<String> tableOrder(Path dumps) throws IOException {
        Map<String, Set<String>> references = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(dumps)) {
            for (Path f :
                    files.filter(p -> p.toString().endsWith(".sql")).sorted().toList()) {
                String table = f.getFileName().toString().replaceAll("\\.sql$", "");
                String text = Files.readString(f, StandardCharsets.UTF_8);
                int firstInsert = text.indexOf("INSERT INTO ");
                Matcher m = REFERENCES.matcher(firstInsert < 0 ? text : text.substring(0, firstInsert));
                Set<String> refs = new LinkedHashSet<>();
                while (m.find()) {
                    refs.add(m.group(1).toLowerCase(Locale.ROOT));
                }
                references.put(table, refs);
            }
        }
        List<String> order = new ArrayList<>();
        Set<String> visiting = new LinkedHashSet<>();
        for (String table : references.keySet()) {
            visit(table, references, order, visiting);
        }
        return order;
    }

    private static void visit(String table, Map<String, Set<String>> refs, List<String> order, Set<String> visiting) {
        if (order.contains(table) || !refs.containsKey(table) || !visiting.add(table)) {
            return;
        }
        for (String ref : refs.get(table)) {
            if (!ref.equals(table)) {
                visit(ref, refs, order, visiting);
            }
        }
        order.add(table);
    }
}
