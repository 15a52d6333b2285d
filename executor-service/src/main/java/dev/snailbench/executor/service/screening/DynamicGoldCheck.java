package dev.snailbench.executor.service.screening;

import dev.snailbench.model.domain.ExecutionOutcome;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.Limit;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;

/**
 * The checks of a gold query that need its data: does its LIMIT cut anything, and through rows tied on the ORDER BY
 * keys; and does another plan give other rows (or, for an ordered result, another order). Queries are run through
 * the functions given (the screener runs them guarded, read-only, with the gold's limits), so this class only
 * builds and reads them.
 */
public final class DynamicGoldCheck {

    static final String KEY_ALIAS = "snailbench_screen_key_";

    private DynamicGoldCheck() {}

    /**
     * The query that looks at the cut: the same statement keeping one row more, with the ORDER BY keys that are
     * not already selected added as columns. Null when the statement cannot be so rewritten (a set operation).
     *
     * @return the SQL and, per ORDER BY key, the result column holding it
     */
    public record CutProbe(String sql, long keep, List<Integer> keyColumns) {}

    public static CutProbe cutProbe(Statement statement, StaticGoldRules.Cut cut) {
        if (!(statement instanceof Select select)) {
            return null;
        }
        PlainSelect ps = StaticGoldRules.topPlain(select);
        if (ps == null) {
            return null;
        }
        // Parsed again by the caller's parser: the probe is a copy, the gold's statement is not touched.
        List<Integer> keyColumns = new ArrayList<>();
        int added = 0;
        for (Expression key : cut.orderKeys()) {
            int at = StaticGoldRules.selectedColumn(ps, key);
            if (at < 0) {
                if (ps.getDistinct() != null) {
                    return null;
                }
                SelectItem<Expression> extra = new SelectItem<>(key);
                extra.setAlias(new Alias(KEY_ALIAS + added++));
                ps.addSelectItems(extra);
                at = ps.getSelectItems().size() - 1;
            }
            keyColumns.add(at);
        }
        long keep = cut.rows() + 1;
        if (ps.getLimit() != null) {
            ps.getLimit().setRowCount(new LongValue(keep));
        } else if (ps.getFetch() != null) {
            ps.getFetch().setExpression(new LongValue(keep));
        } else if (ps.getTop() != null) {
            ps.getTop().setExpression(new LongValue(keep));
        } else if (select.getLimit() != null) {
            Limit l = select.getLimit();
            l.setRowCount(new LongValue(keep));
        } else {
            return null;
        }
        return new CutProbe(select.toString(), keep, keyColumns);
    }

    /**
     * Why the cut is unstable, or null: the probe kept the extra row and it ties with the last kept one on every
     * ORDER BY key (without ORDER BY, any extra row means the LIMIT chose among rows).
     */
    static String tieAtCut(CutProbe probe, long limit, Function<String, ExecutionOutcome> run, String orderKeys) {
        ExecutionOutcome o = run.apply(probe.sql());
        if (!o.ok() || o.rows().size() < probe.keep()) {
            return null;
        }
        List<String> last = o.rows().get((int) limit - 1);
        List<String> next = o.rows().get((int) limit);
        for (int column : probe.keyColumns()) {
            if (!Objects.equals(last.get(column), next.get(column))) {
                return null;
            }
        }
        return "LIMIT " + limit + " cuts through rows tied on ORDER BY " + orderKeys + " (rows " + limit + " and "
                + (limit + 1) + " share the keys)";
    }

    /** The probe of a LIMIT without ORDER BY: the same query keeping one row more. */
    static String limitChooses(CutProbe probe, long limit, Function<String, ExecutionOutcome> run) {
        ExecutionOutcome o = run.apply(probe.sql());
        if (!o.ok() || o.rows().size() < probe.keep()) {
            return null;
        }
        return "LIMIT " + limit + " without ORDER BY keeps " + limit + " of more rows, whichever the plan yields "
                + "first";
    }

    /**
     * Why the second plan's result differs from the first, or null: in order when the query orders its result
     * (the scorer then compares in order), else as a multiset. Truncated or failed results are not compared.
     */
    static String otherPlan(
            ExecutionOutcome first, PlanSettings.Variant variant, Supplier<ExecutionOutcome> second, boolean ordered) {
        if (!first.ok() || first.truncated()) {
            return null;
        }
        ExecutionOutcome again = second.get();
        if (!again.ok() || again.truncated()) {
            return null;
        }
        if (ordered && !first.rows().equals(again.rows())) {
            return "another plan (" + variant.describe() + ") returns "
                    + (sameBag(first.rows(), again.rows()) ? "the same rows in another order" : "other rows");
        }
        if (!ordered && !sameBag(first.rows(), again.rows())) {
            return "another plan (" + variant.describe() + ") returns other rows";
        }
        return null;
    }

    /**
     * The same rows as many times each, in any order. Counted, not sorted: every gold is screened, and sorting rows
     * by a joined key built at each comparison was a twentieth of the executor's CPU.
     */
    private static boolean sameBag(List<List<String>> a, List<List<String>> b) {
        if (a.size() != b.size()) {
            return false;
        }
        Map<List<String>, Integer> counts = new HashMap<>();
        for (List<String> row : a) {
            counts.merge(row, 1, Integer::sum);
        }
        for (List<String> row : b) {
            Integer left = counts.get(row);
            if (left == null) {
                return false;
            }
            if (left == 1) {
                counts.remove(row);
            } else {
                counts.put(row, left - 1);
            }
        }
        return true;
    }
}
