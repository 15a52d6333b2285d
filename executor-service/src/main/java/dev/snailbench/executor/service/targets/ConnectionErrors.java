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
 * What a tenant learns when a connection to its database fails: a category and a fixed sentence, never the driver's
 * text (which names hosts, ports, local paths and timings, and would make the connection test a port scanner). The
 * SQLSTATE class kept ({@code 08}, {@code 28}, {@code 3D}) says no more than the category.
 */
public final class ConnectionErrors {

    /** The categories a tenant sees. */
    public enum Category {
        REFUSED_BY_POLICY("the target is not allowed by the executor's address rules", "08001"),
        UNREACHABLE("the database server cannot be reached (unknown host or no route)", "08001"),
        CONNECTION_REFUSED("the database server refused the connection (nothing accepts connections there)", "08001"),
        TIMED_OUT("the database server did not answer in time", "08001"),
        TLS("the TLS handshake with the database server failed (encryption or certificate settings)", "08001"),
        AUTHENTICATION_FAILED("authentication failed: check user and password", "28000"),
        DATABASE_DOES_NOT_EXIST("the database does not exist on that server", "3D000"),
        SESSION_NOT_SAFE("the session could not be made read-only with the executor's limits", "08004"),
        /** Described by the refusal itself ({@link #describe}): what the login can do beyond reading. */
        PRIVILEGED_LOGIN("the login can do more than read its database (superuser, a predefined role or write "
                + "privileges)", "08004"),
        BUSY("no connection is free: too many queries of this database or tenant at once", "08004"),
        FAILED("the connection failed", "08000");

        private final String message;
        private final String sqlState;

        Category(String message, String sqlState) {
            this.message = message;
            this.sqlState = sqlState;
        }

        public String message() {
            return message;
        }

        public String sqlState() {
            return sqlState;
        }
    }

    private ConnectionErrors() {
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
                return message.toLowerCase(Locale.ROOT).contains("refused") ? Category.CONNECTION_REFUSED
                        : Category.UNREACHABLE;
            }
            if (t instanceof SocketTimeoutException || t instanceof InterruptedIOException) {
                return Category.TIMED_OUT;
            }
            if (t instanceof SQLException sql && sql.getSQLState() != null) {
                String state = sql.getSQLState();
                if (state.startsWith("28")) {
                    return Category.AUTHENTICATION_FAILED;
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
                return Category.AUTHENTICATION_FAILED;
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

    /**
     * The sentence a tenant sees: the category's, or for a privileged login the refusal's own (what its login can do
     * on its own database, and what to do; never the driver's text).
     */
    public static String describe(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof LoginPrivileges.PrivilegedLogin) {
                return t.getMessage();
            }
        }
        return categorize(failure).message();
    }
}
