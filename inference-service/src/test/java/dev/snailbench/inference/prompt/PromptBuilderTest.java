package dev.snailbench.inference.prompt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.snailbench.datasets.DataDir;
import dev.snailbench.inference.schema.SchemaCatalog;
import dev.snailbench.inference.support.TeamSchemas;
import dev.snailbench.inference.support.WorkItems;
import dev.snailbench.model.domain.CrosswalkEntry;
import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.model.domain.ModelRef;
import dev.snailbench.model.domain.NaturalnessLevel;
import dev.snailbench.model.domain.PromptOptions;
import dev.snailbench.model.domain.ResultColumn;
import dev.snailbench.model.domain.SqlDialect;
import dev.snailbench.model.domain.TeamSchema;
import dev.snailbench.model.domain.WorkItem;
import dev.snailbench.sql.SqlParser;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Prompts built from the real SNAILS and FootballDB schemas in the shared data folder. */
class PromptBuilderTest {

    private static final SqlParser PARSER = new SqlParser(1, Duration.ofSeconds(10));
    private static final PromptBuilder PROMPTS =
            new PromptBuilder(new SchemaCatalog(DataDir.resolve(), PARSER), PARSER);
    private static final ModelRef MODEL = new ModelRef("m", "fake", null, null, null, null);

    private static WorkItem item(
            String questionId,
            String question,
            SqlDialect dialect,
            NaturalnessLevel level,
            PromptOptions options,
            String schemaId) {
        return WorkItems.item(questionId, question, "SELECT 1", dialect, MODEL, level, options, schemaId);
    }

    @Test
    void shouldWriteTheSnailsZeroShotStructureWithOneLinePerTable() {
        Prompt p = PROMPTS.build(item(
                "ATBI:1",
                "What tree species were seen?",
                SqlDialect.SQLSERVER,
                NaturalnessLevel.NATIVE,
                PromptOptions.ZERO_SHOT,
                "ATBI"));

        String[] lines = p.text().split("\n");
        assertThat(lines[0])
                .isEqualTo("### Write a MS SQL Server query for the database ATBI. It has these "
                        + "MS SQL Server tables, with their columns:");
        assertThat(Arrays.stream(lines).filter(l -> l.matches("#\\w+ \\(.*\\)")))
                .hasSize(28);
        assertThat(p.text())
                .contains("#tbl_Deadwood (Data_ID int, Event_ID int, OldPlot nvarchar, Module float,")
                .endsWith("### Using MS SQL Server syntax, answer this question with one SQL query: What tree species "
                        + "were seen?\n### MS SQL Server query:\n");
        assertThat(p.estimatedTokens()).isEqualTo((p.text().length() + 3) / 4);
    }

    @Test
    void shouldShowTheSchemaRenamedToTheItemsLevel() {
        Prompt least = PROMPTS.build(
                item("ATBI:1", "q", SqlDialect.SQLSERVER, NaturalnessLevel.LEAST, PromptOptions.ZERO_SHOT, "ATBI"));

        assertThat(least.text()).contains("#DWood (D_ID int, E_ID int,").doesNotContain("tbl_Deadwood");
    }

    @Test
    void shouldAddKeysAtTheItemsLevelWhenAsked() {
        PromptOptions keys = new PromptOptions(true, 0, 0, "random", 0, 0);
        Prompt p = PROMPTS.build(item("ATBI:1", "q", SqlDialect.SQLSERVER, NaturalnessLevel.REGULAR, keys, "ATBI"));

        assertThat(p.text())
                .contains("ssma_timestamp timestamp, FOREIGN KEY (Event_ID) REFERENCES table_events "
                        + "(Event_ID), FOREIGN KEY (Decay) REFERENCES DecayStage_lookup (DecayStage_ID))\n")
                .contains("ssma_timestamp timestamp, PRIMARY KEY (Event_ID), FOREIGN KEY (Location_ID) REFERENCES "
                        + "table_locations (Location_ID))\n");
    }

    @Test
    void shouldBuildIdenticalStringsForIdenticalItems() {
        PromptOptions shots = new PromptOptions(true, 2, 3, "random", 11, 0);
        WorkItem a =
                item("d1", "Who won in 2018?", SqlDialect.POSTGRESQL, NaturalnessLevel.NATIVE, shots, "footballdb/v1");
        WorkItem b =
                item("d1", "Who won in 2018?", SqlDialect.POSTGRESQL, NaturalnessLevel.NATIVE, shots, "footballdb/v1");

        assertThat(PROMPTS.build(a).text()).isEqualTo(PROMPTS.build(b).text());
    }

    @Test
    void shouldDrawSeededRandomOrMostSimilarExamplesFromFootballDbTraining() {
        PromptOptions seed1 = new PromptOptions(false, 0, 2, "random", 1, 0);
        PromptOptions seed2 = new PromptOptions(false, 0, 2, "random", 2, 0);
        PromptOptions similar = new PromptOptions(false, 0, 1, "similar", 0, 0);
        String q = "Against which team did Giroud shoot a goal?";

        String r1 = PROMPTS.build(item("x", q, SqlDialect.POSTGRESQL, NaturalnessLevel.NATIVE, seed1, "exp_v1"))
                .text();
        String r2 = PROMPTS.build(item("x", q, SqlDialect.POSTGRESQL, NaturalnessLevel.NATIVE, seed2, "exp_v1"))
                .text();
        String s = PROMPTS.build(item("x", q, SqlDialect.POSTGRESQL, NaturalnessLevel.NATIVE, similar, "exp_v1"))
                .text();

        assertThat(r1).contains("### Examples of questions").isNotEqualTo(r2);
        assertThat(s)
                .contains("### Question: Against which team did Giroud shoot a goal?\nSELECT Distinct "
                        + "T4.teamname FROM player as T1");
    }

    @Test
    void shouldListSampleValuesOfFootballDbColumns() {
        PromptOptions samples = new PromptOptions(false, 2, 0, "random", 0, 0);
        Prompt p =
                PROMPTS.build(item("x", "q", SqlDialect.POSTGRESQL, NaturalnessLevel.NATIVE, samples, "footballdb/v1"));

        assertThat(p.text()).containsPattern("#club \\(club_id varchar \\['[^']+', '[^']+'\\], club_name varchar");
    }

    @Test
    void shouldShowATeamsOwnSchemaAtTheItemsLevelWithItsKeysAndSampleValues() {
        TeamSchema team = new TeamSchema(
                "team football",
                TeamSchemas.of(
                        TeamSchemas.table(
                                "club",
                                List.of(
                                        column("club_id", "int4", "1", "2"),
                                        column("club_name", "varchar", "FC Sion", "O'Neill FC")),
                                List.of("club_id"),
                                List.of()),
                        TeamSchemas.table(
                                "player",
                                List.of(column("player_id", "int4"), column("club_id", "int4")),
                                List.of("player_id"),
                                List.of(new DatabaseSchema.ForeignKey(
                                        "player_club", List.of("club_id"), "public", "club", List.of("club_id"))))),
                List.of(
                        CrosswalkEntry.table("club", "club", "clb", "CB"),
                        CrosswalkEntry.column("club_name", "club_name", "clb_nm", "CNM")));
        PromptOptions keysAndSamples = new PromptOptions(true, 1, 0, "random", 0, 0);

        Prompt p = PROMPTS.build(
                item("q1", "Which clubs?", SqlDialect.POSTGRESQL, NaturalnessLevel.LEAST, keysAndSamples, null), team);

        assertThat(p.text())
                .startsWith("### Write a PostgreSQL query for the database team football.")
                .contains("#CB (club_id int4 [1], CNM varchar ['FC Sion'], PRIMARY KEY (club_id))")
                .contains("#player (player_id int4, club_id int4, PRIMARY KEY (player_id), FOREIGN KEY (club_id) "
                        + "REFERENCES CB (club_id))")
                .doesNotContain("club_name");
    }

    @Test
    void shouldShowASchemaVariantsNamesWithTheirKeysAndSampleValuesAtTheNativeLevel() {
        // One occurrence of the shared name club_id renamed (an injected synonym): the other table keeps it.
        TeamSchema team = new TeamSchema(
                "team football",
                TeamSchemas.of(
                        TeamSchemas.table(
                                "club",
                                List.of(column("club_id", "int4", "1"), column("club_name", "varchar", "FC Sion")),
                                List.of("club_id"),
                                List.of()),
                        TeamSchemas.table(
                                "player",
                                List.of(column("player_id", "int4"), column("club_id", "int4")),
                                List.of("player_id"),
                                List.of(new DatabaseSchema.ForeignKey(
                                        "player_club", List.of("club_id"), "public", "club", List.of("club_id"))))),
                List.of(),
                new TeamSchema.Variant(
                        "injected seed=1 rate=0.1",
                        List.of(
                                new TeamSchema.ShownColumn("club", "club_id", "squad_id"),
                                new TeamSchema.ShownColumn("club", "club_name", "cn"))));

        Prompt p = PROMPTS.build(
                item(
                        "q1",
                        "Which clubs?",
                        SqlDialect.POSTGRESQL,
                        NaturalnessLevel.NATIVE,
                        new PromptOptions(true, 1, 0, "random", 0, 0),
                        null),
                team);

        assertThat(p.text())
                .contains("#club (squad_id int4 [1], cn varchar ['FC Sion'], PRIMARY KEY (squad_id))")
                .contains("#player (player_id int4, club_id int4, PRIMARY KEY (player_id), FOREIGN KEY (club_id) "
                        + "REFERENCES club (squad_id))")
                .doesNotContain("club_name");
    }

    private static DatabaseSchema.Column column(String name, String type, String... samples) {
        return new DatabaseSchema.Column(name, type, ResultColumn.ValueType.TEXT, true, List.of(samples));
    }

    @Test
    void shouldGiveASbodemoUsQuestionItsModulesTables() {
        Prompt p = PROMPTS.build(item(
                "SBODemoUS-Banking:1",
                "How many reconciliation types?",
                SqlDialect.SQLSERVER,
                NaturalnessLevel.NATIVE,
                PromptOptions.ZERO_SHOT,
                "SBODemoUS"));

        assertThat(p.tables()).hasSize(40);
        assertThat(p.subset()).isFalse();
    }

    @Test
    void shouldKeepTheTablesMostRelatedToTheQuestionUnderATokenBudget() {
        PromptOptions budget = new PromptOptions(false, 0, 0, "random", 0, 1500);
        Prompt p = PROMPTS.build(item(
                "NTSB:1",
                "Which aircraft engines had a fire?",
                SqlDialect.SQLSERVER,
                NaturalnessLevel.NATIVE,
                budget,
                "NTSB"));

        assertThat(p.subset()).isTrue();
        assertThat(p.estimatedTokens()).isLessThanOrEqualTo(1500);
        assertThat(p.tables()).isNotEmpty().contains("FIRE");
    }

    @Test
    void shouldFailClearlyForAnUnknownSchemaOrUnavailableOptions() {
        assertThatThrownBy(() -> PROMPTS.build(item(
                        "x", "q", SqlDialect.SQLSERVER, NaturalnessLevel.NATIVE, PromptOptions.ZERO_SHOT, "NoSuchDb")))
                .hasMessageContaining("unknown schema 'NoSuchDb'");
        assertThatThrownBy(() -> PROMPTS.build(item(
                        "x",
                        "q",
                        SqlDialect.SQLSERVER,
                        NaturalnessLevel.NATIVE,
                        new PromptOptions(false, 3, 0, "random", 0, 0),
                        "ATBI")))
                .hasMessageContaining("sample values are not available for ATBI");
        assertThatThrownBy(() -> PROMPTS.build(item(
                        "x",
                        "q",
                        SqlDialect.SQLSERVER,
                        NaturalnessLevel.NATIVE,
                        new PromptOptions(false, 0, 2, "best", 0, 0),
                        "footballdb/v2")))
                .hasMessageContaining("unknown shot selection 'best'");
    }
}
