package dev.snailbench.localstack;

import dev.snailbench.cli.Endpoints;
import dev.snailbench.datasets.FootballDbFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.Properties;

/**
 * {@code ./snailbench footballdb login NAME}: gives a team its own read-only login on the FootballDB databases that
 * {@code ./snailbench up --footballdb} loaded ({@link FootballDb#loginFor}), and prints how to register them. Run it
 * again for a new password. It reads where the teams' server is from the file {@code up} writes for the command-line
 * client (readable by its owner only).
 */
public final class FootballDbLogin {

    /** Keys of the endpoints file that {@link Up} writes with {@code --footballdb}. */
    static final String TEAMS_SERVER = "teamsServer";

    static final String TEAMS_SUPERUSER = "teamsSuperuser";
    static final String TEAMS_SUPERUSER_PASSWORD = "teamsSuperuserPassword";
    static final String FOOTBALLDB = "footballdb";

    private FootballDbLogin() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 3 || !args[1].equals("login") || args[2].isBlank()) {
            System.err.println("usage: ./snailbench footballdb login NAME   (NAME: the tenant's name; prints its own "
                    + "read-only FootballDB login)");
            System.exit(2);
        }
        Path file = Path.of(args[0]).resolve(Endpoints.FILE);
        Properties endpoints = new Properties();
        if (Files.isRegularFile(file)) {
            try (InputStream in = Files.newInputStream(file)) {
                endpoints.load(in);
            }
        }
        String server = endpoints.getProperty(TEAMS_SERVER);
        if (server == null || endpoints.getProperty(FOOTBALLDB) == null) {
            System.err.println("snailbench footballdb: no FootballDB on a running platform: start it with "
                    + "./snailbench up --footballdb");
            System.exit(1);
        }
        String team = args[2].trim();
        FootballDb.Login login;
        try {
            login = FootballDb.loginFor(
                    database -> DriverManager.getConnection(
                            "jdbc:postgresql://" + server + "/" + database,
                            endpoints.getProperty(TEAMS_SUPERUSER),
                            endpoints.getProperty(TEAMS_SUPERUSER_PASSWORD)),
                    team);
        } catch (IllegalStateException e) {
            System.err.println("snailbench footballdb: " + e.getMessage());
            System.exit(1);
            return;
        }
        System.out.println(describe(team, server, login));
    }

    /** What a team is told: its login, and the commands that register each version with it. */
    static String describe(String team, String server, FootballDb.Login login) {
        StringBuilder out = new StringBuilder("FootballDB login for " + team + ": " + login.user() + " / "
                + login.password() + "\n(its own: no other tenant sees its running SQL or can cancel it; run this "
                + "again for a new password)\n");
        for (String version : FootballDbFiles.VERSIONS) {
            out.append("  ./snailbench db register --name footballdb-")
                    .append(version)
                    .append(" --kind postgresql --jdbc-url jdbc:postgresql://")
                    .append(server)
                    .append('/')
                    .append(FootballDb.databaseName(version))
                    .append(" --user ")
                    .append(login.user())
                    .append(" --password ")
                    .append(login.password())
                    .append('\n');
        }
        return out.toString().stripTrailing();
    }
}
