package dev.snailbench.datasets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code ./snailbench data fetch|verify} against small local git repositories with the source layouts of
 * jf87/FootballDB and KyleLuoma/SNAILS (a few rows each, made here), fetched over {@code file://}: no network.
 */
class DataFetchTest {

    @TempDir
    Path tmp;

    // --- fixtures -------------------------------------------------------------------------------------------

    private static final String RESULTS_HEADER = "db_id,id,question,query,hardness,split,label,prediction,system,run\n";

    private String footballDbRepo() throws Exception {
        Path repo = Files.createDirectories(tmp.resolve("FootballDB"));
        for (String v : List.of("v1", "v2", "v3")) {
            Path base = repo.resolve("data/FootballDB").resolve(v);
            write(
                    base.resolve("db/club.sql"),
                    "create table club (club_id integer primary key);\n" + "INSERT INTO exp_" + v
                            + ".club (club_id) VALUES (1);\n");
            write(base.resolve("db/match_fact.sql"), "create table match_fact (id integer);\n");
            String dev = "[\n  {\n    \"db_id\": \"exp_" + v + "\",\n    \"id\": 2,\n    \"question\": \"Q2\"\n  }\n]";
            List<String> splits = v.equals("v3") ? List.of("100", "859") : List.of("100", "200", "300");
            for (String split : splits) {
                if (!v.equals("v3") || split.equals("859")) {
                    write(base.resolve(split).resolve("dev.json"), dev);
                }
                write(base.resolve(split).resolve("train.json"), "[\"train " + v + " " + split + "\"]");
            }
            write(
                    repo.resolve("data/results/GPT-3.5/GPT-3.5_s-exp_" + v + "-30.csv"),
                    RESULTS_HEADER
                            + "exp_" + v
                            + ",2,Who won?,SELECT 1,easy,30,True,\"SELECT winner\r\nFROM world_cup\",GPT,0.0\n"
                            + "exp_" + v
                            + ",11,\"Caf\u00e9, \"\"quoted\"\"\",SELECT 2,easy,30,False,SELECT 'caf\u00e9',GPT,0.0\n"
                            + "exp_" + v + ",2,Who won?,SELECT 1,easy,30,True,SELECT other_run,GPT,1.0\n");
        }
        return commitAll(repo);
    }

    private String snailsRepo() throws Exception {
        Path repo = Files.createDirectories(tmp.resolve("SNAILS"));
        Path canine = repo.resolve(SnailsConversion.CANINE2);
        write(
                canine.resolve("train.csv"),
                "text,category,label\nAACP,N3,2\naffected_region,N1,0\nAINS,N2,1\nAACP,N3,2\n");
        write(canine.resolve("validation.csv"), "text,category,label\nBreed,N1,0\n");
        write(canine.resolve("test.csv"), "text,category,label\nSunday,N1,0\nBRD,N3,2\n");
        write(
                repo.resolve(SnailsConversion.CROSSWALKS).resolve("CratersWildlifeObservations-consolidated-xwalk.csv"),
                "native_identifier,table_or_column,source_database,native_naturalness,N1_identifier,N2_identifier,N3_identifier\n"
                        + "Breed,column,CratersWildlifeObservations,N1,Breed,Brd,Bd\n"
                        + "Code,table,CratersWildlifeObservations,N1,Code,Cd,Cd\n"
                        + "Code,column,CratersWildlifeObservations,N1,Code,Cd,Cd\n"
                        + "Breed,column,CratersWildlifeObservations,N1,Breed,Brd,Bd\n"
                        + "UTME,column,CratersWildlifeObservations,N3,UniversalTransverseMercatorEast,UnivTransMercEast,UTME\n"
                        + "EVENT_SUMMNO,column,CratersWildlifeObservations,UNK,EDRSUMMNO,EDRSUMMNO,E_SUMM_NO\n");
        write(
                repo.resolve(SnailsConversion.CLASSIFICATIONS),
                "IDENTIFIER,SCORE\nSunday,N1\nMonday,N1\nbrd,N3\nJan,N2\nQauntity,\n");
        // Codes-format schemas: one file per level, the same entries in the same order; SBODemoUS by module.
        Map<String, List<String>> names = Map.of(
                "Native",
                        List.of(
                                "tbl_Events",
                                "Event_ID",
                                "tbl_Nests",
                                "Nest_ID",
                                "Event_ID",
                                "CHO1",
                                "CheckKey",
                                "OPR5"),
                "Regular",
                        List.of(
                                "events",
                                "event_id",
                                "nests",
                                "nest_id",
                                "event_id",
                                "checks",
                                "check_key",
                                "opportunities"),
                "Low", List.of("tbl_Evts", "Evt_ID", "tbl_Nsts", "Nst_ID", "Evt_ID", "CHO1", "ChkKey", "OPR5"),
                "Least", List.of("Ev", "E_ID", "Ns", "N_ID", "E_ID", "C1", "CK", "O5"));
        for (Map.Entry<String, List<String>> level : names.entrySet()) {
            List<String> n = level.getValue();
            write(repo.resolve(SnailsSchemas.DIR).resolve("snails_schemas_" + level.getKey() + ".json"), """
                    [{"db_id": "ATBI", "db_path": "", "schema": {"schema_items": [
                       {"table_name": "%s", "table_comment": "", "column_names": ["%s"], "column_types": ["int"],
                        "column_comments": [""], "column_contents": [["1", "2"]], "pk_indicators": [1]},
                       {"table_name": "%s", "table_comment": "", "column_names": ["%s", "%s"],
                        "column_types": ["int", "nvarchar"], "column_comments": ["", ""],
                        "column_contents": [["7"], ["x"]], "pk_indicators": [0, 0]}],
                      "foreign_keys": [["tbl_nests", "event_id", "tbl_events", "event_id"]]}},
                     {"db_id": "SBODemoUS-Banking", "db_path": "", "schema": {"schema_items": [
                       {"table_name": "%s", "table_comment": "", "column_names": ["%s"], "column_types": ["int"],
                        "column_comments": [""], "column_contents": [[]], "pk_indicators": [0]}], "foreign_keys": []}},
                     {"db_id": "SBODemoUS-Sales Opportunities", "db_path": "", "schema": {"schema_items": [
                       {"table_name": "%s", "table_comment": "", "column_names": [], "column_types": [],
                        "column_comments": [], "column_contents": [], "pk_indicators": []}], "foreign_keys": []}}]
                    """.formatted(
                            n.get(0), n.get(1), n.get(2), n.get(3), n.get(4), n.get(5), n.get(6), n.get(7)));
        }
        // Question/query pairs as the repository writes them: one line, every query ending with a space, SBODemoUS
        // by module, tabs and quotes escaped, non-ASCII as it is.
        write(
                repo.resolve(SnailsQuestions.FILE),
                "[{\"db_id\": \"ATBI\", \"number\": 1, \"query\": \"select count(*) "
                        + "nestCount  from tbl_Nests \", \"question\": \"How many nests were recorded?\"}, {\"db_id\": \"ATBI\", "
                        + "\"number\": 2, \"query\": \"select Event_ID from tbl_Events where Note = 'caf\u00e9' \\tand Nest_ID > 1 \", "
                        + "\"question\": \"Which \\\"caf\u00e9\\\" events?\"}, {\"db_id\": \"SBODemoUS-Sales Opportunities\", "
                        + "\"number\": 1, \"query\": \"select OPR5 from OPR5 \", \"question\": \"Show every opportunity.\"}, "
                        + "{\"db_id\": \"SBODemoUS-Banking\", \"number\": 1, \"query\": \"select CheckKey from CHO1 \", "
                        + "\"question\": \"Which checks are there?\"}]");
        annotations(repo, "ATBI", 1, 2);
        annotations(repo, "SBODemoUS-Sales Opportunities", 1);
        annotations(repo, "SBODemoUS-Banking", 1);
        return commitAll(repo);
    }

    private static final Map<String, String> LEVEL_CODES =
            Map.of("Native", "NATIVE", "Regular", "N1", "Low", "N2", "Least", "N3");

    /** gpt-3.5-turbo's workbooks of one query set at the four levels, as the SNAILS authors name and fill them. */
    private static void annotations(Path repo, String querySet, int... numbers) throws IOException {
        for (String code : LEVEL_CODES.values()) {
            List<List<Object>> rows = new ArrayList<>();
            for (int n : numbers) {
                rows.add(AnnotationWorkbook.row(n, answer(querySet, n, code), code));
            }
            AnnotationWorkbook.write(
                    annotationFile(repo, querySet, code, "05-09-2024"), rows, AnnotationWorkbook.Strings.SHARED);
        }
    }

    private static Path annotationFile(Path repo, String querySet, String code, String date) {
        return repo.resolve(SnailsPredictions.DIR)
                .resolve(querySet + "-" + code + "-" + code + "-gpt-3.5-turbo-evaluation-" + date + ".xlsx");
    }

    private static String answer(String querySet, int number, String code) {
        return "SELECT " + code + "_" + number + " FROM " + querySet.replace(' ', '_');
    }

    /** Commits the SNAILS fixture after {@code change}; returns the new commit. */
    private String snailsChange(RepoChange change) throws Exception {
        Path repo = tmp.resolve("SNAILS");
        change.apply(repo);
        git(repo, "add", "-A");
        git(
                repo,
                "-c",
                "user.name=fixture",
                "-c",
                "user.email=fixture@example.invalid",
                "commit",
                "-q",
                "-m",
                "change");
        return git(repo, "rev-parse", "HEAD").strip();
    }

    /** Replaces the question/query pairs of the SNAILS fixture and commits; returns the new commit. */
    private String snailsQuestions(String pairs) throws Exception {
        Path repo = tmp.resolve("SNAILS");
        write(repo.resolve(SnailsQuestions.FILE), pairs);
        git(repo, "add", "-A");
        git(repo, "-c", "user.name=fixture", "-c", "user.email=fixture@example.invalid", "commit", "-q", "-m", "pairs");
        return git(repo, "rev-parse", "HEAD").strip();
    }

    private List<Dataset> datasets(String snailsCommit, String footballCommit) {
        List<Dataset> out = new ArrayList<>();
        for (Dataset d : Dataset.all()) {
            out.add(
                    switch (d.name()) {
                        case "snails" -> d.at(tmp.resolve("SNAILS").toUri().toString(), snailsCommit);
                        case "footballdb" ->
                            d.at(tmp.resolve("FootballDB").toUri().toString(), footballCommit);
                        default -> d;
                    });
        }
        return out;
    }

    // --- tests ----------------------------------------------------------------------------------------------

    @Test
    void shouldWriteFootballDbInTheLayoutThePlatformReads() throws Exception {
        String commit = footballDbRepo();
        Path data = tmp.resolve("data");

        Run run = run(List.of("fetch", "--data-dir", data.toString(), "--only", "footballdb"), datasets("x", commit));

        assertThat(run.code).as(run.err).isZero();
        assertThat(Checksums.files(data))
                .containsExactly(
                        "footballdb/predictions/gpt-3.5-turbo_30shot_v1.json",
                        "footballdb/predictions/gpt-3.5-turbo_30shot_v2.json",
                        "footballdb/predictions/gpt-3.5-turbo_30shot_v3.json",
                        "footballdb/v1/db/club.sql",
                        "footballdb/v1/dev.json",
                        "footballdb/v1/train.json",
                        "footballdb/v2/db/club.sql",
                        "footballdb/v2/dev.json",
                        "footballdb/v2/train.json",
                        "footballdb/v3/db/club.sql",
                        "footballdb/v3/dev.json",
                        "footballdb/v3/train.json");
        assertThat(Files.readString(data.resolve("footballdb/v1/dev.json")))
                .isEqualTo(Files.readString(tmp.resolve("FootballDB/data/FootballDB/v1/100/dev.json")));
        assertThat(Files.readString(data.resolve("footballdb/v1/train.json"))).isEqualTo("[\"train v1 300\"]");
        assertThat(Files.readString(data.resolve("footballdb/v3/train.json"))).isEqualTo("[\"train v3 859\"]");
        // As Python's json.dumps(rows, indent=1) writes it: first run only, non-ASCII escaped, CR LF kept.
        assertThat(Files.readString(data.resolve("footballdb/predictions/gpt-3.5-turbo_30shot_v2.json")))
                .isEqualTo("""
                [
                 {
                  "id": 2,
                  "question": "Who won?",
                  "predicted_sql": "SELECT winner\\r\\nFROM world_cup"
                 },
                 {
                  "id": 11,
                  "question": "Caf\\u00e9, \\"quoted\\"",
                  "predicted_sql": "SELECT 'caf\\u00e9'"
                 }
                ]""");
        assertThat(run.out)
                .contains("footballdb: converted from jf87/FootballDB " + commit)
                .contains("load.sh is not written");
        assertThat(run(List.of("verify", "--data-dir", data.toString()), List.of()).out)
                .contains("ok: 12 files in " + data + " match CHECKSUMS.sha256");
    }

    @Test
    void shouldConvertSnailsLevelsCrosswalksAndClassificationsAndSayWhatItDidNotProduce() throws Exception {
        String commit = snailsRepo();
        Path data = tmp.resolve("data");

        Run run = run(List.of("fetch", "--data-dir", data.toString(), "--only", "snails"), datasets(commit, "x"));

        assertThat(run.code).as(run.err).isZero();
        assertThat(Files.readString(data.resolve("snails/naturalness/train.csv")))
                .isEqualTo("identifier,label\nAACP,Least\naffected_region,Regular\nAINS,Low\nAACP,Least\n");
        assertThat(Files.readString(data.resolve("snails/naturalness/validation.csv")))
                .isEqualTo("identifier,label\nBreed,Regular\n");
        assertThat(Files.readString(data.resolve("snails/crosswalks/CratersWildlifeObservations.csv")))
                .isEqualTo("""
                kind,identifier_native,native_level,regular,low,least
                column,Breed,Regular,Breed,Brd,Bd
                table,Code,Regular,Code,Cd,Cd
                column,Code,Regular,Code,Cd,Cd
                column,UTME,Least,UniversalTransverseMercatorEast,UnivTransMercEast,UTME
                column,EVENT_SUMMNO,UNK,EDRSUMMNO,EDRSUMMNO,E_SUMM_NO
                """);
        // Test-split identifiers are withheld, whatever their case.
        assertThat(Files.readString(data.resolve("snails/naturalness_classifications.csv")))
                .isEqualTo("identifier,label\nMonday,Regular\nJan,Low\nQauntity,\n");
        // One file per database, written as json.dumps(schema, separators=(",", ":")): names at the four levels,
        // the primary key from pk_indicators, foreign keys in the native spelling, SBODemoUS's modules merged.
        assertThat(Files.readString(data.resolve("snails/schema/ATBI.json")))
                .isEqualTo("{\"database\":\"ATBI\","
                        + "\"naturalness_levels\":[\"Native\",\"Regular\",\"Low\",\"Least\"],\"tables\":["
                        + "{\"name\":{\"Native\":\"tbl_Events\",\"Regular\":\"events\",\"Low\":\"tbl_Evts\",\"Least\":\"Ev\"},"
                        + "\"columns\":[{\"name\":{\"Native\":\"Event_ID\",\"Regular\":\"event_id\",\"Low\":\"Evt_ID\","
                        + "\"Least\":\"E_ID\"},\"type\":\"int\"}],\"primary_key\":[\"Event_ID\"]},"
                        + "{\"name\":{\"Native\":\"tbl_Nests\",\"Regular\":\"nests\",\"Low\":\"tbl_Nsts\",\"Least\":\"Ns\"},"
                        + "\"columns\":[{\"name\":{\"Native\":\"Nest_ID\",\"Regular\":\"nest_id\",\"Low\":\"Nst_ID\","
                        + "\"Least\":\"N_ID\"},\"type\":\"int\"},{\"name\":{\"Native\":\"Event_ID\",\"Regular\":\"event_id\","
                        + "\"Low\":\"Evt_ID\",\"Least\":\"E_ID\"},\"type\":\"nvarchar\"}],\"primary_key\":[]}],"
                        + "\"foreign_keys\":[{\"table\":\"tbl_Nests\",\"column\":\"Event_ID\",\"ref_table\":\"tbl_Events\","
                        + "\"ref_column\":\"Event_ID\"}]}");
        assertThat(Files.readString(data.resolve("snails/schema/SBODemoUS.json")))
                .contains("\"modules\":{\"Banking\":[\"CHO1\"],\"Sales Opportunities\":[\"OPR5\"]}}")
                .contains(
                        "\"name\":{\"Native\":\"OPR5\",\"Regular\":\"opportunities\",\"Low\":\"OPR5\",\"Least\":\"O5\"},"
                                + "\"columns\":[],\"primary_key\":[]");
        assertThat(run.out)
                .contains("incomplete: 3 part(s)", "snails: note: " + SnailsPredictions.UNVERIFIED)
                .doesNotContain("snails/predictions/gpt-3.5-turbo.jsonl is not produced")
                .doesNotContain("snails/schema/ is not produced")
                .doesNotContain("snails/nl_sql/ is not produced");
    }

    @Test
    void shouldWriteSnailsQuestionsPerDatabaseWithTheNativeGoldOnlyAndSaySoForEachMissingField() throws Exception {
        String commit = snailsRepo();
        Path data = tmp.resolve("data");

        Run run = run(List.of("fetch", "--data-dir", data.toString(), "--only", "snails"), datasets(commit, "x"));

        assertThat(run.code).as(run.err).isZero();
        assertThat(Checksums.files(data))
                .filteredOn(f -> f.startsWith("snails/nl_sql/"))
                .containsExactly("snails/nl_sql/ATBI.json", "snails/nl_sql/SBODemoUS.json");
        // As json.dumps(questions, indent=1), like the data folder's files: the query trimmed, the tab kept,
        // non-ASCII escaped; no gold_sql, gold_sql_sqlite or hints, which the source does not have.
        assertThat(Files.readString(data.resolve("snails/nl_sql/ATBI.json"))).isEqualTo("""
                [
                 {
                  "id": "ATBI:1",
                  "database": "ATBI",
                  "module": null,
                  "number": 1,
                  "question": "How many nests were recorded?",
                  "gold_sql_native": "select count(*) nestCount  from tbl_Nests"
                 },
                 {
                  "id": "ATBI:2",
                  "database": "ATBI",
                  "module": null,
                  "number": 2,
                  "question": "Which \\"caf\\u00e9\\" events?",
                  "gold_sql_native": "select Event_ID from tbl_Events where Note = 'caf\\u00e9' \\tand Nest_ID > 1"
                 }
                ]""");
        // SBODemoUS' modules are separate db_ids in the source and one file here, with the module named.
        assertThat(Files.readString(data.resolve("snails/nl_sql/SBODemoUS.json")))
                .isEqualTo("""
                [
                 {
                  "id": "SBODemoUS-Sales Opportunities:1",
                  "database": "SBODemoUS",
                  "module": "Sales Opportunities",
                  "number": 1,
                  "question": "Show every opportunity.",
                  "gold_sql_native": "select OPR5 from OPR5"
                 },
                 {
                  "id": "SBODemoUS-Banking:1",
                  "database": "SBODemoUS",
                  "module": "Banking",
                  "number": 1,
                  "question": "Which checks are there?",
                  "gold_sql_native": "select CheckKey from CHO1"
                 }
                ]""");
        assertThat(run.out.lines().filter(l -> l.startsWith("snails: snails/nl_sql/")))
                .containsExactly(
                        "snails: " + SnailsQuestions.NOT_PRODUCED.get(0),
                        "snails: " + SnailsQuestions.NOT_PRODUCED.get(1),
                        "snails: " + SnailsQuestions.NO_HINTS);
        assertThat(SnailsQuestions.NOT_PRODUCED)
                .anyMatch(n -> n.contains("no gold_sql ("))
                .anyMatch(n -> n.contains("no gold_sql_sqlite ("));
    }

    @Test
    void shouldTellAReaderOfThePerLevelGoldThatAFetchedCopyHasNone() throws Exception {
        String commit = snailsRepo();
        Path data = tmp.resolve("data");
        assertThat(run(List.of("fetch", "--data-dir", data.toString(), "--only", "snails"), datasets(commit, "x")).code)
                .isZero();
        JsonNode fetched = new ObjectMapper()
                .readTree(data.resolve("snails/nl_sql/ATBI.json").toFile())
                .get(1);
        JsonNode complete = new ObjectMapper().readTree("""
                {"id": "ATBI:2", "gold_sql": {"Regular": "SELECT [EVENT_ID] FROM [EVENTS]"},
                 "gold_sql_sqlite": {"Native": "select Event_ID from tbl_Events"}}""");

        assertThatThrownBy(() -> SnailsGold.atLevel(fetched, "gold_sql", "Regular"))
                .hasMessageContaining("SNAILS question ATBI:2 has no gold_sql.Regular")
                .hasMessageContaining("./snailbench data fetch")
                .hasMessageContaining("complete copy");
        assertThatThrownBy(() -> SnailsGold.atLevel(complete, "gold_sql_sqlite", "Least"))
                .hasMessageContaining("ATBI:2 has no gold_sql_sqlite.Least");
        assertThat(SnailsGold.atLevel(complete, "gold_sql", "Regular")).isEqualTo("SELECT [EVENT_ID] FROM [EVENTS]");
    }

    @Test
    void shouldCopyHintsOnlyForTheQuestionsThatHaveThem() throws Exception {
        snailsRepo();
        annotations(tmp.resolve("SNAILS"), "NTSB", 4, 5);
        String commit = snailsQuestions("""
                [{"db_id": "NTSB", "number": 4, "query": "select count(*) from events ", "question": "How many events?",
                  "hints": ["the SAS value for speed is 1010.", "PVALUE goes with PCODE."]},
                 {"db_id": "NTSB", "number": 5, "query": "select 1 ", "question": "One?", "hints": null}]""");
        Path data = tmp.resolve("data");

        Run run = run(List.of("fetch", "--data-dir", data.toString(), "--only", "snails"), datasets(commit, "x"));

        assertThat(run.code).as(run.err).isZero();
        assertThat(Files.readString(data.resolve("snails/nl_sql/NTSB.json")))
                .contains("""
                  "question": "How many events?",
                  "hints": [
                   "the SAS value for speed is 1010.",
                   "PVALUE goes with PCODE."
                  ],
                  "gold_sql_native": "select count(*) from events"
                """)
                .contains("""
                  "question": "One?",
                  "gold_sql_native": "select 1"
                """);
        assertThat(run.out).doesNotContain(SnailsQuestions.NO_HINTS).contains(SnailsQuestions.NOT_PRODUCED.get(0));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            [{"db_id": "ATBI", "number": 1, "query": "select 1 " | is not valid JSON
            {"db_id": "ATBI", "number": 1, "query": "select 1 ", "question": "One?"} | is not a non-empty JSON array
            [{"db_id": "ATBI", "number": 1, "query": "select 1 "}] | entry 0 has no text "question" (db_id ATBI)
            [{"db_id": "ATBI", "number": "one", "query": "select 1 ", "question": "One?"}] | entry 0 has no positive integer "number"
            [{"db_id": "ATBI", "number": 1, "query": "select 1 ", "question": "One?"}, {"db_id": "ATBI", "number": 1, "query": "select 2 ", "question": "Two?"}] | entry 1: ATBI:1 occurs twice
            [{"db_id": "../ATBI", "number": 1, "query": "select 1 ", "question": "One?"}] | db_id "../ATBI" is not a database name
            [{"db_id": "NTSB", "number": 1, "query": "select 1 ", "question": "One?", "hints": "speed"}] | "hints" is not a list of strings
            """)
    void shouldRefuseMalformedQuestionPairsNamingTheFileAndLeaveTheDataDirectoryUntouched(String pairs, String reason)
            throws Exception {
        snailsRepo();
        String commit = snailsQuestions(pairs);
        assertRefusedInOneLineLeavingTheDataDirectoryUntouched(
                commit, "snails/nl_sql/ATBI.json", SnailsQuestions.FILE, reason);
    }

    /** Fetches SNAILS at {@code commit} into a data directory holding {@code existing}: refused, nothing changed. */
    private void assertRefusedInOneLineLeavingTheDataDirectoryUntouched(
            String commit, String existing, String file, String reason) throws Exception {
        Path data = Files.createDirectories(tmp.resolve("data"));
        write(data.resolve(existing), "existing copy");
        Map<String, String> before = snapshot(data);

        Run run = run(List.of("fetch", "--data-dir", data.toString(), "--only", "snails"), datasets(commit, "x"));

        assertThat(run.code).isEqualTo(1);
        assertThat(run.err.strip().lines()).hasSize(1);
        assertThat(run.err)
                .contains(
                        "cannot convert snails from KyleLuoma/SNAILS at " + commit,
                        file,
                        reason,
                        "nothing was changed in " + data);
        assertThat(snapshot(data)).isEqualTo(before);
    }

    @Test
    void shouldWriteGpt35AnswersFromTheAnnotationWorkbooksAsTheDataFolderHasThem() throws Exception {
        snailsRepo();
        String tricky = "SELECT \"Nest ID\", Note\nFROM Ns\nWHERE Note = 'caf\u00e9 & <b>' AND x = '_x000D_'   ";
        String commit = snailsChange(repo -> {
            // The reviewed ATBI workbook at Least: texts in formatted runs, rows out of order, a number stored as 1.0,
            // the answer
            // against the level's names differing from the one mapped back to native names.
            AnnotationWorkbook.write(
                    annotationFile(repo, "ATBI", "N3", "05-09-2024"),
                    List.of(
                            AnnotationWorkbook.row(2, tricky, "N3"),
                            numberAsDecimal(AnnotationWorkbook.row(1, "SELECT 1", "N3"))),
                    AnnotationWorkbook.Strings.RICH_TEXT_RUNS);
            AnnotationWorkbook.write(
                    annotationFile(repo, "SBODemoUS-Banking", "N1", "05-09-2024"),
                    List.of(AnnotationWorkbook.row(1, "SELECT check_key FROM checks", "N1")),
                    AnnotationWorkbook.Strings.INLINE);
            // Not read: another level (N4), another model, Excel's lock file, Spider's query sets, the pending folder.
            Path dir = repo.resolve(SnailsPredictions.DIR);
            for (String other : List.of(
                    "ATBI-N4-N4-gpt-3.5-turbo-evaluation-05-08-2024.xlsx",
                    "ATBI-N1-N1-gpt-4o-evaluation-09-26-2024.xlsx",
                    "~$ATBI-N1-N1-gpt-3.5-turbo-evaluation-05-09-2024.xlsx",
                    "spider-concert_singer-N1-N1-gpt-3.5-turbo-evaluation-05-09-2024.xlsx",
                    "pending_evaluation/ATBI-N1-N1-gpt-3.5-turbo-evaluation-05-09-2024.xlsx")) {
                write(dir.resolve(other), "not a workbook");
            }
        });
        Path data = tmp.resolve("data");

        Run run = run(List.of("fetch", "--data-dir", data.toString(), "--only", "snails"), datasets(commit, "x"));

        assertThat(run.code).as(run.err).isZero();
        List<String> lines = Files.readAllLines(data.resolve("snails/predictions/gpt-3.5-turbo.jsonl"));
        // As json.dumps(row) per line, the data folder's order: database, number, level name, id.
        assertThat(lines)
                .hasSize(16)
                .startsWith(
                        "{\"id\": \"ATBI:1\", \"database\": \"ATBI\", \"number\": 1, \"level\": \"Least\", "
                                + "\"schemaPruning\": false, \"predictedSql\": \"SELECT 1\"}",
                        "{\"id\": \"ATBI:1\", \"database\": \"ATBI\", \"number\": 1, \"level\": \"Low\", "
                                + "\"schemaPruning\": false, \"predictedSql\": \"SELECT N2_1 FROM ATBI\"}");
        // The text exactly as the model wrote it: quotes, line breaks, trailing spaces, non-ASCII escaped.
        assertThat(lines.get(4))
                .isEqualTo("{\"id\": \"ATBI:2\", \"database\": \"ATBI\", \"number\": 2, "
                        + "\"level\": \"Least\", \"schemaPruning\": false, \"predictedSql\": \"SELECT \\\"Nest ID\\\", "
                        + "Note\\nFROM Ns\\nWHERE Note = 'caf\\u00e9 & <b>' AND x = '_x000D_'   \"}");
        ObjectMapper json = new ObjectMapper();
        List<String> order = new ArrayList<>();
        for (String line : lines) {
            JsonNode row = json.readTree(line);
            order.add(row.get("id").asText() + " " + row.get("level").asText());
        }
        assertThat(order.subList(8, 16))
                .containsExactly(
                        "SBODemoUS-Banking:1 Least",
                        "SBODemoUS-Sales Opportunities:1 Least",
                        "SBODemoUS-Banking:1 Low",
                        "SBODemoUS-Sales Opportunities:1 Low",
                        "SBODemoUS-Banking:1 Native",
                        "SBODemoUS-Sales Opportunities:1 Native",
                        "SBODemoUS-Banking:1 Regular",
                        "SBODemoUS-Sales Opportunities:1 Regular");
        // SBODemoUS' modules: the id keeps the module (the nl_sql id), the database is SBODemoUS.
        assertThat(json.readTree(lines.get(14)))
                .isEqualTo(json.readTree("{\"id\": \"SBODemoUS-Banking:1\", "
                        + "\"database\": \"SBODemoUS\", \"number\": 1, \"level\": \"Regular\", \"schemaPruning\": false, "
                        + "\"predictedSql\": \"SELECT check_key FROM checks\"}"));
        assertThat(Files.readString(data.resolve(Checksums.FILE)))
                .contains(Checksums.sha256(data.resolve("snails/predictions/gpt-3.5-turbo.jsonl"))
                        + "  snails/predictions/gpt-3.5-turbo.jsonl");
        assertThat(run.out).contains("snails: note: " + SnailsPredictions.UNVERIFIED);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            not a zip        | ATBI-N1-N1-gpt-3.5-turbo-evaluation-05-09-2024.xlsx is not an .xlsx workbook
            no answer column | ATBI-N1-N1-gpt-3.5-turbo-evaluation-05-09-2024.xlsx has no column query_predicted_on_naturalized_schema
            empty answer     | ATBI-N1-N1-gpt-3.5-turbo-evaluation-05-09-2024.xlsx row 3 has no query_predicted_on_naturalized_schema
            bad number       | ATBI-N1-N1-gpt-3.5-turbo-evaluation-05-09-2024.xlsx row 2 has no question number (number: two)
            other level      | ATBI-N1-N1-gpt-3.5-turbo-evaluation-05-09-2024.xlsx row 2 has col_naturalness_modifier N2, not the N1
            unknown question | ATBI-N1-N1-gpt-3.5-turbo-evaluation-05-09-2024.xlsx row 3 answers ATBI:7, which is not a question
            missing workbook | has no ATBI-N1-N1-gpt-3.5-turbo-evaluation-<date>.xlsx (gpt-3.5-turbo's answers for ATBI at Regular)
            repeated row     | ATBI-N1-N1-gpt-3.5-turbo-evaluation-05-09-2024.xlsx answers ATBI:1 twice
            missing row      | has no gpt-3.5-turbo answer for 1 question(s) and level(s), e.g. ATBI:2 at Regular
            two workbooks    | has two gpt-3.5-turbo workbooks for ATBI at N1 (ATBI-N1-N1-gpt-3.5-turbo-evaluation-05-09-2024.xlsx and ATBI-N1-N1-gpt-3.5-turbo-evaluation-05-09-2024_1.xlsx)
            """)
    void shouldRefuseAnAnnotationWorkbookItCannotReadFaithfullyAndLeaveTheDataDirectoryUntouched(
            String defect, String reason) throws Exception {
        snailsRepo();
        String commit = snailsChange(repo -> {
            Path atbiRegular = annotationFile(repo, "ATBI", "N1", "05-09-2024");
            List<List<Object>> rows = new ArrayList<>(
                    List.of(AnnotationWorkbook.row(1, "SELECT 1", "N1"), AnnotationWorkbook.row(2, "SELECT 2", "N1")));
            switch (defect) {
                case "not a zip" -> write(atbiRegular, "number,query_predicted_on_naturalized_schema\n1,SELECT 1\n");
                case "no answer column" ->
                    AnnotationWorkbook.writeRaw(
                            atbiRegular,
                            List.of(List.of("number", "query_predicted"), List.of(1, "SELECT 1")),
                            AnnotationWorkbook.Strings.SHARED);
                case "empty answer" -> rows.get(1).set(5, null);
                case "bad number" -> rows.get(0).set(1, "two");
                case "other level" -> rows.get(0).set(6, "N2");
                case "unknown question" -> rows.get(1).set(1, 7);
                case "missing workbook" -> Files.delete(atbiRegular);
                case "repeated row" -> rows.get(1).set(1, 1);
                case "missing row" -> rows.remove(1);
                case "two workbooks" ->
                    AnnotationWorkbook.write(
                            annotationFile(repo, "ATBI", "N1", "05-09-2024_1"),
                            rows,
                            AnnotationWorkbook.Strings.SHARED);
                default -> throw new IllegalArgumentException(defect);
            }
            if (Files.exists(atbiRegular)
                    && !List.of("not a zip", "no answer column").contains(defect)) {
                AnnotationWorkbook.write(atbiRegular, rows, AnnotationWorkbook.Strings.SHARED);
            }
        });
        assertRefusedInOneLineLeavingTheDataDirectoryUntouched(
                commit, "snails/predictions/gpt-3.5-turbo.jsonl", SnailsPredictions.DIR, reason);
    }

    /** The row with its question number stored as a decimal ({@code 1.0}), as some writers store integers. */
    private static List<Object> numberAsDecimal(List<Object> row) {
        row.set(1, ((Integer) row.get(1)).doubleValue());
        return row;
    }

    @Test
    void shouldReportACorruptedFileOnVerify() throws Exception {
        String commit = footballDbRepo();
        Path data = tmp.resolve("data");
        assertThat(run(List.of("fetch", "--data-dir", data.toString(), "--only", "footballdb"), datasets("x", commit))
                        .code)
                .isZero();

        Files.writeString(data.resolve("footballdb/v2/db/club.sql"), "-- edited\n", StandardOpenOption.APPEND);
        Files.delete(data.resolve("footballdb/v3/dev.json"));
        Run verify = run(List.of("verify", "--data-dir", data.toString()), List.of());

        assertThat(verify.code).isEqualTo(1);
        assertThat(verify.out)
                .contains("corrupted: footballdb/v2/db/club.sql", "missing: footballdb/v3/dev.json")
                .doesNotContain("corrupted: footballdb/v1/db/club.sql");
        assertThat(verify.err).contains("2 of 12 files");
    }

    @Test
    void shouldFailWithOneLineNamingTheRepositoryAndLeaveTheDataDirectoryUntouched() throws Exception {
        String snails = snailsRepo();
        Path data = Files.createDirectories(tmp.resolve("data"));
        write(data.resolve("footballdb/v1/dev.json"), "existing copy");
        Map<String, String> before = snapshot(data);
        List<Dataset> sources = new ArrayList<>(datasets(snails, "877f3b63e0f3b2ff21bec5370a26a221ddbf8dd3"));
        sources.replaceAll(d -> d.name().equals("footballdb")
                ? d.at(tmp.resolve("no-such-repository").toUri().toString(), d.commit())
                : d);

        // SNAILS converts first; FootballDB's repository cannot be reached: nothing may be moved into place.
        Run run = run(List.of("fetch", "--data-dir", data.toString()), sources);

        assertThat(run.code).isEqualTo(1);
        assertThat(run.err.strip().lines()).hasSize(1);
        assertThat(run.err)
                .contains(
                        "cannot fetch footballdb from "
                                + tmp.resolve("no-such-repository").toUri(),
                        "jf87/FootballDB",
                        "Offline?",
                        "SNAILBENCH_DATA_DIR",
                        "--data-dir");
        assertThat(snapshot(data)).isEqualTo(before);
    }

    @Test
    void shouldResolveAnAbbreviatedPinLikeTheDataReadmeGives() throws Exception {
        // SNAILS and QATCH are pinned by 8 hex digits: those need the history to resolve, not a fetch by id.
        String commit = snailsRepo();
        Path data = tmp.resolve("data");

        Run run = run(
                List.of("fetch", "--data-dir", data.toString(), "--only", "snails"),
                datasets(commit.substring(0, 8), "x"));

        assertThat(run.code).as(run.err).isZero();
        assertThat(run.out).contains("converted from KyleLuoma/SNAILS " + commit);
        assertThat(data.resolve("snails/naturalness/validation.csv")).exists();
    }

    @Test
    void shouldRefuseACommitThatIsNotThePinnedOne() throws Exception {
        snailsRepo();
        Path data = tmp.resolve("fresh");

        Run run = run(
                List.of("fetch", "--data-dir", data.toString(), "--only", "snails"),
                datasets("0123456789abcdef0123456789abcdef01234567", "x"));

        assertThat(run.code).isEqualTo(1);
        assertThat(run.err)
                .contains(
                        "cannot fetch snails",
                        "KyleLuoma/SNAILS",
                        "is not in the repository",
                        "SNAILBENCH_DATA_SNAILS_COMMIT")
                .doesNotContain("Offline?");
        assertThat(data)
                .as("a data directory the failed fetch created is removed")
                .doesNotExist();
    }

    // --- helpers --------------------------------------------------------------------------------------------

    private record Run(int code, String out, String err) {}

    private interface RepoChange {
        void apply(Path repo) throws Exception;
    }

    private Run run(List<String> args, List<Dataset> datasets) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = DataCommand.run(
                tmp,
                args,
                datasets,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Map<String, String> snapshot(Path dir) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.toList()) {
                files.put(dir.relativize(p).toString(), Files.isRegularFile(p) ? Files.readString(p) : "<dir>");
            }
        }
        return files;
    }

    private static void write(Path file, String content) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, content, StandardCharsets.UTF_8);
    }

    private static String commitAll(Path repo) throws Exception {
        git(repo, "init", "-q");
        git(repo, "add", "-A");
        git(
                repo,
                "-c",
                "user.name=fixture",
                "-c",
                "user.email=fixture@example.invalid",
                "commit",
                "-q",
                "-m",
                "fixture");
        return git(repo, "rev-parse", "HEAD").strip();
    }

    private static String git(Path dir, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(output).isZero();
        return output;
    }
}
