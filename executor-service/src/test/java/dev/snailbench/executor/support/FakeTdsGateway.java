package dev.snailbench.executor.support;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A SQL Server on loopback that speaks just enough TDS ([MS-TDS]) to send a client elsewhere: it answers PRELOGIN
 * (version 16, encryption not supported) and then LOGIN7 with a LOGINACK, a routing ENVCHANGE (type 20) to
 * {@code host:port} and a final DONE, as an Always On listener or an Azure gateway does. Counts the logins it routed.
 */
public final class FakeTdsGateway implements AutoCloseable {

    private static final int TABULAR_RESULT = 0x04;
    private static final int END_OF_MESSAGE = 0x01;

    private final ServerSocket server;
    private final String routeHost;
    private final int routePort;
    private final AtomicInteger routed = new AtomicInteger();
    private final Thread acceptor;

    public FakeTdsGateway(String routeHost, int routePort) throws IOException {
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.routeHost = routeHost;
        this.routePort = routePort;
        this.acceptor = new Thread(this::serve, "fake-tds-gateway");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public int port() {
        return server.getLocalPort();
    }

    /** Logins answered with the routing. */
    public int routed() {
        return routed.get();
    }

    private void serve() {
        while (!server.isClosed()) {
            try (Socket client = server.accept()) {
                DataInputStream in = new DataInputStream(client.getInputStream());
                OutputStream out = client.getOutputStream();
                readMessage(in);
                out.write(packet(prelogin()));
                out.flush();
                readMessage(in);
                // Counted before the client can read the answer: a client refused at the routed socket returns at
                // once, and the test reads the count right after.
                routed.incrementAndGet();
                out.write(packet(routing()));
                out.flush();
                // The client closes after reading the routing; wait for it so the answer is not cut short.
                client.setSoTimeout(10_000);
                while (in.read() >= 0) {
                    // Drain until the client goes.
                }
            } catch (IOException e) {
                // A client that went away, or the server closed.
            }
        }
    }

    /** One message: packets until the end-of-message status bit. */
    private static void readMessage(DataInputStream in) throws IOException {
        int status;
        do {
            byte[] header = new byte[8];
            in.readFully(header);
            status = header[1] & 0xff;
            int length = ((header[2] & 0xff) << 8) | (header[3] & 0xff);
            in.readFully(new byte[length - 8]);
        } while ((status & END_OF_MESSAGE) == 0);
    }

    private static byte[] packet(byte[] payload) {
        ByteBuffer b = ByteBuffer.allocate(8 + payload.length).order(ByteOrder.BIG_ENDIAN);
        b.put((byte) TABULAR_RESULT)
                .put((byte) END_OF_MESSAGE)
                .putShort((short) (8 + payload.length))
                .putShort((short) 0)
                .put((byte) 1)
                .put((byte) 0)
                .put(payload);
        return b.array();
    }

    /** VERSION (16.0.1000.0) and ENCRYPTION (not supported); offsets big-endian from the payload's start. */
    private static byte[] prelogin() {
        int headers = 5 + 5 + 1;
        ByteBuffer b = ByteBuffer.allocate(headers + 6 + 1).order(ByteOrder.BIG_ENDIAN);
        b.put((byte) 0x00).putShort((short) headers).putShort((short) 6);
        b.put((byte) 0x01).putShort((short) (headers + 6)).putShort((short) 1);
        b.put((byte) 0xff);
        b.put((byte) 16).put((byte) 0).putShort((short) 1000).putShort((short) 0);
        b.put((byte) 0x02);
        return b.array();
    }

    /**
     * LOGINACK (TDS 7.4), ENVCHANGE routing (little-endian: value length, protocol TCP, port, host as US_VARCHAR,
     * empty old value), DONE.
     */
    private byte[] routing() {
        byte[] host = routeHost.getBytes(StandardCharsets.UTF_16LE);
        int value = 1 + 2 + 2 + host.length;
        int body = 1 + 2 + value + 2;
        byte[] program = "fake".getBytes(StandardCharsets.UTF_16LE);
        int ack = 1 + 4 + 1 + program.length + 4;
        ByteBuffer b = ByteBuffer.allocate(3 + ack + 1 + 2 + body + 13).order(ByteOrder.LITTLE_ENDIAN);
        b.put((byte) 0xAD)
                .putShort((short) ack)
                .put((byte) 1)
                .put(new byte[] {0x74, 0, 0, 4})
                .put((byte) (program.length / 2))
                .put(program)
                .put(new byte[] {16, 0, 0x03, (byte) 0xe8});
        b.put((byte) 0xE3)
                .putShort((short) body)
                .put((byte) 20)
                .putShort((short) value)
                .put((byte) 0)
                .putShort((short) routePort)
                .putShort((short) routeHost.length())
                .put(host)
                .putShort((short) 0);
        b.put((byte) 0xFD).putShort((short) 0).putShort((short) 0).putLong(0);
        return b.array();
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
