package dev.snailbench.scorer.rest;

import dev.snailbench.model.domain.EvaluationOptions.Linking;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.SqlFacts;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.problem.TooLarge;
import dev.snailbench.scorer.service.sql.SqlAnalysis;
import dev.snailbench.sql.SqlParseException;
import dev.snailbench.sql.analysis.Characteristics;
import dev.snailbench.sql.analysis.IdentifierExtractor;
import dev.snailbench.sql.analysis.LinkingScore;
import dev.snailbench.sql.analysis.QueryIdentifiers;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Set;
import net.sf.jsqlparser.statement.Statement;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * Stateless SQL analysis: schema linking of a predicted query against the gold one (SNAILS' QueryRecall,
 * QueryPrecision, QueryF1) and query characteristics with Spider hardness. A tenant's key is needed; parsing runs
 * on the parser pool with a timeout, called from a worker thread (the endpoints are blocking methods).
 */
@Path("/")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class SqlResource {

    static final int MAX_SQL_CHARS = 100_000;

    private final SqlAnalysis sql;

    public SqlResource(SqlAnalysis sql) {
        this.sql = sql;
    }

    /** {@code linking}: {@code platform} (default) or {@code snails} (the SNAILS authors' conventions). */
    public record LinkingRequest(String goldSql, String predictedSql, String dialect, String linking) {}

    public record IdentifierSets(List<String> tables, List<String> columns) {
        static IdentifierSets of(Set<String> keys) {
            return new IdentifierSets(
                    keys.stream()
                            .filter(k -> k.startsWith("t:"))
                            .map(k -> k.substring(2))
                            .toList(),
                    keys.stream()
                            .filter(k -> k.startsWith("c:"))
                            .map(k -> k.substring(2))
                            .toList());
        }
    }

    /**
     * {@code linkingMethod}: {@code parsed}, or {@code tokens} when the predicted SQL did not parse, or {@code snails}
     * with the SNAILS authors' conventions (no fallback: what their parser cannot read has no identifier); {@code
     * linking}: the conventions used;
     * {@code statements}: how many the predicted SQL holds, all of them linked ({@code multipleStatements} when
     * more than one: the executor would refuse to run it).
     */
    public record LinkingResponse(
            double queryRecall,
            double queryPrecision,
            double queryF1,
            IdentifierSets matched,
            IdentifierSets missing,
            IdentifierSets extra,
            String linkingMethod,
            int statements,
            boolean multipleStatements,
            String linking) {}

    public record CharacteristicsRequest(String sql, String dialect) {}

    public record CharacteristicsResponse(
            Characteristics characteristics, String hardness, List<String> tables, List<String> columns) {}

    @Operation(
            operationId = "scoreSchemaLinking",
            summary = "Score the schema linking of a predicted query against gold")
    @APIResponse(
            responseCode = "200",
            description = "recall, precision and F1 with matched, missing and extra identifiers")
    @POST
    @Path("linking")
    public LinkingResponse linking(LinkingRequest request) {
        return linked(request);
    }

    @Operation(operationId = "describeQuery", summary = "Describe a query's characteristics and Spider hardness")
    @APIResponse(responseCode = "200", description = "the characteristics")
    @POST
    @Path("characteristics")
    public CharacteristicsResponse characteristics(CharacteristicsRequest request) {
        return described(request);
    }

    private LinkingResponse linked(LinkingRequest request) {
        if (request == null) {
            throw new InvalidInput(null, "body must be {\"goldSql\": …, \"predictedSql\": …, \"dialect\": …}");
        }
        SqlDialect dialect = dialect(request.dialect());
        Linking linking = linking(request.linking());
        QueryIdentifiers gold = identifiers(parse(request.goldSql(), "goldSql", dialect), "goldSql");
        checkSize(request.predictedSql(), "predictedSql");
        SqlFacts.Predicted predicted = sql.predictedFacts(request.predictedSql(), dialect);
        if (linking == Linking.SNAILS) {
            LinkingScore s = LinkingScore.snails(
                    sql.snails(request.goldSql(), dialect), sql.snails(request.predictedSql(), dialect));
            return new LinkingResponse(
                    s.queryRecall(),
                    s.queryPrecision(),
                    s.queryF1(),
                    IdentifierSets.of(s.matched()),
                    IdentifierSets.of(s.missing()),
                    IdentifierSets.of(s.extra()),
                    SqlAnalysis.SNAILS_METHOD,
                    predicted.statements(),
                    predicted.statements() > 1,
                    linking.id());
        }
        LinkingScore s = LinkingScore.of(gold.keys(), predicted.identifiers());
        return new LinkingResponse(
                s.queryRecall(),
                s.queryPrecision(),
                s.queryF1(),
                IdentifierSets.of(s.matched()),
                IdentifierSets.of(s.missing()),
                IdentifierSets.of(s.extra()),
                predicted.method(),
                predicted.statements(),
                predicted.statements() > 1,
                linking.id());
    }

    private CharacteristicsResponse described(CharacteristicsRequest request) {
        if (request == null) {
            throw new InvalidInput(null, "body must be {\"sql\": …, \"dialect\": …}");
        }
        SqlDialect dialect = dialect(request.dialect());
        Statement st = parse(request.sql(), "sql", dialect);
        Characteristics c;
        try {
            c = Characteristics.of(st);
        } catch (IllegalArgumentException e) {
            throw new InvalidInput("sql", "sql: " + e.getMessage());
        }
        QueryIdentifiers ids = identifiers(st, "sql");
        return new CharacteristicsResponse(
                c, c.hardness().label(), List.copyOf(ids.tables()), List.copyOf(ids.columns()));
    }

    private static void checkSize(String text, String field) {
        if (text == null || text.isBlank()) {
            throw new InvalidInput(field, field + " is required");
        }
        if (text.length() > MAX_SQL_CHARS) {
            throw new TooLarge(field + " has " + text.length() + " characters; the limit is " + MAX_SQL_CHARS);
        }
    }

    private Statement parse(String text, String field, SqlDialect dialect) {
        checkSize(text, field);
        try {
            return sql.parse(text, dialect);
        } catch (SqlParseException e) {
            throw new InvalidInput(field, field + " does not parse: " + e.reason());
        }
    }

    private static QueryIdentifiers identifiers(Statement st, String field) {
        try {
            return IdentifierExtractor.extract(st);
        } catch (IllegalArgumentException e) {
            throw new InvalidInput(field, field + ": " + e.getMessage());
        }
    }

    private static Linking linking(String value) {
        if (value == null) {
            return Linking.PLATFORM;
        }
        try {
            return Linking.fromId(value);
        } catch (IllegalArgumentException e) {
            throw new InvalidInput("linking", "linking " + e.getMessage());
        }
    }

    private static SqlDialect dialect(String value) {
        if (value == null) {
            throw new InvalidInput("dialect", "dialect is required (postgresql or sqlserver)");
        }
        try {
            return SqlDialect.fromId(value);
        } catch (IllegalArgumentException e) {
            throw new InvalidInput("dialect", "dialect: " + e.getMessage());
        }
    }
}
