package dev.snailbench.workbench.views;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.model.domain.CrosswalkEntry;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.SchemaSpec;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.problem.InvalidInput;
import java.util.List;
import org.junit.jupiter.api.Test;

class NaturalViewDdlTest {

    private static final SchemaSpec SCHEMA = new SchemaSpec(List.of(new SchemaSpec.Table(
            "tblVeg", List.of(new SchemaSpec.Column("VegHt", "int"), new SchemaSpec.Column("user", "text")))));
    private static final List<CrosswalkEntry> CROSSWALK = List.of(
            new CrosswalkEntry("table", "tblVeg", "Low", "Vegetation", "tblVeg", "TV"),
            new CrosswalkEntry("column", "VegHt", "Least", "VegetationHeight", "VegHeight", "VegHt"),
            new CrosswalkEntry("column", "user", "Regular", "user", "usr", "U"));

    @Test
    void shouldWritePostgresViewsWithTheReverseMapping() {
        NaturalViewDdl.NaturalViews views = NaturalViewDdl.generate(
                SCHEMA, "dbo", CROSSWALK, NaturalnessLevel.REGULAR, "db_nl", SqlDialect.POSTGRESQL);
        assertThat(views.statements())
                .containsExactly(
                        "CREATE SCHEMA IF NOT EXISTS \"db_nl\"",
                        "DROP VIEW IF EXISTS \"db_nl\".\"Vegetation\"",
                        "CREATE VIEW \"db_nl\".\"Vegetation\" AS SELECT \"VegHt\" AS \"VegetationHeight\", \"user\" AS \"user\" "
                                + "FROM \"dbo\".\"tblVeg\"");
        assertThat(views.mapping())
                .containsExactly(new NaturalViewDdl.ViewMapping(
                        "Vegetation",
                        "tblVeg",
                        List.of(
                                new NaturalViewDdl.ColumnMapping("VegetationHeight", "VegHt"),
                                new NaturalViewDdl.ColumnMapping("user", "user"))));
    }

    @Test
    void shouldWriteSqlServerViews() {
        NaturalViewDdl.NaturalViews views = NaturalViewDdl.generate(
                SCHEMA, "dbo", CROSSWALK, NaturalnessLevel.REGULAR, "db_nl", SqlDialect.SQLSERVER);
        assertThat(views.statements())
                .containsExactly(
                        "IF SCHEMA_ID(N'db_nl') IS NULL EXEC(N'CREATE SCHEMA [db_nl]')",
                        "CREATE OR ALTER VIEW [db_nl].[Vegetation] AS SELECT [VegHt] AS [VegetationHeight], [user] AS [user] "
                                + "FROM [dbo].[tblVeg]");
    }

    @Test
    void shouldRefuseACrosswalkThatMissesIdentifiersOrClashes() {
        assertThatThrownBy(() -> NaturalViewDdl.generate(
                        SCHEMA,
                        "dbo",
                        CROSSWALK.subList(0, 2),
                        NaturalnessLevel.REGULAR,
                        "db_nl",
                        SqlDialect.POSTGRESQL))
                .isInstanceOf(InvalidInput.class)
                .hasMessageContaining("column tblVeg.user");
        List<CrosswalkEntry> clash = List.of(
                CROSSWALK.get(0),
                CROSSWALK.get(1),
                new CrosswalkEntry("column", "user", "Regular", "VegetationHeight", "usr", "U"));
        assertThatThrownBy(() -> NaturalViewDdl.generate(
                        SCHEMA, "dbo", clash, NaturalnessLevel.REGULAR, "db_nl", SqlDialect.POSTGRESQL))
                .hasMessageContaining("map to 'VegetationHeight'");
    }
}
