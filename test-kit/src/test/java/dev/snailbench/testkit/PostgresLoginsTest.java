package dev.snailbench.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.localstack.Postgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The local servers hold the rules of a deployment: passwords for every login, a platform role that is no superuser.
 * Beyond the in-memory tier: the logins and roles of the real PostgreSQL servers the build starts.
 */
@RealInfrastructure
class PostgresLoginsTest {

    @Test
    void shouldRefuseALoginWithoutThePasswordEvenOnLoopback() {
        Postgres pg = LocalStack.postgres();

        assertThatThrownBy(() -> DriverManager.getConnection(pg.jdbcUrl("postgres"), Postgres.USER, "")
                        .close())
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("password");
        assertThatThrownBy(() -> DriverManager.getConnection(pg.jdbcUrl("postgres"), Postgres.USER, "postgres")
                        .close())
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("password authentication failed");
    }

    @Test
    void shouldGiveThePlatformRoleItsOwnDatabaseAndNoSuperuserRights() throws SQLException {
        Postgres pg = LocalStack.postgres();
        String database = pg.platformDatabase();

        try (Connection c = DriverManager.getConnection(
                        pg.jdbcUrl(database), Postgres.PLATFORM_USER, Postgres.PLATFORM_PASSWORD);
                Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery(
                    "SELECT rolsuper, rolcreaterole, rolcreatedb FROM pg_roles" + " WHERE rolname = current_user");
            assertThat(rs.next()).isTrue();
            assertThat(rs.getBoolean(1)).as("superuser").isFalse();
            assertThat(rs.getBoolean(2)).as("createrole").isFalse();
            assertThat(rs.getBoolean(3)).as("createdb").isFalse();
            s.execute("CREATE SCHEMA IF NOT EXISTS logins_test");
            assertThatThrownBy(() -> s.executeQuery("SELECT pg_read_file('postgresql.conf')"))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("permission denied");
        }
    }

    @Test
    void shouldServeTheTeamsDatabasesFromAnotherServerThanThePlatforms() {
        assertThat(LocalStack.targets().port())
                .isNotEqualTo(LocalStack.postgres().port());
        assertThat(LocalStack.targets().hostAndPort())
                .isEqualTo("127.0.0.1:" + LocalStack.targets().port());
    }

    @Test
    void shouldStillRequirePasswordsAfterARestartOnTheSameData() throws SQLException {
        Postgres pg = Postgres.start();
        try {
            pg.restart(Duration.ZERO);

            assertThatThrownBy(() -> DriverManager.getConnection(pg.jdbcUrl("postgres"), Postgres.USER, "")
                            .close())
                    .isInstanceOf(SQLException.class);
            try (Connection c = pg.connect("postgres")) {
                assertThat(c.isValid(2)).isTrue();
            }
        } finally {
            pg.close();
        }
    }
}
