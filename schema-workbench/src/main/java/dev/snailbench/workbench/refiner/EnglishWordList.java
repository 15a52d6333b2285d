package dev.snailbench.workbench.refiner;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The English word list the naturalness classifier reads: zxcvbn's English Wikipedia (30,000 words) and US TV
 * and film (19,160 words) frequency lists, on the classpath through {@code com.nulab-inc:zxcvbn}. The offline
 * packager asks it whether a short token that looks like a word is one ({@code site}, {@code mass}) or an
 * unreadable code ({@code stid}, {@code emad}). General knowledge of English, shared with nothing the injector
 * chooses.
 */
final class EnglishWordList {

    static final String[] RESOURCES = {
        "com/nulabinc/zxcvbn/matchers/dictionaries/english_wikipedia.txt",
        "com/nulabinc/zxcvbn/matchers/dictionaries/us_tv_and_film.txt"
    };

    /**
     * zxcvbn keeps each word in one list only (the one where it ranks best), so common words such as
     * {@code player} or {@code key} sit in its password and surname lists; those lists also hold junk
     * ({@code qwerty}), so a word found only there must also look like one ({@link Lexicon#looksNatural}).
     */
    static final String[] OTHER_RESOURCES = {
        "com/nulabinc/zxcvbn/matchers/dictionaries/passwords.txt",
        "com/nulabinc/zxcvbn/matchers/dictionaries/surnames.txt"
    };

    /**
     * zxcvbn's surnames list, where it keeps common words that rank best as surnames ({@code branch}, {@code baker}):
     * a word of five letters or more there that starts like a word and has a vowel is read as one.
     */
    static final String SURNAMES = "com/nulabinc/zxcvbn/matchers/dictionaries/surnames.txt";

    private static final Set<String> WORDS = load(RESOURCES);
    private static final Set<String> OTHER_WORDS = load(OTHER_RESOURCES);
    private static final Set<String> SURNAME_WORDS = load(new String[] {SURNAMES});

    private EnglishWordList() {}

    static boolean contains(String word) {
        return WORDS.contains(word.toLowerCase(Locale.ROOT));
    }

    /**
     * A word of the English lists, or of zxcvbn's other lists when it also looks like a word, or a surname-list word
     * of five letters or more that starts like a word and has a vowel ({@code branch}: its consonant run fails
     * {@link Lexicon#looksNatural}).
     */
    static boolean isWord(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        return WORDS.contains(w)
                || OTHER_WORDS.contains(w) && Lexicon.looksNatural(w)
                || w.length() >= 5
                        && SURNAME_WORDS.contains(w)
                        && Lexicon.onset(w)
                        && w.chars().anyMatch(ch -> "aeiou".indexOf(ch) >= 0);
    }

    private static Set<String> load(String[] resources) {
        Set<String> words = new HashSet<>(64_000);
        for (String resource : resources) {
            InputStream in = EnglishWordList.class.getClassLoader().getResourceAsStream(resource);
            if (in == null) {
                throw new IllegalStateException("English word list " + resource + " is not on the classpath (the "
                        + "com.nulab-inc:zxcvbn artifact, declared in generator-service/pom.xml)");
            }
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    String w = line.trim().toLowerCase(Locale.ROOT);
                    if (!w.isEmpty()) {
                        words.add(w);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read English word list " + resource, e);
            }
        }
        return Set.copyOf(words);
    }
}
