package dev.snailbench.executor.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.target.InvalidTarget;
import dev.snailbench.model.target.TargetSpec;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Attack suite, targets: driver properties in a URL or in options that overrode the pool's own (a read-write session
 * without timeouts, class loading, file reads, other credentials) are refused naming the property; credentials only
 * in their fields; the executor connects with a URL it built from the parts.
 */
class TargetSpecAttackTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "jdbc:postgresql://db.example.com:5432/team?options=-c%20default_transaction_read_only=off | options",
                "jdbc:postgresql://db.example.com:5432/team?readOnlyMode=ignore                            | readOnlyMode",
                "jdbc:postgresql://db.example.com/team?socketFactory=org.springframework.context.support.X | socketFactory",
                "jdbc:postgresql://db.example.com/team?sslrootcert=/etc/passwd                              | sslrootcert",
                "jdbc:postgresql://db.example.com/team?service=platform                                     | service",
                "jdbc:postgresql://db.example.com/team?xmlFactoryFactory=evil.Factory                       | xmlFactoryFactory",
                "jdbc:postgresql://db.example.com/team?ssl=true&sslfactory=evil.Factory                     | sslfactory",
                "jdbc:postgresql://db.example.com/team?loggerFile=/tmp/x                                    | loggerFile"
            })
    void shouldRefusePostgresUrlPropertiesThatOverrideThePools(String url, String property) {
        assertThatThrownBy(() -> TargetSpec.parse(SqlDialect.POSTGRESQL, url, Map.of(), "jdbcUrl", "options"))
                .isInstanceOfSatisfying(InvalidTarget.class, e -> {
                    assertThat(e.field()).isEqualTo("jdbcUrl");
                    assertThat(e.getMessage()).contains(property).contains("not allowed");
                });
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "authentication         | ActiveDirectoryManagedIdentity",
                "integratedSecurity     | true",
                "enclaveAttestationUrl  | https://attacker.example",
                "trustStore             | /etc/passwd",
                "socketFactoryClass     | evil.Factory",
                "serverName             | 169.254.169.254",
                "applicationIntent      | ReadWrite"
            })
    void shouldRefuseSqlServerPropertiesInTheUrlAndInOptions(String property, String value) {
        String url = "jdbc:sqlserver://db.example.com:1433;databaseName=team;" + property + "=" + value;
        assertThatThrownBy(() -> TargetSpec.parse(SqlDialect.SQLSERVER, url, Map.of(), "jdbcUrl", "options"))
                .isInstanceOfSatisfying(InvalidTarget.class, e -> {
                    assertThat(e.field()).isEqualTo("jdbcUrl");
                    assertThat(e.getMessage()).contains(property);
                });
        assertThatThrownBy(() -> TargetSpec.parse(
                        SqlDialect.SQLSERVER,
                        "jdbc:sqlserver://db.example.com;" + "databaseName=team",
                        Map.of(property, value),
                        "jdbcUrl",
                        "options"))
                .isInstanceOfSatisfying(
                        InvalidTarget.class, e -> assertThat(e.field()).isEqualTo("options." + property));
    }

    @Test
    void shouldRefuseStartupOptionsAndReadOnlyModeGivenAsOptions() {
        for (String name : new String[] {"options", "readOnlyMode", "ApplicationName", "socketTimeout"}) {
            assertThatThrownBy(() -> TargetSpec.parse(
                            SqlDialect.POSTGRESQL,
                            "jdbc:postgresql://db.example.com/team",
                            Map.of(name, "x"),
                            "jdbcUrl",
                            "options"))
                    .isInstanceOfSatisfying(
                            InvalidTarget.class, e -> assertThat(e.field()).isEqualTo("options." + name));
        }
    }

    @Test
    void shouldRefuseCredentialsInTheUrl() {
        for (String url : new String[] {
            "jdbc:postgresql://db.example.com/team?password=s3cret",
            "jdbc:postgresql://db.example.com/team?user=postgres",
            "jdbc:postgresql://postgres:s3cret@db.example.com/team"
        }) {
            assertThatThrownBy(() -> TargetSpec.parse(SqlDialect.POSTGRESQL, url, Map.of(), "jdbcUrl", "options"))
                    .isInstanceOfSatisfying(InvalidTarget.class, e -> {
                        assertThat(e.field()).isEqualTo("jdbcUrl");
                        assertThat(e.getMessage()).contains("credentials").doesNotContain("s3cret");
                    });
        }
        assertThatThrownBy(() -> TargetSpec.parse(
                        SqlDialect.SQLSERVER,
                        "jdbc:sqlserver://db.example.com;databaseName=team;password=s3cret",
                        Map.of(),
                        "jdbcUrl",
                        "options"))
                .isInstanceOfSatisfying(
                        InvalidTarget.class, e -> assertThat(e.getMessage()).contains("credentials"));
    }

    @Test
    void shouldRefuseSeveralHostsANamedInstanceAndAUrlWithoutHost() {
        for (String url : new String[] {
            "jdbc:postgresql://a.example.com,b.example.com/team",
            "jdbc:postgresql:team",
            "jdbc:postgresql://db.example.com:99999/team",
            "jdbc:mysql://db.example.com/team"
        }) {
            assertThatThrownBy(() -> TargetSpec.parse(SqlDialect.POSTGRESQL, url, Map.of(), "jdbcUrl", "options"))
                    .isInstanceOf(InvalidTarget.class);
        }
        assertThatThrownBy(() -> TargetSpec.parse(
                        SqlDialect.SQLSERVER,
                        "jdbc:sqlserver://db.example.com\\\\SQLEXPRESS;databaseName=team",
                        Map.of(),
                        "jdbcUrl",
                        "options"))
                .isInstanceOfSatisfying(
                        InvalidTarget.class, e -> assertThat(e.getMessage()).contains("instance"));
    }

    @Test
    void shouldKeepTheAllowedPropertiesAndBuildTheUrlFromTheParts() {
        TargetSpec pg = TargetSpec.parse(
                SqlDialect.POSTGRESQL,
                "jdbc:postgresql://DB.example.com/team?sslmode=require",
                Map.of("ssl", "true"),
                "jdbcUrl",
                "options");
        assertThat(pg.host()).isEqualTo("db.example.com");
        assertThat(pg.port()).isEqualTo(5432);
        assertThat(pg.database()).isEqualTo("team");
        assertThat(pg.properties()).containsExactlyInAnyOrderEntriesOf(Map.of("sslmode", "require", "ssl", "true"));
        assertThat(pg.jdbcUrl()).isEqualTo("jdbc:postgresql://db.example.com:5432/team");

        TargetSpec ms = TargetSpec.parse(
                SqlDialect.SQLSERVER,
                "jdbc:sqlserver://[2001:db8::1]:1444;databaseName=team;"
                        + "encrypt=true;trustServerCertificate=false;hostNameInCertificate=*.example.com",
                Map.of(),
                "jdbcUrl",
                "options");
        assertThat(ms.jdbcUrl()).isEqualTo("jdbc:sqlserver://[2001:db8::1]:1444;databaseName=team");
        assertThat(ms.properties())
                .containsEntry("encrypt", "true")
                .containsEntry("hostNameInCertificate", "*.example.com");
        assertThatThrownBy(() -> TargetSpec.parse(
                        SqlDialect.POSTGRESQL,
                        "jdbc:postgresql://db.example.com/team",
                        Map.of("sslmode", "verify-full; rm"),
                        "jdbcUrl",
                        "options"))
                .isInstanceOfSatisfying(
                        InvalidTarget.class, e -> assertThat(e.field()).isEqualTo("options.sslmode"));
    }
}
