package dev.snailbench.classifier.features;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A real English word list with frequency ranks: the English Wikipedia (30,000 words) and US TV and film
 * (19,160 words) lists that the {@code com.nulab-inc:zxcvbn} artifact ships on the classpath. A word's rank is
 * its best rank in either list (1 = most frequent).
 *
 * <p>Besides exact look-ups it answers "does this token abbreviate a common word?" through an index of
 * prefixes of each word, of the word with doubled letters collapsed ({@code issue} → {@code isue}) and of its
 * consonant skeleton ({@code height} → {@code hght}), so {@code Veg}, {@code Isue} and {@code Hght} are found.
 */
public final class EnglishWords {

    /** Where the lists live inside the zxcvbn jar. */
    public static final String[] RESOURCES = {
        "com/nulabinc/zxcvbn/matchers/dictionaries/english_wikipedia.txt",
        "com/nulabinc/zxcvbn/matchers/dictionaries/us_tv_and_film.txt"
    };

    public static final String SOURCE = "com.nulab-inc:zxcvbn (english_wikipedia.txt, us_tv_and_film.txt)";

    private static volatile EnglishWords instance;

    /** First capacity of each index table (a power of two: the tables mask their hashes with it). */
    private static final int INITIAL_SLOTS = 1 << 12;

    private final Map<String, Integer> rankByWord;
    /**
     * Abbreviation and prefix indexes: a hundred thousand keys and more each, in open-addressing tables rather than
     * HashMaps (an entry object and a boxed rank per key made them most of the classifier's heap). Each table starts
     * small and doubles as keys come, so it ends at the least power of two that keeps it at most half full: fixed
     * capacities guessed ahead had left each table two to four times larger than its keys need.
     */
    private final StringIntMap rankByAbbreviation = new StringIntMap(INITIAL_SLOTS);

    private final StringIntMap rankByPrefix = new StringIntMap(INITIAL_SLOTS);
    /** Packed letters of abbreviations by dropped letters (see {@link #subsequenceRank}) → best word rank. */
    private final IntIntMap rankBySubsequence = new IntIntMap(INITIAL_SLOTS);

    private EnglishWords(Map<String, Integer> rankByWord) {
        this.rankByWord = rankByWord;
        rankByWord.forEach((word, rank) -> {
            if (word.length() < 3) {
                return;
            }
            indexPrefixes(word, rank, false);
            for (int len = 2; len < word.length() && len <= 10; len++) {
                // rank and length of the word packed in one int: min keeps the most frequent word.
                rankByPrefix.mergeMin(word.substring(0, len), rank * 32 + Math.min(word.length(), 31));
            }
            indexPrefixes(collapseDoubles(word), rank, true);
            indexPrefixes(skeleton(word), rank, true);
            if (rank <= SUBSEQUENCE_MAX_RANK && word.length() <= 12) {
                indexSubsequences(word, rank);
            }
        });
        this.letterModel = LetterTrigrams.of(rankByWord.keySet());
    }

    private final LetterTrigrams letterModel;

    /**
     * Mean natural-log probability per letter of a lower-case token (end mark included) under a letter trigram
     * model of the English words: about -2 for a word, much lower for a vowel-less abbreviation.
     */
    public double letterLogLikelihood(String lowerCaseToken) {
        return letterModel.meanLogProbability(lowerCaseToken);
    }

    /** The shared instance, loaded once from the classpath; fails with a clear message when the list is missing. */
    public static EnglishWords get() {
        EnglishWords words = instance;
        if (words == null) {
            synchronized (EnglishWords.class) {
                if (instance == null) {
                    instance = load(EnglishWords.class.getClassLoader());
                }
                words = instance;
            }
        }
        return words;
    }

    /** Fails with the message {@link #get} would give when a word list is not on the classpath; reads nothing. */
    public static void requireLists(ClassLoader loader) {
        for (String resource : RESOURCES) {
            if (loader.getResource(resource) == null) {
                throw missing(resource);
            }
        }
    }

    private static IllegalStateException missing(String resource) {
        return new IllegalStateException("English word list " + resource + " is not on the classpath: "
                + "the classifier needs the com.nulab-inc:zxcvbn artifact (declared in classifier-service/pom.xml)");
    }

    static EnglishWords load(ClassLoader loader) {
        Map<String, Integer> ranks = new HashMap<>(64_000);
        for (String resource : RESOURCES) {
            InputStream in = loader.getResourceAsStream(resource);
            if (in == null) {
                throw missing(resource);
            }
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                int rank = 0;
                for (String line; (line = reader.readLine()) != null; ) {
                    String word = line.trim().toLowerCase(Locale.ROOT);
                    if (word.isEmpty()) {
                        continue;
                    }
                    rank++;
                    ranks.merge(word, rank, Math::min);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read English word list " + resource, e);
            }
        }
        if (ranks.size() < 10_000) {
            throw new IllegalStateException("English word list has only " + ranks.size() + " words: corrupt " + SOURCE);
        }
        return new EnglishWords(ranks);
    }

    public int size() {
        return rankByWord.size();
    }

    /** Frequency rank of a lower-case word, or 0 when it is not an English word. */
    public int rank(String lowerCaseWord) {
        Integer rank = rankByWord.get(lowerCaseWord);
        return rank == null ? 0 : rank;
    }

    public boolean contains(String lowerCaseWord) {
        return rankByWord.containsKey(lowerCaseWord);
    }

    /**
     * Best rank of a longer word that this lower-case token may abbreviate, or 0.
     */
    public int abbreviationRank(String lowerCaseToken) {
        return rankByAbbreviation.get(lowerCaseToken);
    }

    /** Best rank of a longer word that starts with this lower-case token ({@code veg} → vegetation), or 0. */
    public int prefixRank(String lowerCaseToken) {
        return rankByPrefix.get(lowerCaseToken) / 32;
    }

    /** Length of the most frequent longer word that starts with this lower-case token, or 0. */
    public int prefixWordLength(String lowerCaseToken) {
        return rankByPrefix.get(lowerCaseToken) % 32;
    }

    /** Words frequent enough for their shortened spellings to be read back: about the 10,000 most frequent. */
    static final int SUBSEQUENCE_MAX_RANK = 10_000;

    /**
     * Best rank of a frequent English word of which this lower-case token (3 to 5 letters) is a shortened spelling
     * that keeps the word's first letter and drops some others ({@code vgt} → vegetation, {@code prcnt} →
     * percent, {@code ofst} → offset), or 0. Only words of at most 12 letters among the
     * {@value #SUBSEQUENCE_MAX_RANK} most frequent are indexed.
     */
    public int subsequenceRank(String lowerCaseToken) {
        int key = packLetters(lowerCaseToken);
        return key < 0 ? 0 : rankBySubsequence.get(key);
    }

    /** Letters a–z of a 3–5 letter string packed 5 bits each with the length; -1 if it cannot be packed. */
    private static int packLetters(CharSequence s) {
        int n = s.length();
        if (n < 3 || n > 5) {
            return -1;
        }
        char[] letters = new char[n];
        for (int i = 0; i < n; i++) {
            letters[i] = s.charAt(i);
        }
        return packLetters(letters, n);
    }

    private static int packLetters(char[] letters, int n) {
        int key = n;
        for (int i = 0; i < n; i++) {
            char c = letters[i];
            if (c < 'a' || c > 'z') {
                return -1;
            }
            key = key << 5 | (c - 'a' + 1);
        }
        return key;
    }

    /** Every 3–5 letter subsequence of the word that starts with its first letter. */
    private void indexSubsequences(String word, int rank) {
        char[] picked = new char[5];
        picked[0] = word.charAt(0);
        pick(word, 1, picked, 1, rank);
    }

    private void pick(String word, int from, char[] picked, int count, int rank) {
        if (count >= 3) {
            int key = packLetters(picked, count);
            if (key >= 0) { // letters outside a–z: not an identifier's spelling
                rankBySubsequence.mergeMin(key, rank);
            }
        }
        if (count == 5) {
            return;
        }
        for (int i = from; i < word.length(); i++) {
            picked[count] = word.charAt(i);
            pick(word, i + 1, picked, count + 1, rank);
        }
    }

    /** Open-addressing int → int map (positive values) for the subsequence index: a HashMap would box 10^6 keys. */
    private static final class IntIntMap {
        private int[] keys;
        private int[] values;
        private int size;

        IntIntMap(int capacity) {
            keys = new int[capacity];
            values = new int[capacity];
        }

        int get(int key) {
            int mask = keys.length - 1;
            for (int i = spread(key) & mask; ; i = (i + 1) & mask) {
                if (keys[i] == key) {
                    return values[i];
                }
                if (keys[i] == 0) {
                    return 0;
                }
            }
        }

        void mergeMin(int key, int value) {
            if (size * 2 >= keys.length) {
                grow();
            }
            int mask = keys.length - 1;
            for (int i = spread(key) & mask; ; i = (i + 1) & mask) {
                if (keys[i] == key) {
                    values[i] = Math.min(values[i], value);
                    return;
                }
                if (keys[i] == 0) {
                    keys[i] = key;
                    values[i] = value;
                    size++;
                    return;
                }
            }
        }

        private void grow() {
            int[] oldKeys = keys, oldValues = values;
            keys = new int[oldKeys.length * 2];
            values = new int[oldKeys.length * 2];
            size = 0;
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldKeys[i] != 0) {
                    mergeMin(oldKeys[i], oldValues[i]);
                }
            }
        }

        private static int spread(int key) {
            int h = key * 0x9E3779B1;
            return h ^ (h >>> 15);
        }
    }

    /** String keys to positive ints (0: absent), keeping the smallest value merged per key; linear probing. */
    private static final class StringIntMap {
        private String[] keys;
        private int[] values;
        private int size;

        StringIntMap(int capacity) {
            keys = new String[capacity];
            values = new int[capacity];
        }

        int get(String key) {
            int mask = keys.length - 1;
            for (int i = spread(key.hashCode()) & mask; ; i = (i + 1) & mask) {
                if (keys[i] == null) {
                    return 0;
                }
                if (keys[i].equals(key)) {
                    return values[i];
                }
            }
        }

        void mergeMin(String key, int value) {
            if (size * 2 >= keys.length) {
                grow();
            }
            int mask = keys.length - 1;
            for (int i = spread(key.hashCode()) & mask; ; i = (i + 1) & mask) {
                if (keys[i] == null) {
                    keys[i] = key;
                    values[i] = value;
                    size++;
                    return;
                }
                if (keys[i].equals(key)) {
                    values[i] = Math.min(values[i], value);
                    return;
                }
            }
        }

        private void grow() {
            String[] oldKeys = keys;
            int[] oldValues = values;
            keys = new String[oldKeys.length * 2];
            values = new int[oldKeys.length * 2];
            size = 0;
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldKeys[i] != null) {
                    mergeMin(oldKeys[i], oldValues[i]);
                }
            }
        }

        private static int spread(int hash) {
            int h = hash * 0x9E3779B1;
            return h ^ (h >>> 15);
        }
    }

    private void indexPrefixes(String form, int rank, boolean wholeFormToo) {
        // Prefixes from 2 letters up to one letter short of the word itself ("ve", "veg", ... "vegetatio");
        // a collapsed or skeleton form also counts whole ("dflt" for "default").
        int last = wholeFormToo ? form.length() : form.length() - 1;
        for (int len = 2; len <= last && len <= 10; len++) {
            rankByAbbreviation.mergeMin(form.substring(0, len), rank);
        }
    }

    static String collapseDoubles(String word) {
        StringBuilder sb = new StringBuilder(word.length());
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            if (i == 0 || c != word.charAt(i - 1)) {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** First letter plus the following consonants, doubled letters collapsed: {@code height} → {@code hght}. */
    static String skeleton(String word) {
        StringBuilder sb = new StringBuilder(word.length());
        sb.append(word.charAt(0));
        for (int i = 1; i < word.length(); i++) {
            char c = word.charAt(i);
            if (!isVowel(c) && c != sb.charAt(sb.length() - 1)) {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    static boolean isVowel(char c) {
        return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u';
    }
}
