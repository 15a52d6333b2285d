package dev.snailbench.executor.service.targets;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.SocketFactory;

/**
 * The socket factory the executor sets on every team-database driver (pgjdbc {@code socketFactory}, SQL Server
 * {@code socketFactoryClass}; tenants cannot set either). It checks the address each socket actually connects to,
 * after DNS, against the {@link TargetPolicy}: a name re-pointed at an internal address after registration is refused
 * at connect time. The driver instantiates it by class name with one string argument (pgjdbc
 * {@code socketFactoryArg}, SQL Server {@code socketFactoryConstructorArg}): the id under which the policy was
 * {@link #install installed}; with an unknown id every connection is refused.
 */
public final class GuardedSocketFactory extends SocketFactory {

    private static final Map<String, TargetPolicy> POLICIES = new ConcurrentHashMap<>();

    /** The message of the exception a refused connection fails with (recognised by {@link ConnectionErrors}). */
    public static final String REFUSED_MESSAGE = "target address refused by the executor's address rules";

    private final TargetPolicy policy;

    /** Without a policy id: refuses every connection. */
    public GuardedSocketFactory() {
        this(null);
    }

    public GuardedSocketFactory(String policyId) {
        this.policy = policyId == null ? null : POLICIES.get(policyId);
    }

    /** Makes {@code policy} known to the drivers; answers the id to pass as the factory's argument. */
    public static String install(TargetPolicy policy) {
        String id = UUID.randomUUID().toString();
        POLICIES.put(id, policy);
        return id;
    }

    @Override
    public Socket createSocket() {
        return new CheckedSocket(policy);
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        Socket s = createSocket();
        s.connect(new InetSocketAddress(host, port));
        return s;
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        Socket s = createSocket();
        s.bind(new InetSocketAddress(localHost, localPort));
        s.connect(new InetSocketAddress(host, port));
        return s;
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        Socket s = createSocket();
        s.connect(new InetSocketAddress(host, port));
        return s;
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
            throws IOException {
        Socket s = createSocket();
        s.bind(new InetSocketAddress(localAddress, localPort));
        s.connect(new InetSocketAddress(address, port));
        return s;
    }

    /** The address the connection goes to, checked; an unresolved one is resolved here and that address is used. */
    static InetSocketAddress checked(TargetPolicy policy, SocketAddress endpoint) throws SocketException {
        if (!(endpoint instanceof InetSocketAddress inet)) {
            throw new SocketException(REFUSED_MESSAGE);
        }
        InetAddress address = inet.getAddress();
        if (address == null) {
            InetAddress[] resolved = TargetPolicy.dns(inet.getHostString());
            if (resolved.length == 0) {
                throw new SocketException("unknown host " + inet.getHostString());
            }
            address = resolved[0];
        }
        if (policy == null || !policy.allows(inet.getHostString(), address, inet.getPort())) {
            throw new SocketException(REFUSED_MESSAGE);
        }
        return new InetSocketAddress(address, inet.getPort());
    }

    private static final class CheckedSocket extends Socket {

        private final TargetPolicy policy;

        CheckedSocket(TargetPolicy policy) {
            this.policy = policy;
        }

        @Override
        public void connect(SocketAddress endpoint) throws IOException {
            connect(endpoint, 0);
        }

        @Override
        public void connect(SocketAddress endpoint, int timeout) throws IOException {
            InetSocketAddress target = checked(policy, endpoint);
            super.connect(target, timeout);
        }
    }
}
