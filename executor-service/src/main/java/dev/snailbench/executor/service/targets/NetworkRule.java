package dev.snailbench.executor.service.targets;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One entry of {@code snailbench.executor.targets.allowed-networks}: {@code CIDR}, {@code CIDR:port}, {@code host},
 * {@code host:port}, {@code [ipv6]:port} or {@code *.domain[:port]}. A port, when given, must match exactly.
 */
record NetworkRule(String text, byte[] network, int prefixBits, String hostName, String domainSuffix, Integer port) {

    private static final Pattern CIDR = Pattern.compile("([0-9A-Fa-f:.]+)/(\\d{1,3})(?::(\\d{1,5}))?");
    private static final Pattern BRACKETED = Pattern.compile("\\[([0-9A-Fa-f:.]+)](?::(\\d{1,5}))?");
    private static final Pattern DOMAIN = Pattern.compile("\\*\\.([A-Za-z0-9.-]+)(?::(\\d{1,5}))?");
    private static final Pattern HOST = Pattern.compile("([A-Za-z0-9.-]+)(?::(\\d{1,5}))?");

    /** @throws IllegalArgumentException naming the entry when it is none of the accepted forms */
    static NetworkRule parse(String entry) {
        String e = entry.trim();
        Matcher m;
        if ((m = CIDR.matcher(e)).matches()) {
            byte[] address = literal(m.group(1), entry);
            int bits = Integer.parseInt(m.group(2));
            if (bits > address.length * 8) {
                throw new IllegalArgumentException(
                        "allowed network '" + entry + "' has a prefix longer than its address");
            }
            return new NetworkRule(e, address, bits, null, null, port(m.group(3), entry));
        }
        if ((m = BRACKETED.matcher(e)).matches()) {
            byte[] address = literal(m.group(1), entry);
            return new NetworkRule(e, address, address.length * 8, null, null, port(m.group(2), entry));
        }
        if (e.chars().filter(c -> c == ':').count() >= 2) {
            byte[] address = literal(e, entry);
            return new NetworkRule(e, address, address.length * 8, null, null, null);
        }
        if ((m = DOMAIN.matcher(e)).matches()) {
            return new NetworkRule(
                    e, null, 0, null, "." + m.group(1).toLowerCase(Locale.ROOT), port(m.group(2), entry));
        }
        if ((m = HOST.matcher(e)).matches()) {
            String host = m.group(1).toLowerCase(Locale.ROOT);
            Integer port = port(m.group(2), entry);
            if (host.matches("[0-9.]+")) {
                byte[] address = literal(host, entry);
                return new NetworkRule(e, address, 32, null, null, port);
            }
            return new NetworkRule(e, null, 0, host, null, port);
        }
        throw new IllegalArgumentException(
                "allowed network '" + entry + "' is none of CIDR, CIDR:port, host, " + "host:port, *.domain[:port]");
    }

    /**
     * Whether this rule allows connecting to {@code address} (what {@code host} resolved to) on {@code port}. A host
     * rule matches the name the tenant gave, or the addresses its own name resolves to now.
     */
    boolean allows(String host, InetAddress address, int port, Function<String, InetAddress[]> resolver) {
        if (this.port != null && this.port != port) {
            return false;
        }
        if (network != null) {
            return inNetwork(address.getAddress(), network, prefixBits);
        }
        String name = host == null ? "" : host.toLowerCase(Locale.ROOT);
        if (domainSuffix != null) {
            return name.endsWith(domainSuffix);
        }
        if (name.equals(hostName)) {
            return true;
        }
        for (InetAddress mine : resolver.apply(hostName)) {
            if (mine.equals(address)) {
                return true;
            }
        }
        return false;
    }

    static boolean inNetwork(byte[] address, byte[] network, int bits) {
        if (address.length != network.length) {
            return false;
        }
        for (int i = 0; i < bits; i++) {
            int mask = 0x80 >> (i % 8);
            if ((address[i / 8] & mask) != (network[i / 8] & mask)) {
                return false;
            }
        }
        return true;
    }

    private static byte[] literal(String text, String entry) {
        if (!text.matches("[0-9A-Fa-f:.]+")) {
            throw new IllegalArgumentException("allowed network '" + entry + "' has no IP address");
        }
        try {
            // Only a literal gets here (checked above): no DNS lookup.
            return InetAddress.getByName(text).getAddress();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("allowed network '" + entry + "' has no valid IP address");
        }
    }

    private static Integer port(String text, String entry) {
        if (text == null) {
            return null;
        }
        int port = Integer.parseInt(text);
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("allowed network '" + entry + "' has no valid port");
        }
        return port;
    }
}
