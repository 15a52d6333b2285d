package dev.snailbench.inference.rest;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.snailbench.inference.service.Failures;
import dev.snailbench.model.domain.CrosswalkEntry;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.sql.rewrite.CrosswalkNames;
import dev.snailbench.sql.rewrite.IdentifierRewriter;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/** Maps SQL written against a naturalness level's names back to native names, with a caller-supplied crosswalk. */
@Path("/denaturalize")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class DenaturalizeResource {

    public record Entry(String kind, String nativeName, String regular, String low, String least) {
        @JsonCreator
        public Entry(
                @JsonProperty("kind") String kind,
                @JsonProperty("native") String nativeName,
                @JsonProperty("regular") String regular,
                @JsonProperty("low") String low,
                @JsonProperty("least") String least) {
            this.kind = kind;
            this.nativeName = nativeName;
            this.regular = regular;
            this.low = low;
            this.least = least;
        }
    }

    public record Request(String sql, String dialect, String level, List<Entry> crosswalk) {}

    /** {@code method}: {@code parsed}, or {@code tokens} when the SQL did not parse and was rewritten token by token. */
    public record Response(
            String sql,
            List<IdentifierRewriter.Replacement> replaced,
            List<String> unknown,
            List<String> ambiguous,
            String method) {}

    private final IdentifierRewriter rewriter;

    public DenaturalizeResource(IdentifierRewriter rewriter) {
        this.rewriter = rewriter;
    }

    /** A tenant's key is needed; JSqlParser parsing is blocking: a worker thread, never the event loop. */
    @Operation(operationId = "denaturalizeSql", summary = "Map SQL written at a naturalness level back to native names")
    @APIResponse(responseCode = "200", description = "the native SQL")
    @POST
    public Response denaturalize(Request request) {
        if (request == null) {
            throw new InvalidInput(null, "body is required: {\"sql\", \"dialect\", \"level\", \"crosswalk\"}");
        }
        if (request.sql() == null || request.sql().isBlank()) {
            throw new InvalidInput("sql", "sql is required");
        }
        SqlDialect dialect;
        try {
            dialect = SqlDialect.fromId(request.dialect());
        } catch (IllegalArgumentException e) {
            throw new InvalidInput("dialect", "dialect: " + e.getMessage());
        }
        NaturalnessLevel level;
        try {
            level = NaturalnessLevel.fromLabel(request.level());
        } catch (IllegalArgumentException e) {
            throw new InvalidInput("level", "level: " + e.getMessage());
        }
        if (level == NaturalnessLevel.NATIVE) {
            throw new InvalidInput("level", "level must be Regular, Low or Least (the SQL's names), not Native");
        }
        if (request.crosswalk() == null) {
            throw new InvalidInput(
                    "crosswalk", "crosswalk is required (a list of {kind, native, regular, low, least})");
        }
        List<CrosswalkEntry> entries = new ArrayList<>();
        for (int i = 0; i < request.crosswalk().size(); i++) {
            entries.add(entry(request.crosswalk().get(i), i, level));
        }
        IdentifierRewriter.Result r;
        try {
            r = rewriter.rewriteOrTokens(
                    request.sql(), dialect, CrosswalkNames.of(entries).mapping(level, NaturalnessLevel.NATIVE));
        } catch (RuntimeException e) {
            throw new InvalidInput("sql", "sql: " + Failures.message(e));
        }
        return new Response(r.sql(), r.replaced(), r.unknown(), r.ambiguous(), r.method());
    }

    private static CrosswalkEntry entry(Entry e, int i, NaturalnessLevel level) {
        String at = "crosswalk[" + i + "]";
        if (e == null) {
            throw new InvalidInput(at, at + " is null");
        }
        if (!CrosswalkEntry.TABLE.equals(e.kind()) && !CrosswalkEntry.COLUMN.equals(e.kind())) {
            throw new InvalidInput(at + ".kind", at + ".kind must be table or column, was " + e.kind());
        }
        if (e.nativeName() == null || e.nativeName().isBlank()) {
            throw new InvalidInput(at + ".native", at + ".native is required");
        }
        CrosswalkEntry entry = new CrosswalkEntry(e.kind(), e.nativeName(), null, e.regular(), e.low(), e.least());
        if (entry.name(level) == null || entry.name(level).isBlank()) {
            throw new InvalidInput(
                    at + "." + level.label().toLowerCase(),
                    at + "." + level.label().toLowerCase() + " is required for level " + level.label());
        }
        return entry;
    }
}
