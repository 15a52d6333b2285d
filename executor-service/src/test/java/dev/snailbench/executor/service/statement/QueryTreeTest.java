package dev.snailbench.executor.service.statement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class QueryTreeTest {

    /** PostgreSQL 18's rewritten tree of {@code SELECT a + 1 AS ":funcid 2626", upper(b) FROM t WHERE a IN (1, 2)}. */
    private static final String TREE = """
            ({QUERY :commandType 1 :querySource 0 :canSetTag true :utilityStmt <> :resultRelation 0 :hasAggs false
            :hasModifyingCTE false :hasForUpdate false :cteList <> :rtable ({RANGETBLENTRY :alias <> :eref {ALIAS
            :aliasname t :colnames ("a" "b")} :rtekind 0 :relid 16387 :inh true :relkind r :rellockmode 1
            :securityQuals <>}) :jointree {FROMEXPR :fromlist ({RANGETBLREF :rtindex 1}) :quals {SCALARARRAYOPEXPR
            :opno 96 :opfuncid 65 :hashfuncid 0 :negfuncid 0 :useOr true :inputcollid 0 :args ({VAR :varno 1
            :varattno 1 :vartype 23 :vartypmod -1 :varcollid 0 :location 62} {ARRAYEXPR :array_typeid 1007
            :element_typeid 23 :elements ({CONST :consttype 23 :consttypmod -1 :constlen 4 :constbyval true
            :constisnull false :location 68 :constvalue 4 [ 1 0 0 0 0 0 0 0 ]}) :multidims false}) :location 64}}
            :targetList ({TARGETENTRY :expr {OPEXPR :opno 551 :opfuncid 177 :opresulttype 23 :opretset false :args
            ({VAR :varno 1 :varattno 1 :vartype 23}) :location 22} :resno 1 :resname :funcid\\ 2626 :ressortgroupref 0
            :resjunk false} {TARGETENTRY :expr {FUNCEXPR :funcid 871 :funcresulttype 25 :funcretset false
            :funcformat 0 :funccollid 100 :inputcollid 100 :args <> :location 27} :resno 2 :resname :funcid
            :ressortgroupref 0 :resjunk false}) :sortClause ({SORTGROUPCLAUSE :tleSortGroupRef 1 :eqop 98 :sortop 664
            :reverse_sort false}) :rowMarks <> :windowClause ({WINDOWCLAUSE :startInRangeFunc 4133 :endInRangeFunc 0})
            :stmt_len 83})
            """;

    @Test
    void shouldReadEveryFunctionOperatorTypeAndRelationWhateverNodeHoldsThem() {
        QueryTree tree = QueryTree.read(TREE);

        assertThat(tree.statements()).isEqualTo(1);
        assertThat(tree.isQuery()).isTrue();
        assertThat(tree.functions()).containsExactlyInAnyOrder(65L, 177L, 871L, 4133L);
        assertThat(tree.operators()).containsExactlyInAnyOrder(96L, 551L, 98L, 664L);
        assertThat(tree.types()).contains(23L, 1007L, 25L).doesNotContain(-1L, 100L);
        assertThat(tree.relations()).containsExactly(16387L);
        assertThat(tree.relationKinds()).containsExactly("r");
        assertThat(tree.hasModifyingCte()).isFalse();
        assertThat(tree.locks()).isFalse();
    }

    @Test
    void shouldNeverTakeANameForAField() {
        // The aliases ":funcid 2626" (escaped blank) and ":funcid" are names, not pg_sleep's oid.
        assertThat(QueryTree.read(TREE).functions()).doesNotContain(2626L);
    }

    @Test
    void shouldTellCommandsAndSeveralStatementsApart() {
        QueryTree utility = QueryTree.read("({QUERY :commandType 6 :utilityStmt {EXPLAINSTMT :query {QUERY "
                + ":commandType 1 :utilityStmt <>}}})");
        QueryTree two = QueryTree.read("({QUERY :commandType 1 :utilityStmt <>} {QUERY :commandType 3 "
                + ":utilityStmt <> :hasModifyingCTE true :rowMarks ({ROWMARKCLAUSE :rti 1})})");

        assertThat(utility.isQuery()).isFalse();
        assertThat(two.statements()).isEqualTo(2);
        assertThat(two.hasModifyingCte()).isTrue();
        assertThat(two.locks()).isTrue();
        assertThatThrownBy(() -> QueryTree.read("nothing")).isInstanceOf(IllegalArgumentException.class);
    }
}
