package dev.snailbench.sql.template;

import dev.snailbench.sql.IdentifierWords;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a column swapped into a seed question still reads there. A swap is written into the question where the
 * seed said the old column ("In which <b>year</b> was the world cup held?"); the words just before that place (the
 * frame) ask for a kind of thing, and a column of another kind makes a sentence nobody would write ("In which
 * matches played was the world cup held?"). The check reads the frame only: what the frame does not constrain
 * ("the … of", "show me the …") takes any column the type rules already allowed.
 */
public final class FrameCheck {

    /** What a column names, read from its words and whether it holds numbers. */
    public enum Role {
        /** A point or span in time: year, date, season, minute. */
        TIME,
        /** A place: city, country, stadium. */
        PLACE,
        /** A number that counts or measures: goals, attendance, matches played. */
        QUANTITY,
        /** Anything else: a name, a label, a code. */
        LABEL
    }

    private static final Set<String> TIME = Set.of(
            "year",
            "years",
            "date",
            "season",
            "month",
            "day",
            "time",
            "minute",
            "hour",
            "period",
            "edition",
            "era",
            "decade",
            "century",
            "birthday",
            "birth",
            "yr");
    private static final Set<String> PLACE = Set.of(
            "city",
            "country",
            "continent",
            "stadium",
            "venue",
            "location",
            "place",
            "region",
            "town",
            "state",
            "address",
            "host",
            "nation",
            "ground",
            "arena",
            "area");
    /** "in which", "at what", "during which" … : a frame that asks when or where. */
    private static final Pattern WHEN_WHERE =
            Pattern.compile("(?:\\b(?:in|at|on|during|from|since|until|till|before|after)\\s+(?:which|what|whose)\\s+"
                    + "(?:\\w+\\s+){0,1})$");
    /** A name said right after the column's words ("the country name", "the stadium names"). */
    private static final Pattern NAMED = Pattern.compile("^\\s+(names?)\\b");
    /** Words of a column that is a name or label itself. */
    private static final Set<String> NAME_WORDS = Set.of("name", "names", "initials", "code", "label", "title");
    /** A relative clause on the column's words: "the year where …", "the stadium where …", "the date when …". */
    private static final Pattern RELATIVE = Pattern.compile("^\\s*,?\\s*(where|when)\\b");
    /** "how many": a frame that asks for a count of things (a plural noun follows). */
    private static final Pattern HOW_MANY = Pattern.compile("\\bhow\\s+many\\s+$");
    /** "how much", "the total", "the average", "the highest" …: a frame that asks for an amount. */
    private static final Pattern AMOUNT = Pattern.compile(
            "\\b(?:how\\s+much|total|average|mean|sum\\s+of(?:\\s+the|"
                    + "\\s+all)?|highest|lowest|maximum|minimum|largest|smallest|biggest|most|fewest|least|more|less|fewer)\\s+$");

    private FrameCheck() {}

    /** The role of a column from its name and whether its type is numeric. */
    public static Role role(String column, boolean numeric) {
        List<String> tokens = IdentifierWords.of(column).tokens().stream()
                .map(t -> t.toLowerCase(Locale.ROOT))
                .toList();
        if (tokens.stream().anyMatch(TIME::contains)) {
            return Role.TIME;
        }
        if (tokens.stream().anyMatch(PLACE::contains)) {
            return Role.PLACE;
        }
        return numeric ? Role.QUANTITY : Role.LABEL;
    }

    /**
     * Why {@code column} does not fit where {@code question} says {@code spoken} (the old column's words), or null
     * when it fits or the frame asks for nothing in particular. {@code spoken} not in the question: null (nothing
     * to judge; the question writer refuses such a frame on its own).
     */
    public static String misfit(String question, String spoken, String column, boolean numeric) {
        String before = before(question, spoken);
        if (before == null) {
            return null;
        }
        Role role = role(column, numeric);
        String words = SeedTemplates.words(column);
        Matcher when = WHEN_WHERE.matcher(before);
        if (when.find() && role != Role.TIME && role != Role.PLACE) {
            return "\"" + when.group().trim() + " " + words + "\": the frame asks when or where, " + words + " is a "
                    + role.name().toLowerCase(Locale.ROOT);
        }
        Matcher many = HOW_MANY.matcher(before);
        if (many.find() && (role != Role.QUANTITY || !plural(column))) {
            return "\"how many " + words + "\": the frame asks for a count of things";
        }
        Matcher amount = AMOUNT.matcher(before);
        if (amount.find() && role != Role.QUANTITY) {
            return "\"" + amount.group().trim() + " " + words + "\": the frame asks for an amount, " + words + " is a "
                    + role.name().toLowerCase(Locale.ROOT);
        }
        String after = after(question, spoken);
        Matcher named = NAMED.matcher(after);
        if (named.find()) {
            // "the country name": the word after belongs to the old column, and a time, an amount or a column
            // that is itself a name has none ("the found year name", "the club name name").
            String last = words.substring(words.lastIndexOf(' ') + 1);
            if (role == Role.TIME || role == Role.QUANTITY || NAME_WORDS.contains(last)) {
                return "\"" + words + " " + named.group(1) + "\": the frame names a thing the new column is not";
            }
            after = after.substring(named.end());
        }
        Matcher relative = RELATIVE.matcher(after);
        if (relative.find()) {
            // "the year where Germany scored the most goals": a circumstance, a time or a place.
            boolean asksWhen = relative.group(1).equals("when");
            if (asksWhen ? role != Role.TIME : role != Role.TIME && role != Role.PLACE) {
                return "\"" + words + " " + relative.group(1) + " …\": the frame asks "
                        + (asksWhen ? "when" : "where or when") + ", " + words + " is a "
                        + role.name().toLowerCase(Locale.ROOT);
            }
        }
        return null;
    }

    /** The question's text after the first whole-word mention of {@code spoken}, lower case ("" if absent). */
    private static String after(String question, String spoken) {
        String lower = question.toLowerCase(Locale.ROOT);
        Matcher m = Pattern.compile(
                        "(?<![\\p{L}\\p{N}_])" + Pattern.quote(spoken.toLowerCase(Locale.ROOT)) + "(?![\\p{L}\\p{N}_])")
                .matcher(lower);
        return m.find() ? lower.substring(m.end()) : "";
    }

    /**
     * Why {@code function} does not fit where {@code question} says the seed's aggregate word {@code spoken}, or
     * null: "in average", "on average", "in total" say an amount spread or summed, and read as nothing with the
     * word of a maximum or a minimum ("score in highest").
     */
    public static String aggregateMisfit(String question, String spoken, String function) {
        if (question == null || spoken == null || !Set.of("max", "min").contains(function.toLowerCase(Locale.ROOT))) {
            return null;
        }
        Matcher idiom = Pattern.compile(
                        "(?<![\\p{L}])(?:in|on)\\s+" + Pattern.quote(spoken.toLowerCase(Locale.ROOT)) + "(?![\\p{L}])")
                .matcher(question.toLowerCase(Locale.ROOT));
        return idiom.find() ? "\"" + idiom.group() + "\": the frame says an amount spread or summed" : null;
    }

    /** Whether the column's words name things one counts: a plural noun among them ("goals", "matches played"). */
    static boolean plural(String column) {
        return IdentifierWords.of(column).tokens().stream()
                .map(t -> t.toLowerCase(Locale.ROOT))
                .anyMatch(t -> t.length() > 3 && t.endsWith("s") && !t.endsWith("ss") && !t.endsWith("us")
                        || t.equals("number")
                        || t.equals("count")
                        || t.equals("people")
                        || t.equals("children"));
    }

    /** The question's text before the first whole-word mention of {@code spoken}, lower case; null if absent. */
    private static String before(String question, String spoken) {
        if (question == null || spoken == null || spoken.isBlank()) {
            return null;
        }
        String lower = question.toLowerCase(Locale.ROOT);
        Matcher m = Pattern.compile(
                        "(?<![\\p{L}\\p{N}_])" + Pattern.quote(spoken.toLowerCase(Locale.ROOT)) + "(?![\\p{L}\\p{N}_])")
                .matcher(lower);
        return m.find() ? lower.substring(0, m.start()) : null;
    }
}
