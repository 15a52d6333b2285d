package dev.snailbench.sql.analysis;

import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.Select;

/** Whether a query orders its final result: a top-level ORDER BY (not one inside a subquery or CTE). */
public final class OrderBy {

    private OrderBy() {}

    public static boolean topLevel(Statement statement) {
        if (!(statement instanceof Select select)) {
            return false;
        }
        if (select.getOrderByElements() != null && !select.getOrderByElements().isEmpty()) {
            return true;
        }
        // "(SELECT … ORDER BY x)" as the whole statement still orders the result.
        return select instanceof ParenthesedSelect p && p.getSelect() != null && topLevel(p.getSelect());
    }
}
