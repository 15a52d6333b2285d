package dev.snailbench.executor.service.statement;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What PostgreSQL resolved a statement to, read from its rewritten query tree as the server prints it
 * ({@code debug_print_rewritten}: views expanded, row-level security policies added, every call resolved to an oid):
 * the functions, operators, types and relations it refers to, and what kind of statement it is. Every field whose
 * name says it holds a function, operator or type oid is read, whatever node it is in, so an expression node type
 * the reader does not know still gives its calls up. Texts a team controls (aliases, names) are single tokens with
 * their blanks escaped, so they can never pass for a field followed by a number.
 */
public final class QueryTree {

    /** Fields holding a type oid whose name does not say "typ". */
    private static final Set<String> OTHER_TYPE_FIELDS = Set.of("refcontainertype", "coercetype");

    private final Set<Long> functions = new LinkedHashSet<>();
    private final Set<Long> operators = new LinkedHashSet<>();
    private final Set<Long> types = new LinkedHashSet<>();
    private final Set<Long> relations = new LinkedHashSet<>();
    private final Set<String> relationKinds = new LinkedHashSet<>();
    private int statements;
    private String topCommandType;
    private boolean topUtility;
    private boolean modifyingCte;
    private boolean locking;

    private QueryTree() {}

    /** Reads a printed tree ({@code ({QUERY ...})}); throws {@link IllegalArgumentException} if it is not one. */
    public static QueryTree read(String dump) {
        QueryTree tree = new QueryTree();
        tree.scan(tokens(dump));
        if (tree.statements == 0) {
            throw new IllegalArgumentException("no query in the tree");
        }
        return tree;
    }

    private void scan(List<String> tokens) {
        // Depth of the braces: the statement's own fields are at depth 1 (inside its one top-level {QUERY).
        int depth = 0;
        for (int i = 0; i < tokens.size(); i++) {
            String t = tokens.get(i);
            if (t.equals("{")) {
                depth++;
                if (depth == 1 && i + 1 < tokens.size() && tokens.get(i + 1).equals("QUERY")) {
                    statements++;
                }
                continue;
            }
            if (t.equals("}")) {
                depth--;
                continue;
            }
            if (!isField(t) || i + 1 >= tokens.size()) {
                continue;
            }
            String field = t.substring(1);
            String value = tokens.get(i + 1);
            if (depth == 1) {
                top(field, value);
            }
            if (field.equals("hasModifyingCTE") && value.equals("true")) {
                modifyingCte = true;
            } else if (field.equals("hasForUpdate") && value.equals("true")) {
                locking = true;
            } else if (field.equals("rowMarks") && !value.equals("<>")) {
                locking = true;
            } else if (field.equals("relkind") && !value.equals("<>")) {
                relationKinds.add(value);
            }
            Set<Long> into = target(field);
            if (value.equals("(") && i + 2 < tokens.size() && tokens.get(i + 2).equals("o")) {
                int j = i + 3;
                while (j < tokens.size() && isNumber(tokens.get(j))) {
                    if (into != null) {
                        add(into, tokens.get(j));
                    }
                    j++;
                }
                i = j - 1;
            } else if (!value.equals("(") && !value.equals("{")) {
                // A plain value (a number, a name, <>) is consumed here: a name that looks like a field is no field.
                if (into != null && isNumber(value)) {
                    add(into, value);
                }
                i++;
            }
        }
    }

    private void top(String field, String value) {
        if (field.equals("commandType")) {
            topCommandType = value;
        } else if (field.equals("utilityStmt")) {
            topUtility = !value.equals("<>");
        }
    }

    /** The set a field's oids go to, by what its name says; null for a field holding no oid of interest. */
    private Set<Long> target(String field) {
        String f = field.toLowerCase(Locale.ROOT);
        if (f.equals("relid")) {
            return relations;
        }
        if (f.contains("typmod") || f.contains("typemod")) {
            return null;
        }
        if (f.contains("func") || f.endsWith("fnoid") || f.equals("tsmhandler")) {
            // funcid, opfuncid, hashfuncid, negfuncid, aggfnoid, winfnoid, startInRangeFunc, ...; not the
            // call's display form, its flags or its result type
            if (f.equals("funcformat")
                    || f.equals("funcretset")
                    || f.equals("funcvariadic")
                    || f.equals("funccolcount")
                    || f.equals("funcordinality")
                    || f.contains("coll")
                    || f.contains("typ")) {
                return f.contains("typ") ? types : null;
            }
            return functions;
        }
        if (f.equals("opno") || f.equals("opnos") || f.endsWith("op") && !f.equals("op") || f.endsWith("opr")) {
            return operators;
        }
        if (f.contains("typ") || OTHER_TYPE_FIELDS.contains(f)) {
            return types;
        }
        return null;
    }

    private static void add(Set<Long> into, String number) {
        long oid = Long.parseLong(number);
        if (oid > 0) {
            into.add(oid);
        }
    }

    private static boolean isField(String t) {
        if (t.length() < 2 || t.charAt(0) != ':' || !Character.isLetter(t.charAt(1))) {
            return false;
        }
        for (int i = 2; i < t.length(); i++) {
            char c = t.charAt(i);
            if (!Character.isLetterOrDigit(c) && c != '_') {
                return false;
            }
        }
        return true;
    }

    private static boolean isNumber(String t) {
        if (t.isEmpty() || t.length() > 19) {
            return false;
        }
        int start = t.charAt(0) == '-' ? 1 : 0;
        if (start == t.length()) {
            return false;
        }
        for (int i = start; i < t.length(); i++) {
            if (!Character.isDigit(t.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * The tokens of a printed node tree: braces and parentheses alone, everything else split at unescaped blanks, a
     * backslash keeping the next character in the token (how PostgreSQL's outToken escapes names and strings).
     */
    static List<String> tokens(String dump) {
        List<String> out = new ArrayList<>();
        StringBuilder token = new StringBuilder();
        for (int i = 0; i < dump.length(); i++) {
            char c = dump.charAt(i);
            if (c == '\\' && i + 1 < dump.length()) {
                token.append(c).append(dump.charAt(++i));
            } else if (Character.isWhitespace(c)) {
                flush(token, out);
            } else if (c == '{' || c == '}' || c == '(' || c == ')') {
                flush(token, out);
                out.add(String.valueOf(c));
            } else {
                token.append(c);
            }
        }
        flush(token, out);
        return out;
    }

    private static void flush(StringBuilder token, List<String> out) {
        if (!token.isEmpty()) {
            out.add(token.toString());
            token.setLength(0);
        }
    }

    /** Statements in the tree (one for a single statement). */
    public int statements() {
        return statements;
    }

    /** Whether the statement is a plain query: a SELECT (or VALUES, TABLE) and no utility command. */
    public boolean isQuery() {
        return "1".equals(topCommandType) && !topUtility;
    }

    public boolean hasModifyingCte() {
        return modifyingCte;
    }

    public boolean locks() {
        return locking;
    }

    public Set<Long> functions() {
        return functions;
    }

    public Set<Long> operators() {
        return operators;
    }

    public Set<Long> types() {
        return types;
    }

    public Set<Long> relations() {
        return relations;
    }

    /** The relation kinds read ({@code r} table, {@code v} view, {@code f} foreign table, ...). */
    public Set<String> relationKinds() {
        return relationKinds;
    }
}
