package dev.snailbench.executor.service.targets;

import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.util.Locale;
import javax.net.ssl.SSLException;

/**
 * What a tenant learns when a connection to its database fails: a category and a sentence the executor writes, never
 * the driver's text (which names local paths, server versions and timings). The sentence names only what the tenant
 * gave: the address, the database and the login ({@link Where}). The SQLSTATE class kept ({@code 08}, {@code 28},
 * {@code 3D}) says no more than the category.
 */
public final class ConnectionErrors {

    /** What the connection was to: the parts of the target the tenant gave, which a sentence may name. */
    public record Where(String host, int port, String database, String login) {

        String address() {
            return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
        }
    }

    /** The categories a tenant sees, by their {@link #id()}. */
    public enum Category {
        /** The executor's address rules refuse the address: nothing was tried. */
        REFUSED_BY_POLICY("08001"),
        /** The host name does not resolve, or no route leads to it. */
        UNREACHABLE("08001"),
        /** Nothing listens on the port (the host answered with a refusal). */
        REFUSED("08001"),
        /** No answer in time: a firewall dropping the packets, or a server that does not answer. */
        TIMED_OUT("08001"),
        TLS("08001"),
        AUTH_FAILED("28000"),
        DATABASE_DOES_NOT_EXIST("3D000"),
        SESSION_NOT_SAFE("08004"),
        /** The login can do more than read its database: the refusal says what, and what to do. */
        PRIVILEGED_LOGIN("08004"),
        BUSY("08004"),
        FAILED("08000");

        private final String sqlState;

        Category(String sqlState) {
            this.sqlState = sqlState;
        }

        /** The name the API and the CLI show ({@code refused}, {@code auth_failed}, ...). */
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        public String sqlState() {
            return sqlState;
        }

        /** The sentence for a connection to {@code where}; {@code detail} is the executor's own text, or null. */
        public String message(Where where, String detail) {
            String at = where.address();
            return switch (this) {
                case REFUSED_BY_POLICY ->
                    at + " is not an allowed target: the executor's address rules refuse it "
                            + "(loopback, private and link-local addresses and the platform's own services, unless an "
                            + "operator allows a network with snailbench.executor.targets.allowed-networks)";
                case UNREACHABLE -> at + " cannot be reached: the host name does not resolve or no route leads to it";
                case REFUSED ->
                    "nothing listens on " + at + ": the server refused the connection (check the host "
                            + "and the port)";
                case TIMED_OUT ->
                    at + " did not answer in time: the server is down or overloaded, or a firewall "
                            + "drops the connection";
                case TLS -> "the TLS handshake with " + at + " failed (encryption or certificate settings)";
                case AUTH_FAILED ->
                    "authentication failed for login \"" + where.login() + "\" on " + at
                            + ": check the user and password";
                case DATABASE_DOES_NOT_EXIST -> "database \"" + where.database() + "\" does not exist on " + at;
                case SESSION_NOT_SAFE ->
                    "the session of login \"" + where.login() + "\" could not be made read-only "
                            + "with the executor's limits" + (detail == null ? "" : ": " + detail);
                case PRIVILEGED_LOGIN ->
                    detail != null
                            ? detail
                            : "login \"" + where.login() + "\" can do more than "
                                    + "read its database (superuser, a predefined role or write privileges)";
                case BUSY -> "no connection is free: too many queries of this database or tenant at once";
                case FAILED -> "the connection to " + at + " failed";
            };
        }
    }

    /** A categorized failure and its sentence. */
    public record Failure(Category category, String message) {

        /** As an exception whose SQLSTATE is the category's, keeping {@code cause} for the logs. */
        public SQLException exception(Throwable cause) {
            return new SQLException(message, category.sqlState(), cause);
        }
    }

    private ConnectionErrors() {}

    /** The categorized failure of a connection to {@code where}. */
    public static Failure describe(Throwable failure, Where where) {
        Category category = categorize(failure);
        String detail = null;
        for (Throwable t = failure; t != null && detail == null; t = t.getCause() == t ? null : t.getCause()) {
            if (category == Category.SESSION_NOT_SAFE && t instanceof SessionGuard.UnsafeSession
                    || category == Category.PRIVILEGED_LOGIN && t instanceof LoginPrivileges.PrivilegedLogin) {
                detail = t.getMessage();
            }
        }
        return new Failure(category, category.message(where, detail));
    }

    /** The category of a failure to get a connection. */
    public static Category categorize(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String message = t.getMessage() == null ? "" : t.getMessage();
            if (message.contains(TargetConnector.REFUSED_MESSAGE)) {
                return Category.REFUSED_BY_POLICY;
            }
            if (t instanceof SessionGuard.UnsafeSession) {
                return Category.SESSION_NOT_SAFE;
            }
            if (t instanceof LoginPrivileges.PrivilegedLogin) {
                return Category.PRIVILEGED_LOGIN;
            }
            if (t instanceof SSLException) {
                return Category.TLS;
            }
            if (t instanceof UnknownHostException || t instanceof NoRouteToHostException) {
                return Category.UNREACHABLE;
            }
            if (t instanceof ConnectException) {
                return message.toLowerCase(Locale.ROOT).contains("refused") ? Category.REFUSED : Category.UNREACHABLE;
            }
            if (t instanceof SocketTimeoutException || t instanceof InterruptedIOException) {
                return Category.TIMED_OUT;
            }
            if (t instanceof SQLException sql && sql.getSQLState() != null) {
                String state = sql.getSQLState();
                if (state.startsWith("28")) {
                    return Category.AUTH_FAILED;
                }
                if (state.equals("3D000") || state.equals("S0001") && message.contains("Cannot open database")) {
                    return Category.DATABASE_DOES_NOT_EXIST;
                }
                if (state.equals("08004") && message.contains("none freed within")) {
                    return Category.BUSY;
                }
            }
            if (t instanceof SQLException sql && sql.getErrorCode() == 18456) {
                // SQL Server: login failed for user (SQLSTATE S0001 is shared by many errors).
                return Category.AUTH_FAILED;
            }
            if (t instanceof SQLException sql && sql.getErrorCode() == 4060) {
                return Category.DATABASE_DOES_NOT_EXIST;
            }
        }
        String all = String.valueOf(failure).toLowerCase(Locale.ROOT);
        if (all.contains("timed out") || all.contains("timeout")) {
            return Category.TIMED_OUT;
        }
        if (all.contains("ssl") || all.contains("tls")) {
            return Category.TLS;
        }
        return Category.FAILED;
    }
}
