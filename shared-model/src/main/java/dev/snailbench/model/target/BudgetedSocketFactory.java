package dev.snailbench.model.target;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Properties;
import javax.net.SocketFactory;

/**
 * The sockets pgjdbc opens to team databases ({@code socketFactory}, set by the executor's TargetConnector): plain
 * sockets whose reads spend the reading thread's {@link ReadBudget}. The driver builds it from its class name with its
 * own class loader, so it lives in this library beside the drivers. A team cannot name another factory
 * ({@link TargetSpec} allows no such property).
 */
public final class BudgetedSocketFactory extends SocketFactory {

    /** The driver's constructor: it passes the connection's properties. */
    public BudgetedSocketFactory(Properties ignored) {
    }

    @Override
    public Socket createSocket() {
        return new BudgetedSocket();
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port));
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        Socket s = new BudgetedSocket();
        s.bind(new InetSocketAddress(localHost, localPort));
        s.connect(new InetSocketAddress(host, port));
        return s;
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port));
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
            throws IOException {
        Socket s = new BudgetedSocket();
        s.bind(new InetSocketAddress(localAddress, localPort));
        s.connect(new InetSocketAddress(address, port));
        return s;
    }

    private static Socket connected(InetSocketAddress address) throws IOException {
        Socket s = new BudgetedSocket();
        s.connect(address);
        return s;
    }

    private static final class BudgetedSocket extends Socket {
        private InputStream in;

        @Override
        public synchronized InputStream getInputStream() throws IOException {
            if (in == null) {
                in = ReadBudget.counting(super.getInputStream());
            }
            return in;
        }
    }
}
