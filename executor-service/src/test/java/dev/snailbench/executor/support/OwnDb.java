package dev.snailbench.executor.support;

import dev.snailbench.testkit.LocalStack;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A team's own database as its DBA would set it up: tables in schema {@code sales} (none in {@code public}), a
 * read-only login with no preset search path ({@link #READER}), a second login allowed to create view schemas
 * ({@link #ADMIN}), and a schema {@code hr} the reader was given nothing on.
 */
public final class OwnDb {

    public static final String NAME = "own_team";
    public static final String SCHEMA = "sales";
    public static final String READER = "own_reader";
    public static final String ADMIN = "own_admin";
    public static final String PASSWORD = "own-secret";

    /** Rows of {@code sales.orders}. */
    public static final int ORDERS = 5;

    private OwnDb() {}

    public static synchronized void create() {
        LocalStack.targets().createDatabase(NAME);
        try (Connection c = LocalStack.targets().connect(NAME);
                Statement s = c.createStatement()) {
            for (String role : new String[] {READER, ADMIN}) {
                try (ResultSet rs = s.executeQuery("SELECT 1 FROM pg_roles WHERE rolname = '" + role + "'")) {
                    if (!rs.next()) {
                        s.execute("CREATE ROLE " + role + " LOGIN PASSWORD '" + PASSWORD + "'");
                    }
                }
                // No path of its own anywhere: the server's default ("$user", public) is what a session starts with.
                s.execute("ALTER ROLE " + role + " RESET search_path");
                s.execute("GRANT CONNECT ON DATABASE " + NAME + " TO " + role);
            }
            s.execute("ALTER DATABASE " + NAME + " RESET search_path");
            s.execute("CREATE SCHEMA IF NOT EXISTS sales");
            s.execute("CREATE TABLE IF NOT EXISTS sales.customers (id int PRIMARY KEY, name text NOT NULL, "
                    + "city text)");
            s.execute("CREATE TABLE IF NOT EXISTS sales.orders (id int PRIMARY KEY, customer_id int REFERENCES "
                    + "sales.customers(id), amount numeric(10,2), placed date)");
            s.execute("INSERT INTO sales.customers VALUES (1, 'Ada', 'Basel'), (2, 'Grace', 'Zurich'), "
                    + "(3, 'Edsger', NULL) ON CONFLICT DO NOTHING");
            s.execute("INSERT INTO sales.orders VALUES (1, 1, 10.50, '2024-01-02'), (2, 1, 20.00, '2024-01-05'), "
                    + "(3, 2, 7.25, '2024-02-01'), (4, 3, 99.99, '2024-02-11'), (5, 2, 1.00, '2024-03-03') "
                    + "ON CONFLICT DO NOTHING");
            s.execute("CREATE SCHEMA IF NOT EXISTS hr");
            s.execute("CREATE TABLE IF NOT EXISTS hr.staff (id int PRIMARY KEY, name text)");
            s.execute("GRANT USAGE ON SCHEMA sales TO " + READER + ", " + ADMIN);
            s.execute("GRANT SELECT ON ALL TABLES IN SCHEMA sales TO " + READER + ", " + ADMIN);
            // The admin login makes view schemas; what it makes is the platform's to grant to the reader.
            s.execute("GRANT CREATE ON DATABASE " + NAME + " TO " + ADMIN);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create the team's own database", e);
        }
    }

    public static String jdbcUrl() {
        return LocalStack.targets().jdbcUrl(NAME);
    }
}
