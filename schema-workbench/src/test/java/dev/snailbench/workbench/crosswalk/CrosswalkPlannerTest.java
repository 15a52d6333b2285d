package dev.snailbench.workbench.crosswalk;

import static org.assertj.core.api.Assertions.assertThat;

import dev.snailbench.model.domain.CrosswalkEntry;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.SchemaSpec;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.sql.IdentifierQuoting;
import dev.snailbench.sql.IdentifierRules;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CrosswalkPlannerTest {

    private static final NaturalnessLevel R = NaturalnessLevel.REGULAR;
    private static final NaturalnessLevel L = NaturalnessLevel.LOW;
    private static final NaturalnessLevel X = NaturalnessLevel.LEAST;

    @Test
    void shouldAbbreviateInTheIdentifiersOwnStyle() {
        assertThat(RuleAbbreviator.abbreviate("VegetationHeight", L)).isEqualTo("VegHt");
        assertThat(RuleAbbreviator.abbreviate("account_number", L)).isEqualTo("acct_num");
        assertThat(RuleAbbreviator.abbreviate("SERVICE_NAME", L)).isEqualTo("SER_NM");
        assertThat(RuleAbbreviator.abbreviate("AirbagLocationCurtain", X)).isEqualTo("ARLCCR");
        assertThat(RuleAbbreviator.abbreviate("home_team_goals", X)).isEqualTo("hm_tm_gl");
        assertThat(RuleAbbreviator.abbreviate("Station2", X)).isEqualTo("STN2");
        // nothing long enough to shorten: the longest word still loses its vowels
        assertThat(RuleAbbreviator.abbreviate("is_big", L)).isEqualTo("is_bg");
    }

    @Test
    void shouldKeepNativeNamesAtTheirOwnLevelAndRenameTheRest() {
        SchemaSpec schema = new SchemaSpec(List.of(new SchemaSpec.Table(
                "Survey",
                List.of(new SchemaSpec.Column("VegHeight", "int"), new SchemaSpec.Column("DfltSlp", "int")))));
        CrosswalkPlanner.Plan plan = CrosswalkPlanner.plan(
                schema,
                Map.of("Survey", R, "VegHeight", L, "DfltSlp", X),
                Map.of("VegHeight", "VegetationHeight"),
                RuleAbbreviator::abbreviate,
                SqlDialect.POSTGRESQL);
        CrosswalkEntry veg = plan.rows().get(1);
        assertThat(veg.regular()).isEqualTo("VegetationHeight");
        assertThat(veg.low()).isEqualTo("VegHeight");
        assertThat(veg.least()).isNotEqualTo("VegHeight");
        CrosswalkEntry slope = plan.rows().get(2);
        assertThat(slope.least()).isEqualTo("DfltSlp");
        assertThat(slope.regular()).isEqualTo("DfltSlp");
        assertThat(plan.report().keptNativeAtRegular()).containsExactly("DfltSlp");
        assertThat(plan.rows().get(0).regular()).isEqualTo("Survey");
    }

    @Test
    void shouldMakeNamesUniquePerTableAndReportReservedWords() {
        // quantity and qty_total both abbreviate towards "qty"-like names; "user" is reserved in PostgreSQL.
        SchemaSpec schema = new SchemaSpec(List.of(
                new SchemaSpec.Table("orders", List.of(col("quantity"), col("qty"), col("user"), col("Quantity_"))),
                new SchemaSpec.Table("order_lines", List.of(col("quantity"), col("qty_"), col("qty")))));
        Map<String, NaturalnessLevel> labels =
                Map.of("orders", R, "order_lines", R, "quantity", R, "qty", L, "user", R, "Quantity_", R, "qty_", L);
        CrosswalkPlanner.Plan plan =
                CrosswalkPlanner.plan(schema, labels, Map.of(), RuleAbbreviator::abbreviate, SqlDialect.POSTGRESQL);
        Map<String, CrosswalkEntry> index = CrosswalkPlanner.index(plan.rows());
        for (NaturalnessLevel level : List.of(R, L, X)) {
            for (SchemaSpec.Table t : schema.tables()) {
                Set<String> names = new HashSet<>();
                for (SchemaSpec.Column c : t.columns()) {
                    String name =
                            CrosswalkPlanner.lookup(index, "column", c.name()).name(level);
                    assertThat(IdentifierRules.isValid(name, SqlDialect.POSTGRESQL))
                            .as(name)
                            .isTrue();
                    assertThat(names.add(name.toLowerCase(Locale.ROOT)))
                            .as(level + " " + t.name() + " " + name)
                            .isTrue();
                }
            }
        }
        // the native "qty" keeps its name at Low; the abbreviated "quantity" moves aside
        assertThat(CrosswalkPlanner.lookup(index, "column", "qty").low()).isEqualTo("qty");
        assertThat(CrosswalkPlanner.lookup(index, "column", "quantity").low()).isEqualTo("qty_2");
        assertThat(plan.report().renamedOnCollision()).isNotEmpty();
        assertThat(plan.report().reservedWords()).contains("user");
        assertThat(IdentifierQuoting.quote("user", SqlDialect.SQLSERVER)).isEqualTo("[user]");
    }

    private static SchemaSpec.Column col(String name) {
        return new SchemaSpec.Column(name, "int");
    }
}
