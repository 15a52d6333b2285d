package dev.snailbench.model.target;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.SocketFactory;

/**
 * The sockets the JDBC drivers open to team databases: each one connects only where the executor's address rules
 * say it may, whatever the driver was told on the way. The drivers build it from its class name (the executor sets
 * the driver property; a tenant cannot), so it lives in this library beside the drivers:
 * <ul>
 * <li>PostgreSQL ({@code socketFactory}, with {@link #PINNED_ADDRESS} and {@link #PINNED_PORT} in the connection's
 * properties): the driver keeps the host name (TLS: SNI, and {@code sslmode=verify-full} checks the certificate
 * against it) while the socket connects to the address the rules checked for this connection, never to what a
 * second lookup of the name answers; another port is refused.</li>
 * <li>SQL Server ({@code socketFactoryClass}, {@code socketFactoryConstructorArg} = a {@link #register registered}
 * check's id): every address the driver connects to is checked, the routed address a server sends at login (Always
 * On read-only routing, Azure redirection) included. The registry is this class's: where a driver gets another copy
 * of the class (a development class loader of its own), the id is unknown there and every socket is refused.</li>
 * </ul>
 * A refused connection fails with {@link #REFUSED}. Every read from a socket spends the reading thread's
 * {@link ReadBudget} (none open: not counted), which bounds a result's memory at the driver.
 */
public final class TargetSocketFactory extends SocketFactory {

    /** The message of every socket the rules refuse. */
    public static final String REFUSED = "target address refused by the executor's address rules";

    /** Connection property (PostgreSQL): the address checked for this connection, as an IP literal. */
    public static final String PINNED_ADDRESS = "snailbench.pinnedAddress";

    /** Connection property (PostgreSQL): the port checked with it. */
    public static final String PINNED_PORT = "snailbench.pinnedPort";

    /** Whether a connection to an address (resolved from a host name, or the literal itself) may be opened. */
    @FunctionalInterface
    public interface Check {
        boolean allows(String host, InetAddress address, int port);
    }

    private static final Map<String, Check> CHECKS = new ConcurrentHashMap<>();

    private final Check check;
    private final InetAddress pinned;
    private final int pinnedPort;

    /** SQL Server: {@code socketFactoryConstructorArg} names the registered check. */
    public TargetSocketFactory(String checkId) {
        this.check = check(checkId);
        this.pinned = null;
        this.pinnedPort = -1;
    }

    /** PostgreSQL: the connection's properties hold the checked address and port (none: nothing is reached). */
    public TargetSocketFactory(Properties properties) {
        InetAddress address = pinned(properties.getProperty(PINNED_ADDRESS));
        int port = port(properties.getProperty(PINNED_PORT));
        this.pinned = address;
        this.pinnedPort = port;
        this.check = (host, a, p) -> address != null && p == port;
    }

    /** Registers a check for the life of the JVM; the id goes into the drivers' properties. */
    public static String register(Check check) {
        String id = UUID.randomUUID().toString();
        CHECKS.put(id, check);
        return id;
    }

    private static Check check(String id) {
        Check check = id == null ? null : CHECKS.get(id);
        if (check == null) {
            // No known check: nothing may be reached (a driver given this class without the executor's wiring).
            return (host, address, port) -> false;
        }
        return check;
    }

    private static int port(String text) {
        return text != null && text.matches("\\d{1,5}") ? Integer.parseInt(text) : -1;
    }

    private static InetAddress pinned(String literal) {
        if (literal == null || !literal.matches("[0-9A-Fa-f:.%]+")) {
            return null;
        }
        try {
            // An IP literal: no lookup.
            return InetAddress.getByName(literal);
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public Socket createSocket() {
        return new CheckedSocket();
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        Socket s = new CheckedSocket();
        s.connect(new InetSocketAddress(host, port));
        return s;
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        Socket s = new CheckedSocket();
        s.bind(new InetSocketAddress(localHost, localPort));
        s.connect(new InetSocketAddress(host, port));
        return s;
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        Socket s = new CheckedSocket();
        s.connect(new InetSocketAddress(host, port));
        return s;
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
            throws IOException {
        Socket s = new CheckedSocket();
        s.bind(new InetSocketAddress(localAddress, localPort));
        s.connect(new InetSocketAddress(address, port));
        return s;
    }

    /** Connects where the rules allow, and only there; its reads spend the thread's read budget. */
    private final class CheckedSocket extends Socket {
        private InputStream in;

        @Override
        public synchronized InputStream getInputStream() throws IOException {
            if (in == null) {
                in = ReadBudget.counting(super.getInputStream());
            }
            return in;
        }

        @Override
        public void connect(SocketAddress endpoint, int timeout) throws IOException {
            if (!(endpoint instanceof InetSocketAddress target)) {
                throw new SocketException(REFUSED);
            }
            String host = target.getHostString();
            InetAddress address = pinned != null ? pinned : target.getAddress();
            if (address == null || !check.allows(host, address, target.getPort())) {
                throw new SocketException(REFUSED);
            }
            super.connect(new InetSocketAddress(address, target.getPort()), timeout);
        }
    }
}
