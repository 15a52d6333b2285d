package dev.snailbench.executor.service.targets;

import dev.snailbench.model.target.InvalidTarget;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Where a team database may be. Checked at registration, at inline resolution, and again for every connection
 * ({@link TargetConnector} resolves the host, checks every address and has the driver connect to the checked
 * address): a name that resolves to a public address at registration and to an internal one later is refused when it
 * matters.
 *
 * <ul>
 * <li>The platform's own endpoints are refused always, even inside an allowed network: the executor's database,
 * the Kafka brokers, its own HTTP port and {@code snailbench.executor.targets.platform-endpoints}. A local address
 * (loopback, the wildcard, an address of this host's interfaces) matches any other local address.</li>
 * <li>Loopback, link-local (169.254/16, fe80::/10), unspecified, multicast, reserved (0/8, 240/4) and private ranges
 * (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7) are refused unless an entry of
 * {@code snailbench.executor.targets.allowed-networks} allows them; so is an IPv6 address that carries one of those
 * IPv4 addresses (NAT64 64:ff9b::/96, IPv4-compatible, -mapped and -translated, 6to4, ISATAP), and every IPv6 address
 * outside global unicast or in its special-purpose blocks (local-use NAT64 64:ff9b:1::/48, Teredo and the rest of
 * 2001::/23, documentation).</li>
 * <li>Anything else (a public address) is allowed.</li>
 * </ul>
 *
 * Every refusal gives the same message, which says nothing about whether anything listens there.
 */
public final class TargetPolicy {

    /** The one message of every refusal (registration, job, connection). */
    public static final String REFUSED = "is not an allowed target for a team database: loopback, private and "
            + "link-local addresses and the platform's own services are refused (an operator may allow a network "
            + "with snailbench.executor.targets.allowed-networks)";

    /** A {@code host:port} of the platform, maybe known only later (the HTTP port of a test picks a free one). */
    public record Endpoint(String host, Supplier<Integer> port) {

        public static Endpoint of(String host, int port) {
            return new Endpoint(host, () -> port);
        }

        /** {@code host:port} or {@code [ipv6]:port}. */
        public static Endpoint parse(String text) {
            String t = text.trim();
            int colon = t.lastIndexOf(':');
            if (colon <= 0 || !t.substring(colon + 1).matches("\\d{1,5}")) {
                throw new IllegalArgumentException("platform endpoint '" + text + "' is not host:port");
            }
            String host = t.substring(0, colon);
            if (host.startsWith("[") && host.endsWith("]")) {
                host = host.substring(1, host.length() - 1);
            }
            return of(host, Integer.parseInt(t.substring(colon + 1)));
        }
    }

    private final List<NetworkRule> allowed;
    private final List<Endpoint> platform;
    private final Function<String, InetAddress[]> resolver;

    /**
     * @param allowedNetworks entries of {@code allowed-networks}
     * @param platform        the platform's own endpoints (refused always)
     * @param resolver        DNS: a host's addresses, empty when it does not resolve
     * @throws IllegalArgumentException naming a malformed entry (the service does not start with it)
     */
    public TargetPolicy(
            List<String> allowedNetworks, List<Endpoint> platform, Function<String, InetAddress[]> resolver) {
        this.allowed = allowedNetworks.stream()
                .filter(e -> !e.isBlank())
                .map(NetworkRule::parse)
                .toList();
        this.platform = List.copyOf(platform);
        this.resolver = resolver;
    }

    /** DNS through the JVM's resolver (and its cache). */
    public static InetAddress[] dns(String host) {
        try {
            return InetAddress.getAllByName(host);
        } catch (UnknownHostException e) {
            return new InetAddress[0];
        }
    }

    /**
     * Checks a target before anything connects: resolves the host and checks every address.
     *
     * @throws InvalidTarget naming {@code field}
     */
    public void check(String host, int port, String field) {
        checkedAddress(host, port, field);
    }

    /**
     * The check that needs no DNS, for the event loop (resolving a work item's database): an IP literal is checked now;
     * a name is checked where it is resolved, on a worker, for every connection ({@link TargetConnector}).
     *
     * @throws InvalidTarget naming {@code field}
     */
    public void checkLiteral(String host, int port, String field) {
        if (host.contains(":") || host.matches("\\d{1,3}(\\.\\d{1,3}){3}")) {
            check(host, port, field);
        }
    }

    /**
     * Resolves {@code host} now, checks every address, and answers the first: the address to connect to, so that the
     * driver never resolves the name itself (a name re-pointed between this check and the connection cannot win).
     *
     * @throws InvalidTarget naming {@code field}
     */
    public InetAddress checkedAddress(String host, int port, String field) {
        InetAddress[] addresses = resolver.apply(host);
        if (addresses.length == 0) {
            throw new InvalidTarget(field, "names host " + host + ", which does not resolve");
        }
        for (InetAddress address : addresses) {
            if (!allows(host, address, port)) {
                throw new InvalidTarget(field, host + ":" + port + " " + REFUSED);
            }
        }
        return addresses[0];
    }

    /** Whether a connection to {@code address} (resolved from {@code host}) on {@code port} may be opened. */
    public boolean allows(String host, InetAddress address, int port) {
        if (platformEndpoint(address, port)) {
            return false;
        }
        if (!restricted(address)) {
            return true;
        }
        String name = host == null ? null : host.toLowerCase(Locale.ROOT);
        return allowed.stream().anyMatch(rule -> rule.allows(name, address, port, resolver));
    }

    private boolean platformEndpoint(InetAddress address, int port) {
        for (Endpoint endpoint : platform) {
            Integer endpointPort = endpoint.port().get();
            if (endpointPort == null || endpointPort != port) {
                continue;
            }
            for (InetAddress mine : resolver.apply(endpoint.host())) {
                if (mine.equals(address) || (local(mine) && local(address))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** This host: loopback, the wildcard, or an address of one of its interfaces. */
    static boolean local(InetAddress address) {
        if (address.isLoopbackAddress() || address.isAnyLocalAddress()) {
            return true;
        }
        try {
            return NetworkInterface.getByInetAddress(address) != null;
        } catch (SocketException e) {
            return false;
        }
    }

    /** Addresses a team database is normally not at: only an allowed network lets a connection through. */
    static boolean restricted(InetAddress address) {
        if (address.isLoopbackAddress()
                || address.isLinkLocalAddress()
                || address.isAnyLocalAddress()
                || address.isMulticastAddress()
                || address.isSiteLocalAddress()) {
            return true;
        }
        byte[] a = address.getAddress();
        if (a.length == 4) {
            return restrictedV4(a);
        }
        for (byte[][] range : V6_RANGES) {
            if (NetworkRule.inNetwork(a, range[0], range[1][0] & 0xff)) {
                return true;
            }
        }
        // IPv4 carried in IPv6, the embedded address decides: NAT64's well-known prefix (64:ff9b::/96), IPv4-compatible
        // (::/96), IPv4-mapped (::ffff:0:0/96), IPv4-translated (::ffff:0:0:0/96), 6to4 (2002::/16, bytes 2-5) and an
        // ISATAP interface identifier (::[02]00:5efe:a.b.c.d under any prefix).
        byte[] last4 = {a[12], a[13], a[14], a[15]};
        if (NetworkRule.inNetwork(a, NAT64, 96)
                || NetworkRule.inNetwork(a, new byte[16], 96)
                || NetworkRule.inNetwork(a, MAPPED, 96)
                || NetworkRule.inNetwork(a, TRANSLATED, 96)) {
            return restrictedV4(last4);
        }
        if ((a[0] & 0xff) == 0x20 && (a[1] & 0xff) == 0x02) {
            return restrictedV4(new byte[] {a[2], a[3], a[4], a[5]});
        }
        if ((a[8] & 0xfd) == 0
                && a[9] == 0
                && (a[10] & 0xff) == 0x5e
                && (a[11] & 0xff) == 0xfe
                && restrictedV4(last4)) {
            return true;
        }
        // Anything outside global unicast (2000::/3): local-use NAT64 (64:ff9b:1::/48, whose layout only its operator
        // knows), discard-only (100::/64), reserved; and inside it the special-purpose blocks: IETF protocol
        // assignments (2001::/23: Teredo 2001::/32, which carries an IPv4 server and client, benchmarking, ORCHID),
        // documentation (2001:db8::/32, 3fff::/20).
        return (a[0] & 0xe0) != 0x20
                || NetworkRule.inNetwork(a, v6(0x20, 0x01), 23)
                || NetworkRule.inNetwork(a, v6(0x20, 0x01, 0x0d, 0xb8), 32)
                || NetworkRule.inNetwork(a, v6(0x3f, 0xff), 20);
    }

    private static boolean restrictedV4(byte[] a) {
        for (int[] range : V4_RANGES) {
            byte[] network = {(byte) range[0], (byte) range[1], (byte) range[2], (byte) range[3]};
            if (NetworkRule.inNetwork(a, network, range[4])) {
                return true;
            }
        }
        return false;
    }

    /**
     * This network, private, shared (carrier NAT), loopback, link-local, IETF protocol assignments (192.0.0.0/24),
     * benchmarking (198.18.0.0/15, used inside networks), multicast and reserved.
     */
    private static final int[][] V4_RANGES = {
        {0, 0, 0, 0, 8},
        {10, 0, 0, 0, 8},
        {100, 64, 0, 0, 10},
        {127, 0, 0, 0, 8},
        {169, 254, 0, 0, 16},
        {172, 16, 0, 0, 12},
        {192, 0, 0, 0, 24},
        {192, 168, 0, 0, 16},
        {198, 18, 0, 0, 15},
        {224, 0, 0, 0, 4},
        {240, 0, 0, 0, 4}
    };

    private static final byte[] NAT64 = {0, 0x64, (byte) 0xff, (byte) 0x9b, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    private static final byte[] MAPPED = v6(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff);
    private static final byte[] TRANSLATED = v6(0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff);
    /** fc00::/7 (unique local), fe80::/10 (link-local), fec0::/10 (old site-local), ff00::/8 (multicast). */
    private static final byte[][][] V6_RANGES = {
        {v6(0xfc), {7}}, {v6(0xfe, 0x80), {10}}, {v6(0xfe, 0xc0), {10}}, {v6(0xff), {8}}
    };

    private static byte[] v6(int... leading) {
        byte[] a = new byte[16];
        for (int i = 0; i < leading.length; i++) {
            a[i] = (byte) leading[i];
        }
        return a;
    }

    /** The platform endpoints named in configuration, for the service's wiring. */
    public static List<Endpoint> endpoints(List<String> hostPorts) {
        List<Endpoint> out = new ArrayList<>();
        hostPorts.stream().filter(s -> !s.isBlank()).map(Endpoint::parse).forEach(out::add);
        return out;
    }
}
