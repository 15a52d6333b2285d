package dev.snailbench.workbench.synthetic;

import dev.snailbench.model.domain.SyntheticSuite;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The offline question writer: each seed question of the pair's template (a frame) with the seed's values and
 * column words replaced by the pair's. No model: a template's slots are only what its seed questions say out loud,
 * so the substitution always has a place to go; several seeds sharing a template give several phrasings. A
 * rewritten frame that still says a word of the seed's column where the column was swapped ("Which team … ?
 * Return the coach name") asks about the old column and is refused ({@link QuestionFit}).
 */
public final class FrameQuestions {

    private FrameQuestions() {}

    /** The candidates and how many rewritten frames were refused for keeping a word of a swapped column. */
    public record Written(List<String> candidates, int refused) {}

    /** Up to {@code max} distinct candidates, one per frame. */
    public static List<String> candidates(SyntheticSuite.Template template, SyntheticSuite.Pair pair, int max) {
        return write(template, pair, max).candidates();
    }

    /** Up to {@code max} distinct candidates, one per frame that fits the pair, and the count of those refused. */
    public static Written write(SyntheticSuite.Template template, SyntheticSuite.Pair pair, int max) {
        Set<String> out = new LinkedHashSet<>();
        int refused = 0;
        for (SyntheticSuite.Frame frame : template.frames()) {
            String question = realize(frame, pair.spoken());
            if (question != null
                    && QuestionFit.keepsSwappedWord(template.slotKinds(), frame.spoken(), pair.spoken(), question)) {
                refused++;
            } else if (question != null) {
                out.add(question);
            }
            if (out.size() == max) {
                break;
            }
        }
        return new Written(List.copyOf(out), refused);
    }

    /** The frame's question with each slot's words replaced; null if one of them is not in the question. */
    static String realize(SyntheticSuite.Frame frame, List<String> replacements) {
        String question = frame.question();
        String lower = question.toLowerCase(Locale.ROOT);
        List<int[]> spans = new ArrayList<>();
        List<String> with = new ArrayList<>();
        for (int k = 0; k < frame.spoken().size(); k++) {
            int[] span = find(lower, frame.spoken().get(k).toLowerCase(Locale.ROOT), spans);
            if (span == null) {
                return null;
            }
            spans.add(span);
            with.add(replacements.get(k));
        }
        // Replace from the end so that earlier positions stay valid.
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < spans.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingInt((Integer i) -> spans.get(i)[0]).reversed());
        StringBuilder out = new StringBuilder(question);
        for (int i : order) {
            out.replace(spans.get(i)[0], spans.get(i)[1], with.get(i));
        }
        return out.toString();
    }

    /** The first whole-word occurrence of {@code phrase} not overlapping a span already taken. */
    private static int[] find(String text, String phrase, List<int[]> taken) {
        Matcher m = Pattern.compile("(?<![\\p{L}\\p{N}_])" + Pattern.quote(phrase) + "(?![\\p{L}\\p{N}_])")
                .matcher(text);
        while (m.find()) {
            int start = m.start();
            int end = m.end();
            if (taken.stream().noneMatch(s -> start < s[1] && s[0] < end)) {
                return new int[] {start, end};
            }
        }
        return null;
    }
}
