package dev.snailbench.executor.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.executor.service.targets.ConnectionErrors;
import dev.snailbench.executor.service.targets.LoginPrivileges;
import dev.snailbench.executor.service.targets.Target;
import dev.snailbench.executor.service.targets.TargetConnector;
import dev.snailbench.executor.service.targets.TargetPolicy;
import dev.snailbench.executor.support.FakeTdsGateway;
import dev.snailbench.localstack.Postgres;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.target.TargetSocketFactory;
import dev.snailbench.testkit.LocalStack;
import dev.snailbench.testkit.RealInfrastructure;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.UnknownHostException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Attack suite, the drivers' own sockets: a SQL Server that routes the login elsewhere (a fake TDS gateway on
 * loopback) gets the driver to connect only where the address rules allow; PostgreSQL connects to the address
 * checked for the connection, never to what a second lookup of the name answers, and keeps the name for TLS
 * ({@code sslmode=verify-full}).
 * Beyond the in-memory tier: the drivers' own sockets and name lookups against real servers.
 */
@RealInfrastructure
class DriverSocketAttackTest {

    private static final TargetConnector.Settings SETTINGS = new TargetConnector.Settings(
            Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofSeconds(5));

    @Test
    void shouldRefuseASqlServerRoutingToAnAddressTheRulesRefuse() throws Exception {
        try (ServerSocket internal = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                Listener listener = new Listener(internal);
                FakeTdsGateway gateway = new FakeTdsGateway("127.0.0.1", internal.getLocalPort())) {
            // Only the gateway is allowed: the address it routes to is another port of the same host.
            TargetConnector connector = connector(List.of("127.0.0.1:" + gateway.port()), TargetPolicy::dns);

            assertThatThrownBy(() -> connector
                            .readOnly(sqlServer(gateway.port()), 0)
                            .getConnection()
                            .close())
                    .isInstanceOf(SQLException.class)
                    .satisfies(e -> assertThat(ConnectionErrors.categorize(e))
                            .isEqualTo(ConnectionErrors.Category.REFUSED_BY_POLICY));

            assertThat(gateway.routed()).as("logins the gateway routed").isEqualTo(1);
            assertThat(listener.accepted())
                    .as("connections that reached the routed address")
                    .isZero();
        }
    }

    @Test
    void shouldRefuseASqlServerRoutingToTheCloudMetadataAddress() throws Exception {
        try (FakeTdsGateway gateway = new FakeTdsGateway("169.254.169.254", 80)) {
            TargetConnector connector = connector(List.of("127.0.0.1:" + gateway.port()), TargetPolicy::dns);

            assertThatThrownBy(() -> connector
                            .readOnly(sqlServer(gateway.port()), 0)
                            .getConnection()
                            .close())
                    .isInstanceOf(SQLException.class)
                    .satisfies(e -> assertThat(ConnectionErrors.categorize(e))
                            .isEqualTo(ConnectionErrors.Category.REFUSED_BY_POLICY));
            assertThat(gateway.routed()).isEqualTo(1);
        }
    }

    @Test
    void shouldFollowARoutingTheRulesAllow() throws Exception {
        // The control: the driver does follow the routing, so the refusals above are the socket factory's.
        try (ServerSocket routedTo = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                Listener listener = new Listener(routedTo);
                FakeTdsGateway gateway = new FakeTdsGateway("127.0.0.1", routedTo.getLocalPort())) {
            TargetConnector connector = connector(
                    List.of("127.0.0.1:" + gateway.port(), "127.0.0.1:" + routedTo.getLocalPort()), TargetPolicy::dns);

            assertThatThrownBy(() -> connector
                            .readOnly(sqlServer(gateway.port()), 0)
                            .getConnection()
                            .close())
                    .isInstanceOf(SQLException.class);

            assertThat(gateway.routed()).isEqualTo(1);
            assertThat(listener.accepted())
                    .as("connections that reached the routed address")
                    .isGreaterThanOrEqualTo(1);
        }
    }

    @Test
    void shouldReachOnlyThePinnedAddressAndNothingWithoutARegisteredCheck() throws Exception {
        Properties seen = new Properties();
        // A driver given the class some other way (no pinned address, an id no connector registered) reaches nothing,
        // and a pinned socket reaches its own port only.
        try (ServerSocket open = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Socket socket = new TargetSocketFactory(seen).createSocket();
            assertThatThrownBy(() -> socket.connect(new InetSocketAddress("127.0.0.1", open.getLocalPort()), 1000))
                    .isInstanceOf(IOException.class)
                    .hasMessage(TargetSocketFactory.REFUSED);
            seen.setProperty(TargetSocketFactory.PINNED_ADDRESS, "127.0.0.1");
            seen.setProperty(TargetSocketFactory.PINNED_PORT, Integer.toString(open.getLocalPort() + 1));
            Socket otherPort = new TargetSocketFactory(seen).createSocket();
            assertThatThrownBy(() -> otherPort.connect(new InetSocketAddress("127.0.0.1", open.getLocalPort()), 1000))
                    .isInstanceOf(IOException.class)
                    .hasMessage(TargetSocketFactory.REFUSED);
            seen.setProperty(TargetSocketFactory.PINNED_PORT, Integer.toString(open.getLocalPort()));
            try (Socket pinned = new TargetSocketFactory(seen).createSocket()) {
                // Whatever the name resolved to, the socket goes to the pinned address.
                pinned.connect(InetSocketAddress.createUnresolved("no-such-host.invalid", open.getLocalPort()), 1000);
                assertThat(pinned.getInetAddress().getHostAddress()).isEqualTo("127.0.0.1");
            }
            Socket byId = new TargetSocketFactory("not-registered").createSocket();
            assertThatThrownBy(() -> byId.connect(new InetSocketAddress("127.0.0.1", open.getLocalPort()), 1000))
                    .isInstanceOf(IOException.class)
                    .hasMessage(TargetSocketFactory.REFUSED);
        }
    }

    @Test
    void shouldConnectPostgresToTheCheckedAddressNotToWhatASecondLookupAnswers() throws SQLException {
        Postgres pg = LocalStack.targets();
        pg.createDatabase("socket_attack");
        // The rules' DNS knows the name (the teams' server); the JVM's does not: a driver that looked the name up
        // again would fail, one that used a rebinding answer would go elsewhere.
        AtomicInteger lookups = new AtomicInteger();
        Function<String, InetAddress[]> dns = host -> host.equals("team-db.rebinding.test")
                ? new InetAddress[] {literal("127.0.0.1")}
                : TargetPolicy.dns(host);
        TargetConnector connector = new TargetConnector(
                new TargetPolicy(
                        List.of("127.0.0.1:" + pg.port(), "team-db.rebinding.test:" + pg.port()), List.of(), name -> {
                            lookups.incrementAndGet();
                            return dns.apply(name);
                        }),
                SETTINGS,
                new LoginPrivileges(List.of(Postgres.USER)));
        Target byName = new Target(
                "t",
                SqlDialect.POSTGRESQL,
                "jdbc:postgresql://team-db.rebinding.test:" + pg.port() + "/socket_attack",
                Postgres.USER,
                Postgres.PASSWORD,
                Map.of());

        try (Connection c = connector.readOnly(byName, 0).getConnection();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT inet_server_port()")) {
            rs.next();
            assertThat(rs.getInt(1)).isEqualTo(pg.port());
        }
        assertThat(lookups.get()).as("lookups by the rules").isPositive();

        // verify-full keeps the name (the certificate is checked against it) and still reaches the checked address:
        // this server speaks no TLS, so the failure is the handshake's, not an unknown host's.
        Target verifyFull = new Target(
                "t",
                SqlDialect.POSTGRESQL,
                byName.jdbcUrl() + "?sslmode=verify-full",
                Postgres.USER,
                Postgres.PASSWORD,
                Map.of());
        assertThatThrownBy(
                        () -> connector.readOnly(verifyFull, 0).getConnection().close())
                .isInstanceOf(SQLException.class)
                .satisfies(e -> assertThat(ConnectionErrors.categorize(e)).isEqualTo(ConnectionErrors.Category.TLS));
    }

    private static TargetConnector connector(List<String> allowed, Function<String, InetAddress[]> dns) {
        return new TargetConnector(new TargetPolicy(allowed, List.of(), dns), SETTINGS, LoginPrivileges.strict());
    }

    private static Target sqlServer(int port) {
        return new Target(
                "t",
                SqlDialect.SQLSERVER,
                "jdbc:sqlserver://127.0.0.1:" + port + ";databaseName=team",
                "reader",
                "pw",
                Map.of("encrypt", "false"));
    }

    private static InetAddress literal(String ip) {
        try {
            return InetAddress.getByName(ip);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Accepts and counts connections, closing each at once. */
    private static final class Listener implements AutoCloseable {
        private final AtomicInteger accepted = new AtomicInteger();
        private final ServerSocket server;

        Listener(ServerSocket server) {
            this.server = server;
            Thread t = new Thread(
                    () -> {
                        while (!server.isClosed()) {
                            try (Socket s = server.accept()) {
                                accepted.incrementAndGet();
                            } catch (IOException e) {
                                // closed
                            }
                        }
                    },
                    "routed-listener");
            t.setDaemon(true);
            t.start();
        }

        int accepted() {
            return accepted.get();
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }
}
