package dev.snailbench.scorer.service;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.model.domain.ExecutionOutcome;
import dev.snailbench.model.domain.ResultColumn;
import java.util.ArrayList;
import java.util.List;

/**
 * The first rows of an item's gold and predicted results, kept with its verdict so that a person can see both
 * side by side (the full results are not stored). Bounded: at most {@code rows} rows per result, each cell cut to
 * {@value #MAX_CELL} characters.
 */
public record ResultPreview(Table gold, Table predicted) {

    static final int MAX_CELL = 200;
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * One result's first rows: {@code totalRows} is how many the query returned (as far as the executor read),
     * {@code truncated} that the executor's own cap cut it.
     */
    public record Table(List<String> columns, List<List<String>> rows, int totalRows, boolean truncated) {}

    /** The preview as stored, or null when neither result has rows to show or {@code rows} is 0. */
    static String json(ExecutionOutcome gold, ExecutionOutcome predicted, int rows) {
        Table g = table(gold, rows);
        Table p = table(predicted, rows);
        if (rows <= 0 || (g == null && p == null)) {
            return null;
        }
        try {
            return JSON.writeValueAsString(new ResultPreview(g, p));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The stored preview, or null (none stored, e.g. a result scored before previews were kept). */
    public static ResultPreview parse(String json) {
        if (json == null || json.isBlank()) {
            return null;
        }
        try {
            return JSON.readValue(json, ResultPreview.class);
        } catch (JsonProcessingException e) {
            return null; // a preview is an aid: an unreadable one is shown as none rather than failing the results
        }
    }

    private static Table table(ExecutionOutcome outcome, int rows) {
        if (outcome == null || !outcome.ok()) {
            return null;
        }
        List<String> columns =
                outcome.columns().stream().map(ResultColumn::name).toList();
        List<List<String>> first = new ArrayList<>();
        for (List<String> row :
                outcome.rows().subList(0, Math.min(rows, outcome.rows().size()))) {
            List<String> cells = new ArrayList<>(row.size());
            for (String cell : row) {
                cells.add(cell == null || cell.length() <= MAX_CELL ? cell : cell.substring(0, MAX_CELL) + "…");
            }
            first.add(cells);
        }
        return new Table(columns, first, outcome.rows().size(), outcome.truncated());
    }
}
