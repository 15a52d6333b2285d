package dev.snailbench.executor.support;

import dev.snailbench.testkit.PostgresTestResource;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A database that stops answering: a TCP proxy on the tests' dead host that forwards to a real server (so that a
 * registration's connection test passes) until {@link #blackhole()}, after which it closes what it forwarded and
 * accepts new connections without ever answering them. Optionally a slow one: each new connection is held a while
 * before it is forwarded.
 */
public final class SwitchableProxy implements AutoCloseable {

    private final ServerSocket server;
    private final String targetHost;
    private final int targetPort;
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private final Duration connectDelay;
    private volatile boolean blackhole;

    public SwitchableProxy(String targetHost, int targetPort) throws IOException {
        this(targetHost, targetPort, Duration.ZERO);
    }

    /**
     * @param connectDelay how long each accepted connection waits, one after another, before it reaches the server:
     *     a server whose logins are slow
     */
    public SwitchableProxy(String targetHost, int targetPort, Duration connectDelay) throws IOException {
        this.server = new ServerSocket(0, 50, InetAddress.getByName(PostgresTestResource.DEAD_HOST));
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        this.connectDelay = connectDelay;
        Thread accept = new Thread(this::accept, "switchable-proxy");
        accept.setDaemon(true);
        accept.start();
    }

    public String host() {
        return PostgresTestResource.DEAD_HOST;
    }

    public int port() {
        return server.getLocalPort();
    }

    /** From now on nothing answers: forwarded connections are closed, new ones are held open in silence. */
    public void blackhole() {
        blackhole = true;
        for (Socket s : open) {
            closeQuietly(s);
        }
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                open.add(client);
                if (blackhole) {
                    continue;
                }
                if (!connectDelay.isZero()) {
                    Thread.sleep(connectDelay.toMillis());
                }
                Socket upstream = new Socket(targetHost, targetPort);
                open.add(upstream);
                pump(client, upstream);
                pump(upstream, client);
            } catch (IOException e) {
                // closed, or a connection that failed: the next one is accepted
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void pump(Socket from, Socket to) {
        Thread t = new Thread(
                () -> {
                    byte[] buffer = new byte[8192];
                    try (InputStream in = from.getInputStream();
                            OutputStream out = to.getOutputStream()) {
                        for (int n; (n = in.read(buffer)) >= 0; ) {
                            out.write(buffer, 0, n);
                            out.flush();
                        }
                    } catch (IOException e) {
                        // one side closed
                    } finally {
                        closeQuietly(from);
                        closeQuietly(to);
                    }
                },
                "switchable-proxy-pump");
        t.setDaemon(true);
        t.start();
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        open.forEach(SwitchableProxy::closeQuietly);
    }
}
