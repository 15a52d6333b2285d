package dev.snailbench.classifier.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.snailbench.classifier.config.ClassifierConfig;
import dev.snailbench.classifier.service.ClassifierService;
import dev.snailbench.classifier.service.SchemaNaturalness;
import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.model.problem.TooLarge;
import dev.snailbench.tenancy.Caller;
import dev.snailbench.tenancy.JsonErrors;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * {@code POST /schemas/naturalness}: labels every table and column name of a schema and reports the shares of
 * each level and the combined naturalness per table and for the schema. Accepts the SNAILS schema files
 * ({@code names} as {@code {"Native": …, "Regular": …}} objects — the Native name is classified) and plain
 * string names.
 */
@Path("/schemas/naturalness")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class SchemaResource {

    private final ClassifierService classifier;
    private final ClassifierConfig config;
    private final Caller caller;

    public SchemaResource(ClassifierService classifier, ClassifierConfig config, Caller caller) {
        this.classifier = classifier;
        this.config = config;
        this.caller = caller;
    }

    /** A tenant's schema is its data: the caller needs a key. */
    @Operation(
            operationId = "assessSchemaNaturalness",
            summary = "Classify the naturalness of every identifier of a schema")
    @APIResponse(responseCode = "200", description = "each identifier with its level")
    @POST
    public Uni<SchemaNaturalness.Report> assess(JsonNode body) {
        return assessChecked(body);
    }

    private Uni<SchemaNaturalness.Report> assessChecked(JsonNode body) {
        SchemaNaturalness.Schema schema = parse(body);
        List<String> identifiers = SchemaNaturalness.distinctIdentifiers(schema);
        if (identifiers.size() > config.maxIdentifiersPerSchema()) {
            throw new TooLarge("schema has " + identifiers.size() + " distinct identifiers, at most "
                    + config.maxIdentifiersPerSchema());
        }
        return classifier
                .classify(identifiers)
                .map(results -> SchemaNaturalness.report(
                        schema, results, classifier.metadata().modelVersion()));
    }

    static SchemaNaturalness.Schema parse(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw new InvalidInput(null, "body must be a JSON object with an array field 'tables'");
        }
        // A SNAILS schema file is taken as it is (its keys, foreign keys and modules are read by no one here);
        // any other field is a typo to report.
        JsonErrors.onlyFields(body, "", "database", "tables", "naturalness_levels", "foreign_keys", "modules");
        JsonNode tables = body.get("tables");
        if (tables == null || !tables.isArray() || tables.isEmpty()) {
            throw new InvalidInput("tables", "'tables' must be a non-empty array of {\"name\": …, \"columns\": […]}");
        }
        JsonNode database = body.get("database");
        if (database != null && !database.isNull() && !database.isTextual()) {
            throw new InvalidInput("database", "'database' must be a string");
        }
        List<SchemaNaturalness.Table> parsed = new ArrayList<>(tables.size());
        for (int t = 0; t < tables.size(); t++) {
            JsonNode table = tables.get(t);
            String path = "tables[" + t + "]";
            if (!table.isObject()) {
                throw new InvalidInput(path, path + " must be an object with 'name' and 'columns'");
            }
            JsonErrors.onlyFields(table, path, "name", "columns", "primary_key");
            String name = name(table.get("name"), path + ".name");
            JsonNode columns = table.get("columns");
            if (columns == null || !columns.isArray()) {
                throw new InvalidInput(path + ".columns", path + ".columns must be an array");
            }
            List<String> columnNames = new ArrayList<>(columns.size());
            for (int c = 0; c < columns.size(); c++) {
                JsonNode column = columns.get(c);
                String columnPath = path + ".columns[" + c + "]";
                JsonErrors.onlyFields(column, columnPath, "name", "type");
                columnNames.add(
                        column.isObject() ? name(column.get("name"), columnPath + ".name") : name(column, columnPath));
            }
            parsed.add(new SchemaNaturalness.Table(name, columnNames));
        }
        return new SchemaNaturalness.Schema(database == null || database.isNull() ? null : database.asText(), parsed);
    }

    /** A name given as a string or as SNAILS' per-level object, of which the Native name counts. */
    private static String name(JsonNode node, String path) {
        if (node != null && node.isObject()) {
            JsonNode nativeName = node.get("Native");
            if (nativeName == null
                    || !nativeName.isTextual()
                    || nativeName.asText().isBlank()) {
                throw new InvalidInput(path + ".Native", path + ".Native must be a non-empty string");
            }
            return nativeName.asText();
        }
        if (node == null || !node.isTextual() || node.asText().isBlank()) {
            throw new InvalidInput(path, path + " must be a non-empty string or an object with a 'Native' name");
        }
        return node.asText();
    }
}
