package dev.snailbench.localstack;

/**
 * One Kafka broker and one PostgreSQL per JVM, started on first use and stopped when the JVM exits: every
 * test class of a module shares them (starting them per class would dominate the suite's time).
 */
public final class LocalStack {

    private static KafkaBroker kafka;
    private static Postgres postgres;

    private LocalStack() {
    }

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

    /** Loads FootballDB v1–v3 into the shared PostgreSQL (once per JVM). */
    public static synchronized Postgres postgresWithFootballDb() {
        Postgres pg = postgres();
        for (String version : FootballDb.VERSIONS) {
            FootballDb.load(pg, DataDir.resolve(), version);
        }
        return pg;
    }
}
