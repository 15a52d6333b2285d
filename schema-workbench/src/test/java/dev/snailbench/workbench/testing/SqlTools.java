package dev.snailbench.workbench.testing;

import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.rewrite.IdentifierRewriter;
import java.time.Duration;

/** One parser and renamer for the plain unit tests and benchmarks, as the service's producer makes them. */
public final class SqlTools {

    public static final SqlParser PARSER = new SqlParser(2, Duration.ofSeconds(10));
    public static final IdentifierRewriter REWRITER = new IdentifierRewriter(PARSER);

    private SqlTools() {}
}
