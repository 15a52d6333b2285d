package dev.snailbench.executor.service.synthetic;

import dev.snailbench.executor.service.TeamSession;
import dev.snailbench.executor.service.TextTables;
import dev.snailbench.model.domain.QatchSuite.TextTable;
import dev.snailbench.model.domain.SyntheticSuite;
import dev.snailbench.model.domain.SyntheticSuite.Counts;
import dev.snailbench.model.domain.SyntheticSuite.Frame;
import dev.snailbench.model.domain.SyntheticSuite.Options;
import dev.snailbench.model.domain.SyntheticSuite.Pair;
import dev.snailbench.model.domain.SyntheticSuite.Template;
import dev.snailbench.sql.SqlParseException;
import dev.snailbench.sql.SqlParser;
import dev.snailbench.sql.analysis.Characteristics;
import dev.snailbench.sql.template.SeedReadings;
import dev.snailbench.sql.template.SeedTemplate;
import dev.snailbench.sql.template.SeedTemplate.Slot;
import dev.snailbench.sql.template.SeedTemplates;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.Select;

/**
 * ScienceBenchmark's SQL side on a team's database: seeds → templates (typed slots, deduplicated), each seed run
 * and screened first ({@link SeedScreen}: one that fails the gold screening, does not answer its question or does
 * not mean what it asks is flagged and not multiplied), the slots filled from the data ({@link SlotFiller}), each
 * filled query checked ({@link CandidateChecks}) and run with a timeout, and only those that run, return rows of the
 * seed's shape, and differ from the seeds and from each other (by SQL and, per template, by result) are kept. A seed
 * that lists who or which, or lists names without asking for one row per event, is given {@code DISTINCT} first
 * ({@link SeedReadings#setOfNames}), and one that counts
 * each event once per row the data tells it in counts the events ({@link SeedScreen#countOnce}). Every
 * refusal is counted per check ({@link Tally}). Templates are filled in strata (grouped, aggregated, plain) up to
 * the seeds' share of each first ({@link Strata}: GROUP BY's among the seeds that run on the database). Blocking;
 * deterministic for a seed and a database state: the data is sampled by a hash of the rows, not as the plan returns
 * them, and a query that times out is run once more with a longer limit before it is refused (a loaded server's late
 * answer does not move the draw on; {@link SchemaData#query}).
 */
public final class SyntheticSqlGenerator {

    private static final int ATTEMPTS_PER_PAIR = 4;

    private final Options options;
    private final Tally tally = new Tally();
    private final SchemaData data;
    private final SlotFiller filler;
    private final long deadline;
    private final Set<String> seedSql = new HashSet<>();
    private final Map<Stratum, Integer> seedStrata = new EnumMap<>(Stratum.class);
    private final Map<Stratum, Integer> runningStrata = new EnumMap<>(Stratum.class);
    private final SqlParser parser;
    private final CandidateChecks checks;

    private int unparsed;
    private int withoutSlots;
    private int unknownTables;
    private int failingSeeds;
    private int candidates;
    private int failed;
    private int timedOut;
    private int empty;
    private int tooLarge;
    private int duplicateSql;
    private int duplicateResult;
    private int sameAsSeed;

    private SyntheticSqlGenerator(TeamSession session, SqlParser parser, Options options) {
        this.options = options;
        this.parser = parser;
        this.data = new SchemaData(session, Duration.ofSeconds(Math.max(1, options.queryTimeoutSeconds())), tally);
        this.filler = new SlotFiller(data, new Random(options.seed()), tally);
        this.checks = new CandidateChecks(data, parser, tally);
        this.deadline = System.nanoTime() + options.timeBudgetSeconds() * 1_000_000_000L;
    }

    /**
     * Reads {@code schema} through the team session and generates the pairs; every seed and candidate passes the
     * session's guard and runs in a transaction of its own (a failed one aborts nothing the next one needs).
     */
    public static SyntheticSuite generate(TeamSession session, String schema, SqlParser parser, Options options)
            throws SQLException {
        SyntheticSqlGenerator g = new SyntheticSqlGenerator(session, parser, options);
        Map<String, Set<String>> columnsByTable = g.data.read(schema);
        return g.fill(g.templates(columnsByTable));
    }

    private List<Group> templates(Map<String, Set<String>> columnsByTable) {
        Map<String, Group> byText = new LinkedHashMap<>();
        SeedScreen screen = new SeedScreen(data, parser, checks, options.maxResultRows(), columnsByTable);
        List<SyntheticSuite.Seed> seeds = options.seeds();
        for (int i = 0; i < seeds.size(); i++) {
            SyntheticSuite.Seed seed = seeds.get(i);
            SeedTemplate template;
            String printed;
            Stratum stratum;
            try {
                Statement parsed = parser.parse(seed.sql(), data.dialect);
                // Every seed as the parser prints it: a filled query equal to any of them is no new pair.
                seedSql.add(normalize(parsed.toString()));
                filler.seedNames(parsed.toString());
                if (SeedReadings.setOfNames(seed.question(), parsed, screen.types())) {
                    // "Which/who …", "Give me all players …" name each once: a join that repeats a name would repeat
                    // it in every pair.
                    SeedReadings.distinct(parsed);
                    tally.refuse(Tally.DISTINCT_ADDED);
                }
                String once = screen.countOnce(parsed.toString());
                if (once != null) {
                    // "How many games at the stadium" counted once per side: the seed counts the games instead.
                    parsed = parser.parse(once, data.dialect);
                    tally.refuse(Tally.ROWS_PER_KEY);
                }
                printed = parsed.toString();
                seedSql.add(normalize(printed));
                stratum = parsed instanceof Select ? Stratum.of(Characteristics.of(parsed)) : Stratum.PLAIN;
                seedStrata.merge(stratum, 1, Integer::sum);
                template = SeedTemplates.of(parsed, seed.question(), columnsByTable);
            } catch (SqlParseException e) {
                unparsed++;
                tally.refuseSeed(i, "not a parseable " + data.dialect.displayName() + " query: " + e.reason());
                continue;
            }
            if (template.slots().isEmpty()) {
                withoutSlots++;
                if (screen.runs(printed)) {
                    runningStrata.merge(stratum, 1, Integer::sum);
                }
                tally.refuseSeed(
                        i,
                        "nothing in it to vary (no value, measure, projection, aggregate or grouping a "
                                + "template can change)");
                continue;
            }
            List<String> unknown = template.slots().stream()
                    .map(Slot::table)
                    .filter(t -> !data.hasTable(t))
                    .distinct()
                    .toList();
            if (!unknown.isEmpty()) {
                unknownTables++;
                tally.refuseSeed(i, "names tables the schema does not have: " + String.join(", ", unknown));
                continue;
            }
            SeedScreen.Verdict verdict = screen.screen(seed.question(), printed);
            if (verdict.failure() != null) {
                failingSeeds++;
                tally.note("seed " + printed + " -- " + verdict.failure());
                tally.refuseSeed(i, "fails on the database: " + verdict.failure());
                continue;
            }
            runningStrata.merge(stratum, 1, Integer::sum);
            if (verdict.check() != null) {
                tally.refuse(verdict.check());
                tally.refuseSeed(i, verdict.why());
                continue;
            }
            Group group = byText.computeIfAbsent(template.text(), text -> {
                Group g = new Group("t" + (byText.size() + 1), template, new ArrayList<>(), printed, stratum);
                g.seedResult = verdict.result() == null ? "" : fingerprint(verdict.result());
                g.seedRows =
                        verdict.result() == null ? -1 : verdict.result().rows().size();
                g.seedDistinctRows = verdict.result() == null ? -1 : CandidateChecks.distinctRows(verdict.result());
                return g;
            });
            group.frames.add(new Frame(
                    i,
                    seed.question(),
                    template.slots().stream().map(Slot::spoken).toList()));
        }
        return new ArrayList<>(byText.values());
    }

    private SyntheticSuite fill(List<Group> groups) {
        List<Pair> pairs = new ArrayList<>();
        Set<String> seenSql = new HashSet<>();
        Map<String, Set<String>> seenResults = new HashMap<>();
        Map<String, Integer> made = new HashMap<>();
        boolean budgetReached = false;
        int maxAttempts = 3 * options.maxPerTemplate() * ATTEMPTS_PER_PAIR;
        Map<Stratum, Integer> quota = Strata.quotas(seedStrata, runningStrata, options.target());
        Map<Stratum, Integer> filledPerStratum = new EnumMap<>(Stratum.class);
        Map<Stratum, Integer> templatesPerStratum = new EnumMap<>(Stratum.class);
        groups.forEach(g -> templatesPerStratum.merge(g.stratum, 1, Integer::sum));
        List<Stratum> strata = new ArrayList<>();
        // Pass 0 fills each stratum up to the seeds' share of it (grouped templates up to Strata.stretch); pass 1 lets
        // the productive templates of a stratum below its share make up what its others could not (Strata.stretch),
        // and aggregated templates what GROUP BY could not; pass 2 fills the rest of the target from any.
        passes:
        for (int pass = 0; pass < 3; pass++) {
            // Round robin over the templates: a few prolific templates cannot take the whole target.
            for (int attempt = 0; attempt < maxAttempts; attempt++) {
                boolean progress = false;
                for (Group g : groups) {
                    if (pairs.size() >= options.target()) {
                        break passes;
                    }
                    if (System.nanoTime() > deadline) {
                        budgetReached = true;
                        break passes;
                    }
                    int cap = Strata.cap(g.stratum, quota, templatesPerStratum, options.maxPerTemplate());
                    cap = Math.max(cap, Strata.stretch(g.stratum, pass, options.maxPerTemplate()));
                    if (made.getOrDefault(g.id, 0) >= cap
                            || pass < 2 && Strata.full(g.stratum, quota, filledPerStratum, pass == 1)) {
                        continue;
                    }
                    progress = true;
                    SlotFiller.Filled filled = filler.fill(g);
                    if (filled == null) {
                        continue;
                    }
                    String normalized = normalize(filled.sql());
                    if (seedSql.contains(normalized)) {
                        sameAsSeed++;
                        tally.refuse(Tally.EMPTY_CHANGE);
                        continue;
                    }
                    if (!seenSql.add(normalized)) {
                        duplicateSql++;
                        continue;
                    }
                    if (!checks.meaningful(g.template, filled)) {
                        continue;
                    }
                    candidates++;
                    TextTable result = run(filled.sql());
                    if (result == null || !checks.sameShape(g, filled.sql(), result)) {
                        continue;
                    }
                    // One cell (a count, a name) is often the same for two different questions ("3 wins" for two
                    // teams): only a larger result tells that a filling asks the same thing as another or as the seed.
                    boolean oneCell =
                            result.rows().size() == 1 && result.columns().size() == 1;
                    String fingerprint = fingerprint(result);
                    if (!oneCell && fingerprint.equals(g.seedResult)) {
                        tally.refuse(Tally.EMPTY_CHANGE);
                        continue;
                    }
                    if (!oneCell
                            && !seenResults
                                    .computeIfAbsent(g.id, k -> new HashSet<>())
                                    .add(fingerprint)) {
                        duplicateResult++;
                        continue;
                    }
                    made.merge(g.id, 1, Integer::sum);
                    filledPerStratum.merge(g.stratum, 1, Integer::sum);
                    pairs.add(new Pair("syn-" + (pairs.size() + 1), g.id, filled.sql(), filled.spoken(), result));
                    strata.add(g.stratum);
                }
                if (!progress) {
                    break;
                }
            }
        }
        List<Template> templates = groups.stream()
                .map(g -> new Template(
                        g.id,
                        g.template.text(),
                        g.template.slots().stream().map(s -> s.kind().name()).toList(),
                        List.copyOf(g.frames)))
                .toList();
        Counts counts = new Counts(
                options.seeds().size(),
                unparsed,
                withoutSlots,
                unknownTables,
                failingSeeds,
                groups.size(),
                candidates,
                failed,
                timedOut,
                empty,
                tooLarge,
                duplicateSql,
                duplicateResult,
                sameAsSeed,
                0,
                budgetReached,
                List.copyOf(tally.failures),
                Map.copyOf(tally.refused),
                List.copyOf(tally.seedRefusals));
        return new SyntheticSuite(templates, Strata.interleave(pairs, strata), counts);
    }

    /**
     * Runs a candidate; null (and counted) when it fails, times out (given once more a longer limit,
     * {@link SchemaData#query}), returns nothing or too much.
     */
    private TextTable run(String sql) {
        try {
            TextTable result =
                    data.query(sql, options.maxResultRows() + 1, rs -> TextTables.read(rs, options.maxResultRows()));
            if (result == null) {
                tooLarge++;
            } else if (result.rows().isEmpty()) {
                empty++;
                return null;
            }
            return result;
        } catch (SQLException e) {
            if (SchemaData.timedOut(e)) {
                timedOut++;
            } else {
                failed++;
                tally.note(sql + " -- " + e.getMessage());
            }
            return null;
        }
    }

    /** The same query whatever its spacing and letter case: for deduplication. */
    static String normalize(String sql) {
        return sql.trim().replaceAll("\\s+", " ").replaceAll(";$", "").toLowerCase(Locale.ROOT);
    }

    /** The result as a bag of rows (order ignored): two queries with the same rows ask the same thing. */
    private static String fingerprint(TextTable result) {
        List<String> rows = new ArrayList<>(result.rows().size());
        result.rows()
                .forEach(r -> rows.add(
                        String.join("\u0001", r.stream().map(String::valueOf).toList())));
        Collections.sort(rows);
        return String.join("\u0002", rows);
    }
}
