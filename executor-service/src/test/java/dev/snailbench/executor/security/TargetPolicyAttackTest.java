package dev.snailbench.executor.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.executor.service.targets.TargetPolicy;
import dev.snailbench.model.target.InvalidTarget;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Attack suite, addresses: the platform's own endpoints, loopback, link-local (cloud metadata), private and other
 * internal ranges are refused by default, with one message that says nothing about what listens there; allowed
 * networks open exactly what they name; a name resolving to several addresses passes only if all do.
 */
class TargetPolicyAttackTest {

    /** DNS of the test: literals as themselves, a few names made up. */
    private static final Function<String, InetAddress[]> DNS = host -> {
        Map<String, List<String>> names = Map.of(
                "localhost",
                List.of("127.0.0.1"),
                "db.example.com",
                List.of("203.0.113.10"),
                "rebind.example.com",
                List.of("203.0.113.11", "10.0.0.5"),
                "platform-db",
                List.of("10.1.2.3"),
                "team-db.corp.internal",
                List.of("10.9.9.9"));
        List<String> addresses = names.getOrDefault(host, host.matches("[0-9a-fA-F:.]+") ? List.of(host) : List.of());
        return addresses.stream().map(TargetPolicyAttackTest::literal).toArray(InetAddress[]::new);
    };

    private static InetAddress literal(String text) {
        try {
            return InetAddress.getByName(text);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    private static TargetPolicy policy(List<String> allowed) {
        return new TargetPolicy(
                allowed,
                List.of(
                        TargetPolicy.Endpoint.of("localhost", 5432),
                        TargetPolicy.Endpoint.parse("platform-db:5432"),
                        TargetPolicy.Endpoint.of("localhost", 9092)),
                DNS);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "127.0.0.1",
                "127.1.2.3",
                "::1",
                "0.0.0.0",
                "169.254.169.254",
                "fe80::1",
                "10.0.0.1",
                "172.16.5.5",
                "172.31.255.255",
                "192.168.1.1",
                "100.64.0.1",
                "fc00::1",
                "fd12:3456::1",
                "224.0.0.1",
                "::ffff:127.0.0.1",
                "64:ff9b::a9fe:a9fe",
                "2002:c0a8:0101::1",
                "rebind.example.com",
                "localhost",
                "192.0.0.170",
                "198.18.0.1",
                "198.19.255.254",
                "::ffff:198.18.0.1",
                "64:ff9b::c612:1",
                "2002:c000:aa::1"
            })
    void shouldRefuseInternalAddressesByDefault(String host) {
        assertThatThrownBy(() -> policy(List.of()).check(host, 6543, "jdbcUrl"))
                .isInstanceOfSatisfying(InvalidTarget.class, e -> {
                    assertThat(e.field()).isEqualTo("jdbcUrl");
                    assertThat(e.getMessage()).contains(TargetPolicy.REFUSED);
                });
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "64:ff9b:1:a9fe:a9:fe00::",
                "64:ff9b:1::a00:1",
                "2001:0:4136:e378:8000:63bf:3fff:fdd2",
                "2001::1",
                "2001:2::1",
                "2001:10::1",
                "2001:db8::1",
                "3fff::1",
                "100::1",
                "4000::1",
                "::7f00:1",
                "::a9fe:a9fe",
                "::ffff:0:a00:1",
                "::ffff:0:7f00:1",
                "2002:7f00:1::1",
                "2002:a9fe:a9fe::1",
                "2600:1f18::5efe:a00:1",
                "2600:1f18::200:5efe:c0a8:101",
                "2a00:1450::5efe:7f00:1",
                "64:ff9b::7f00:1",
                "64:ff9b::a00:1"
            })
    void shouldRefuseIpv6ThatCarriesAnInternalIpv4OrIsNoGlobalUnicast(String host) {
        assertThatThrownBy(() -> policy(List.of()).check(host, 6543, "jdbcUrl"))
                .as(host)
                .isInstanceOf(InvalidTarget.class)
                .hasMessageContaining(TargetPolicy.REFUSED);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "2600:1f18::1",
                "2a00:1450:4001:80b::200e",
                "64:ff9b::cb00:710a",
                "2002:cb00:710a::1",
                "2600:1f18::5efe:cb00:710a",
                "203.0.113.10"
            })
    void shouldAllowPublicAddressesAndIpv6ThatCarriesAPublicIpv4(String host) {
        policy(List.of()).check(host, 6543, "jdbcUrl");
    }

    @Test
    void shouldRefuseThePlatformsOwnEndpointsEvenInsideAnAllowedNetwork() {
        TargetPolicy generous = policy(List.of("127.0.0.0/8", "10.0.0.0/8", "localhost", "::1"));

        for (String host : new String[] {"127.0.0.1", "localhost", "127.0.0.2", "::1", "platform-db", "10.1.2.3"}) {
            assertThatThrownBy(() -> generous.check(host, 5432, "jdbcUrl"))
                    .isInstanceOf(InvalidTarget.class)
                    .hasMessageContaining(TargetPolicy.REFUSED);
        }
        assertThatThrownBy(() -> generous.check("127.0.0.1", 9092, "jdbcUrl")).isInstanceOf(InvalidTarget.class);
        // Another port of an allowed network is fine: only the platform's endpoints are refused always.
        generous.check("127.0.0.1", 6543, "jdbcUrl");
    }

    @Test
    void shouldAllowExactlyWhatAnAllowedNetworkNames() {
        TargetPolicy policy =
                policy(List.of("127.0.0.1:6543", "10.20.0.0/16:1433", "*.corp.internal:5432", "[fd00::7]:5433"));

        policy.check("127.0.0.1", 6543, "jdbcUrl");
        policy.check("10.20.3.4", 1433, "jdbcUrl");
        policy.check("team-db.corp.internal", 5432, "jdbcUrl");
        policy.check("fd00::7", 5433, "jdbcUrl");
        for (Object[] refused : new Object[][] {
            {"127.0.0.1", 6544},
            {"127.0.0.2", 6543},
            {"10.20.3.4", 1434},
            {"10.21.0.1", 1433},
            {"team-db.corp.internal", 5433},
            {"10.9.9.9", 5432},
            {"fd00::8", 5433}
        }) {
            assertThatThrownBy(() -> policy.check((String) refused[0], (Integer) refused[1], "jdbcUrl"))
                    .as("%s:%s", refused)
                    .isInstanceOf(InvalidTarget.class);
        }
        // Public addresses need no entry.
        policy.check("db.example.com", 5432, "jdbcUrl");
    }

    @Test
    void shouldRefuseAMalformedAllowedNetworkAtStartup() {
        for (String entry : new String[] {"10.0.0.0/40", "not a network", "10.0.0.1:70000", "*.:x"}) {
            assertThatThrownBy(() -> policy(List.of(entry)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(entry);
        }
    }

    @Test
    void shouldNotTellWhetherAnUnknownHostExistsBeyondThatItDoesNotResolve() {
        assertThatThrownBy(() -> policy(List.of()).check("nowhere.example.com", 5432, "jdbcUrl"))
                .isInstanceOfSatisfying(
                        InvalidTarget.class,
                        e -> assertThat(e.getMessage())
                                .isEqualTo("names host nowhere.example.com, which does not resolve"));
    }
}
