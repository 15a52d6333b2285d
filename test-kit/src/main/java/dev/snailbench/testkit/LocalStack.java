package dev.snailbench.testkit;

import dev.snailbench.datasets.DataDir;
import dev.snailbench.datasets.FootballDbFiles;
import dev.snailbench.localstack.FootballDb;
import dev.snailbench.localstack.KafkaBroker;
import dev.snailbench.localstack.Postgres;

/**
 * One Kafka broker and two PostgreSQL servers per JVM, started on first use and stopped when the JVM exits: every
 * test class of a module shares them (starting them per class would dominate the suite's time). {@link #postgres()}
 * is the platform's own database server; {@link #targets()} serves the teams' databases (FootballDB and what tests
 * create), as in a real deployment where the platform's database is never a team's target.
 */
public final class LocalStack {

    private static KafkaBroker kafka;
    private static Postgres postgres;
    private static Postgres targets;

    private LocalStack() {}

    public static synchronized KafkaBroker kafka() {
        if (kafka == null) {
            kafka = KafkaBroker.start(2);
            KafkaBroker started = kafka;
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "kafka-shutdown"));
        }
        return kafka;
    }

    public static synchronized Postgres postgres() {
        if (postgres == null) {
            postgres = Postgres.start();
            Postgres started = postgres;
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "postgres-shutdown"));
        }
        return postgres;
    }

    /**
     * The server of the teams' databases (not the platform's), with FootballDB v1–v3 loaded: a copy of a cluster
     * loaded once per machine, in about a second instead of a load's tens of seconds per module.
     */
    public static synchronized Postgres targets() {
        if (targets == null) {
            targets = FootballDb.startLoaded(DataDir.resolve());
            Postgres started = targets;
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "targets-postgres-shutdown"));
        }
        return targets;
    }

    /** The teams' PostgreSQL with FootballDB v1–v3 there (each version loaded unless it already is). */
    public static synchronized Postgres targetsWithFootballDb() {
        Postgres pg = targets();
        for (String version : FootballDbFiles.VERSIONS) {
            FootballDb.load(pg, DataDir.resolve(), version);
        }
        return pg;
    }
}
