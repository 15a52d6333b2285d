package dev.snailbench.executor.service;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Set;

/**
 * A team session seen through its catalog only ({@link TeamSession#catalog()}): the driver's metadata calls pass
 * (its own catalog queries, no tenant text), everything that would run or change anything is refused, so a
 * statement can only reach the session through {@link TeamSession#query} and the guard.
 */
final class CatalogConnection {

    /** SQLSTATE of a call refused here or by the guard (insufficient privilege: the executor's, not the server's). */
    static final String REFUSED_STATE = "42501";

    private static final Set<String> ALLOWED = Set.of(
            "getMetaData",
            "getCatalog",
            "getSchema",
            "isReadOnly",
            "isClosed",
            "isValid",
            "getAutoCommit",
            "getTransactionIsolation",
            "getWarnings",
            "clearWarnings",
            "isWrapperFor",
            "toString",
            "hashCode",
            "equals");

    private CatalogConnection() {}

    static Connection of(Connection raw) {
        return (Connection) Proxy.newProxyInstance(
                CatalogConnection.class.getClassLoader(), new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                    if (!ALLOWED.contains(method.getName())) {
                        throw new SQLException(
                                method.getName() + " is not available on a catalog view of a team "
                                        + "session: queries go through the guarded runner",
                                REFUSED_STATE);
                    }
                    return invoke(raw, method, args);
                });
    }

    private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
