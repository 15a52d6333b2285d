package dev.snailbench.localstack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/** Free loopback ports. */
final class Ports {

    private Ports() {}

    static int free() {
        return free(1)[0];
    }

    /**
     * {@code count} distinct free ports. All are held open until every one is chosen: a port closed and asked for
     * again may come back at once (the broker's two listeners would get the same port and it would refuse to start).
     */
    static int[] free(int count) {
        List<ServerSocket> open = new ArrayList<>();
        try {
            int[] ports = new int[count];
            for (int i = 0; i < count; i++) {
                ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                socket.setReuseAddress(true);
                open.add(socket);
                ports[i] = socket.getLocalPort();
            }
            return ports;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            for (ServerSocket socket : open) {
                try {
                    socket.close();
                } catch (IOException ignored) {
                    // closing a listening socket we own does not fail in a way worth reporting
                }
            }
        }
    }
}
