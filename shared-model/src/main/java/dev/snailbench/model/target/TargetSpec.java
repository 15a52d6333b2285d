package dev.snailbench.model.target;

import dev.snailbench.model.domain.SqlDialect;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A team database parsed into its parts: driver, host, port, database name and a few harmless driver properties.
 * The executor never passes a tenant's URL to a driver: it builds the URL from these parts ({@link #jdbcUrl()}),
 * and sets every other property itself (timeouts, read-only, socket factory), so nothing a tenant writes can override
 * them. Anything outside the allowlist is refused, naming the property.
 *
 * <p>The allowlists are deliberately small. PostgreSQL: {@code ssl} and {@code sslmode} (encryption on or off and how
 * strictly the certificate is checked; certificates come from the executor's own trust store, never a path a tenant
 * names: {@code sslrootcert=/etc/passwd} reads a file). SQL Server: {@code encrypt}, {@code trustServerCertificate},
 * {@code hostNameInCertificate} (the same, for TDS). Timeouts, application name, read-only intent and socket
 * handling are the executor's; credentials only come in the {@code user}/{@code password} fields.
 */
public record TargetSpec(SqlDialect dialect, String host, int port, String database, Map<String, String> properties) {

    private static final Pattern PG_URL = Pattern.compile("jdbc:postgresql://([^/?#]*)/([^?#]*)(?:\\?(.*))?");
    private static final Pattern MSSQL_URL = Pattern.compile("jdbc:sqlserver://([^;]*)(?:;(.*))?");
    private static final Pattern HOST_PORT = Pattern.compile("(\\[[0-9A-Fa-f:.]+]|[A-Za-z0-9.-]+)(?::(\\d{1,5}))?");
    private static final Pattern HOST_NAME =
            Pattern.compile("[A-Za-z0-9]([A-Za-z0-9-]{0,62})(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}))*\\.?");
    private static final Pattern IPV6 = Pattern.compile("\\[[0-9A-Fa-f:.]+]");
    private static final Pattern DATABASE = Pattern.compile("[A-Za-z0-9_$][A-Za-z0-9_$.-]{0,127}");
    private static final Set<String> CREDENTIALS = Set.of("user", "username", "password", "userid");

    /** Allowed properties per driver, lower case, with their allowed values (null: checked by {@link #value}). */
    private static final Map<SqlDialect, Map<String, Set<String>>> ALLOWED = Map.of(
            SqlDialect.POSTGRESQL,
                    Map.of(
                            "ssl", Set.of("true", "false"),
                            "sslmode", Set.of("disable", "allow", "prefer", "require", "verify-ca", "verify-full")),
            SqlDialect.SQLSERVER,
                    Map.of(
                            "encrypt", Set.of("true", "false", "strict", "mandatory", "optional", "yes", "no"),
                            "trustservercertificate", Set.of("true", "false"),
                            "hostnameincertificate", Set.of()));

    /** The driver's spelling of each allowed property. */
    private static final Map<String, String> SPELLING = Map.of(
            "ssl",
            "ssl",
            "sslmode",
            "sslmode",
            "encrypt",
            "encrypt",
            "trustservercertificate",
            "trustServerCertificate",
            "hostnameincertificate",
            "hostNameInCertificate");

    public TargetSpec {
        properties = properties == null ? Map.of() : Map.copyOf(new TreeMap<>(properties));
    }

    /**
     * Parses a registration or an inline reference.
     *
     * @param urlField the field to name when the URL is wrong ({@code jdbcUrl} or {@code database.jdbcUrl})
     * @param optionsField prefix of the field naming a wrong option ({@code options})
     * @throws InvalidTarget naming the field and the property at fault
     */
    public static TargetSpec parse(
            SqlDialect dialect, String url, Map<String, String> options, String urlField, String optionsField) {
        if (dialect == null) {
            throw new InvalidTarget("kind", "must be postgresql or sqlserver");
        }
        if (url == null || url.isBlank()) {
            throw new InvalidTarget(urlField, "is missing");
        }
        if (url.length() > 2000) {
            throw new InvalidTarget(urlField, "is longer than 2000 characters");
        }
        String trimmed = url.trim();
        Map<String, String> properties = new LinkedHashMap<>();
        TargetSpec base = dialect == SqlDialect.POSTGRESQL
                ? postgres(trimmed, properties, urlField)
                : sqlServer(trimmed, properties, urlField);
        if (options != null) {
            for (Map.Entry<String, String> option : options.entrySet()) {
                String name = option.getKey() == null ? "" : option.getKey();
                String field = optionsField + "." + name;
                if (name.equalsIgnoreCase("options")) {
                    // pgjdbc's startup "options" (-c name=value) would set any server setting: never.
                    throw new InvalidTarget(
                            field,
                            "is not an allowed driver property: server settings are the "
                                    + "executor's (read-only, timeouts)");
                }
                put(dialect, properties, name, option.getValue(), field);
            }
        }
        return new TargetSpec(dialect, base.host(), base.port(), base.database(), properties);
    }

    private static TargetSpec postgres(String url, Map<String, String> properties, String field) {
        Matcher m = PG_URL.matcher(url);
        if (!url.startsWith("jdbc:postgresql://") || !m.matches()) {
            throw new InvalidTarget(field, "must be jdbc:postgresql://host[:port]/database[?ssl=…&sslmode=…]");
        }
        String[] hostPort = hostPort(m.group(1), 5432, field);
        String database = decode(m.group(2), field);
        if (!DATABASE.matcher(database).matches()) {
            throw new InvalidTarget(field, "names no valid database (letters, digits, _ $ . -, at most 128)");
        }
        if (m.group(3) != null && !m.group(3).isEmpty()) {
            for (String pair : m.group(3).split("&")) {
                if (pair.isEmpty()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                String name = decode(eq < 0 ? pair : pair.substring(0, eq), field);
                String value = eq < 0 ? "" : decode(pair.substring(eq + 1), field);
                put(SqlDialect.POSTGRESQL, properties, name, value, field);
            }
        }
        return new TargetSpec(SqlDialect.POSTGRESQL, hostPort[0], Integer.parseInt(hostPort[1]), database, Map.of());
    }

    private static TargetSpec sqlServer(String url, Map<String, String> properties, String field) {
        Matcher m = MSSQL_URL.matcher(url);
        if (!url.startsWith("jdbc:sqlserver://") || !m.matches()) {
            throw new InvalidTarget(field, "must be jdbc:sqlserver://host[:port];databaseName=…[;encrypt=…]");
        }
        String server = m.group(1);
        if (server.contains("\\")) {
            // A named instance is found through the SQL Browser, which answers with a port the address rules never
            // saw: register the instance's port instead.
            throw new InvalidTarget(field, "must name the port, not an instance (host\\instance)");
        }
        String[] hostPort = hostPort(server, 1433, field);
        String database = null;
        if (m.group(2) != null) {
            for (String pair : m.group(2).split(";")) {
                if (pair.isBlank()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                String name = (eq < 0 ? pair : pair.substring(0, eq)).trim();
                String value = eq < 0 ? "" : pair.substring(eq + 1).trim();
                if (name.equalsIgnoreCase("databaseName") || name.equalsIgnoreCase("database")) {
                    database = value;
                } else {
                    put(SqlDialect.SQLSERVER, properties, name, value, field);
                }
            }
        }
        if (database == null || !DATABASE.matcher(database).matches()) {
            throw new InvalidTarget(field, "needs databaseName=… (letters, digits, _ $ . -, at most 128)");
        }
        return new TargetSpec(SqlDialect.SQLSERVER, hostPort[0], Integer.parseInt(hostPort[1]), database, Map.of());
    }

    private static String[] hostPort(String text, int defaultPort, String field) {
        if (text.contains("@")) {
            throw new InvalidTarget(field, "must not carry credentials (user@host): give them in user and password");
        }
        Matcher m = HOST_PORT.matcher(text);
        if (text.isEmpty() || !m.matches()) {
            throw new InvalidTarget(field, "must name one host (and port): no user info, no list of hosts");
        }
        String host = m.group(1);
        if (!IPV6.matcher(host).matches() && !HOST_NAME.matcher(host).matches()) {
            throw new InvalidTarget(field, "names no valid host");
        }
        int port = m.group(2) == null ? defaultPort : Integer.parseInt(m.group(2));
        if (port < 1 || port > 65535) {
            throw new InvalidTarget(field, "names no valid port (1 to 65535)");
        }
        String bare = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        return new String[] {bare.toLowerCase(Locale.ROOT), Integer.toString(port)};
    }

    private static void put(
            SqlDialect dialect, Map<String, String> properties, String name, String value, String field) {
        String lower = name.toLowerCase(Locale.ROOT);
        if (CREDENTIALS.contains(lower)) {
            throw new InvalidTarget(field, "must not carry credentials (" + name + "): give them in user and password");
        }
        Set<String> allowed = ALLOWED.get(dialect).get(lower);
        if (allowed == null) {
            throw new InvalidTarget(
                    field,
                    "sets the driver property " + name + ", which is not allowed (allowed: "
                            + String.join(
                                    ", ",
                                    ALLOWED.get(dialect).keySet().stream()
                                            .map(SPELLING::get)
                                            .sorted()
                                            .toList())
                            + ")");
        }
        String v = value == null ? "" : value.trim();
        boolean ok = allowed.isEmpty()
                ? HOST_NAME.matcher(v).matches() || v.matches("\\*\\.[A-Za-z0-9.-]{1,250}")
                : allowed.contains(v.toLowerCase(Locale.ROOT));
        if (!ok) {
            throw new InvalidTarget(
                    field,
                    "has a value of " + SPELLING.get(lower) + " that is not allowed"
                            + (allowed.isEmpty()
                                    ? " (a host name)"
                                    : " ("
                                            + String.join(
                                                    ", ",
                                                    allowed.stream().sorted().toList()) + ")"));
        }
        properties.put(SPELLING.get(lower), allowed.isEmpty() ? v : v.toLowerCase(Locale.ROOT));
    }

    private static String decode(String text, String field) {
        try {
            return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new InvalidTarget(field, "has a malformed %-escape");
        }
    }

    /** The URL the executor connects with: host, port and database only (properties are set apart). */
    public String jdbcUrl() {
        String h = host.contains(":") ? "[" + host + "]" : host;
        return dialect == SqlDialect.POSTGRESQL
                ? "jdbc:postgresql://" + h + ":" + port + "/" + database
                : "jdbc:sqlserver://" + h + ":" + port + ";databaseName=" + database;
    }

    /** The URL as shown to the tenant: the parts and the allowed properties, nothing else. */
    public String displayUrl() {
        if (properties.isEmpty()) {
            return jdbcUrl();
        }
        StringBuilder url = new StringBuilder(jdbcUrl());
        char separator = dialect == SqlDialect.POSTGRESQL ? '?' : ';';
        for (Map.Entry<String, String> p : properties.entrySet()) {
            url.append(separator).append(p.getKey()).append('=').append(p.getValue());
            separator = dialect == SqlDialect.POSTGRESQL ? '&' : ';';
        }
        return url.toString();
    }
}
