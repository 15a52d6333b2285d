package dev.snailbench.executor.service;

import dev.snailbench.model.domain.SqlDialect;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;

/**
 * A pooled team connection handed to code that writes its own SQL (schema samples, QATCH generation, synthetic
 * seeds and candidates): every statement text passes the {@link SqlGuard} before the driver sees it, so a seed a
 * tenant wrote ({@code pg_sleep}, {@code ts_stat}, ...) is refused exactly like a predicted query. Only queries run:
 * updates, batches, calls and unwrapping to the driver's own objects are refused. Metadata calls pass (the driver's
 * catalog queries). The session itself is read-only with limits ({@code SessionGuard}).
 */
final class GuardedConnection {

    /** SQLSTATE of a statement refused by the guard (insufficient privilege: the executor's, not the server's). */
    static final String REFUSED_STATE = "42501";

    private static final Set<String> CHECKED = Set.of("execute", "executeQuery");
    private static final Set<String> NEVER = Set.of("executeUpdate", "executeLargeUpdate", "addBatch", "executeBatch",
            "executeLargeBatch", "unwrap", "prepareCall", "nativeSQL");

    private GuardedConnection() {
    }

    static Connection wrap(Connection raw, SqlGuard guard, SqlDialect dialect) {
        return (Connection) Proxy.newProxyInstance(GuardedConnection.class.getClassLoader(),
                new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                    String name = method.getName();
                    if (NEVER.contains(name)) {
                        throw refused(name + " is not available to generated SQL");
                    }
                    if (name.equals("prepareStatement")) {
                        check(guard, dialect, (String) args[0]);
                        return statement(invoke(raw, method, args), PreparedStatement.class, guard, dialect);
                    }
                    if (name.equals("createStatement")) {
                        return statement(invoke(raw, method, args), Statement.class, guard, dialect);
                    }
                    return invoke(raw, method, args);
                });
    }

    private static Object statement(Object raw, Class<?> type, SqlGuard guard, SqlDialect dialect) {
        InvocationHandler handler = (proxy, method, args) -> {
            String name = method.getName();
            if (NEVER.contains(name)) {
                throw refused(name + " is not available to generated SQL");
            }
            if (CHECKED.contains(name) && args != null && args.length > 0 && args[0] instanceof String sql) {
                check(guard, dialect, sql);
            }
            return invoke(raw, method, args);
        };
        return Proxy.newProxyInstance(GuardedConnection.class.getClassLoader(), new Class<?>[] {type}, handler);
    }

    private static void check(SqlGuard guard, SqlDialect dialect, String sql) throws SQLException {
        SqlGuard.Verdict verdict = guard.check(sql, dialect);
        if (!verdict.allowed()) {
            throw refused("SQL refused: " + verdict.reason());
        }
    }

    private static SQLException refused(String message) {
        return new SQLException(message, REFUSED_STATE);
    }

    private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
