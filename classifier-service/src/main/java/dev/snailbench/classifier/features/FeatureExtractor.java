package dev.snailbench.classifier.features;

import java.util.List;
import java.util.Locale;

/**
 * Turns an identifier into hashed sparse features for the naturalness model. The same code runs at training
 * time (in the build) and at inference time, so {@link #VERSION} is stored beside the model and checked when it
 * is loaded: change it whenever a feature changes.
 *
 * <p>Feature families: identifier shape (length, token count, case pattern, separators, digits, vowel ratio,
 * consonant runs), per-token kind (English word by frequency band, known acronym, abbreviation of an English
 * word, digits, other) with length, case shape and position, kind bigrams, share of tokens in the dictionary,
 * token identity, and character 1–4-grams inside tokens; per token also its vowel count, and for a prefix
 * abbreviation the share of its word it keeps; per identifier the number of vowel-less and of short unknown
 * tokens, and the joint count of dictionary / abbreviation / unknown tokens. Per token that is not a plain word its
 * word segmentation (words found, leftover letters, longest leftover run, rarest word) and whether it is a
 * shortened spelling of a frequent word ({@code vgt}, {@code prcnt}); per identifier the leftover letters and words
 * of all its tokens. Per token of two or more letters how word-like its spelling is under a letter trigram model of
 * the English word list (mean log-probability per letter, banded; alone and crossed with the token's kind and
 * length), and per identifier its least word-like token.
 */
public final class FeatureExtractor {

    public static final String VERSION = "fx-6";
    /** Number of hash buckets: rows of the model's weight matrix. */
    public static final int DIMENSION = 1 << 18;

    private static final int NS_LEN = 1,
            NS_NTOK = 2,
            NS_CASE = 3,
            NS_VOWELS = 4,
            NS_DIGITS = 5,
            NS_CONS_RUN = 6,
            NS_SHARE = 7,
            NS_SHARE_VALUE = 8,
            NS_NON_DICT = 9,
            NS_TOKEN = 10,
            NS_KIND_LEN = 11,
            NS_KIND_SHAPE = 12,
            NS_KIND_POS = 13,
            NS_KIND_BIGRAM = 14,
            NS_NGRAM = 15,
            NS_TOKEN_VOWELS = 16,
            NS_SHARE_NTOK = 17,
            NS_ABBR = 18,
            NS_SEPARATOR = 19,
            NS_TOKEN_BIGRAM = 21,
            NS_KIND_SEQUENCE = 22,
            NS_COVERED_LETTERS = 23,
            NS_COVERAGE_KIND = 24,
            NS_TOKEN_VOWEL_COUNT = 25,
            NS_VOWELLESS = 26,
            NS_PREFIX_RATIO = 27,
            NS_KIND_COUNTS = 28,
            NS_SEG_SHAPE = 29,
            NS_SEG_RUN = 30,
            NS_SEG_FREQ = 31,
            NS_SUBSEQ = 32,
            NS_SEG_TOTAL = 33,
            NS_LM = 34,
            NS_LM_WORST = 35,
            NS_LM_PLAIN = 36;

    private final EnglishWords words;

    public FeatureExtractor(EnglishWords words) {
        this.words = words;
    }

    /** What a reader sees in an identifier: its tokens and the share of its word tokens in the dictionary. */
    public record Analysis(List<String> tokens, double tokenInDictionaryShare) {}

    public Analysis analyse(String identifier) {
        List<String> tokens = IdentifierTokenizer.tokenize(identifier);
        int wordTokens = 0;
        int inDictionary = 0;
        for (String token : tokens) {
            if (hasLetter(token)) {
                wordTokens++;
                if (isDictionaryWord(token.toLowerCase(Locale.ROOT))) {
                    inDictionary++;
                }
            }
        }
        return new Analysis(tokens, wordTokens == 0 ? 0.0 : (double) inDictionary / wordTokens);
    }

    /** Fills {@code out} with the features of {@code identifier} (sorted, distinct indices). */
    public void extract(String identifier, FeatureVector out) {
        out.clear();
        List<String> tokens = IdentifierTokenizer.tokenize(identifier);
        int length = identifier.length();
        int letters = 0, upper = 0, lower = 0, digits = 0, vowels = 0, separators = 0, consonantRun = 0, maxRun = 0;
        for (int i = 0; i < length; i++) {
            char c = identifier.charAt(i);
            if (Character.isLetter(c)) {
                letters++;
                if (Character.isUpperCase(c)) {
                    upper++;
                } else {
                    lower++;
                }
                if (EnglishWords.isVowel(Character.toLowerCase(c)) || c == 'y' || c == 'Y') {
                    vowels++;
                    consonantRun = 0;
                } else {
                    maxRun = Math.max(maxRun, ++consonantRun);
                }
            } else {
                consonantRun = 0;
                if (Character.isDigit(c)) {
                    digits++;
                } else {
                    separators++;
                }
            }
        }
        add(out, NS_LEN, lengthBand(length));
        add(out, NS_NTOK, Math.min(tokens.size(), 7));
        int casePattern = letters == 0
                ? 0
                : lower == 0 ? 1 : upper == 0 ? 2 : Character.isUpperCase(firstLetter(identifier)) ? 3 : 4;
        add(out, NS_CASE, casePattern * 4 + Math.min(separators, 3));
        add(out, NS_SEPARATOR, separators == 0 ? 0 : identifier.indexOf('_') >= 0 ? 1 : 2);
        add(out, NS_VOWELS, letters == 0 ? 11 : vowels * 10 / letters);
        add(
                out,
                NS_DIGITS,
                Math.min(digits, 4) * 2 + (length > 0 && Character.isDigit(identifier.charAt(length - 1)) ? 1 : 0));
        add(out, NS_CONS_RUN, Math.min(maxRun, 7));

        int wordTokens = 0, inDictionary = 0, nonDictionary = 0, abbreviations = 0, vowelless = 0, shortUnknown = 0;
        int previousKind = -1;
        int previousTokenHash = 0x51ED27;
        int kindSequence = 0x2F0B3;
        int dictionaryLetters = 0;
        int unknownLetters = 0, segmentCount = 0;
        int leastWordLike = -1; // the highest letter-model band of a token, -1 without one
        for (int t = 0; t < tokens.size(); t++) {
            String token = tokens.get(t);
            String lowerToken = token.toLowerCase(Locale.ROOT);
            int kind = kind(token, lowerToken);
            boolean letterToken = hasLetter(token);
            if (kind == KIND_OTHER || isAbbreviation(kind)) {
                // A run-together compound ("LOADPATH", "lastname") is words, not an abbreviation.
                int covered = coveredLetters(lowerToken);
                add(
                        out,
                        NS_COVERAGE_KIND,
                        kind * 16 + (covered == lowerToken.length() ? 11 : covered * 10 / lowerToken.length()));
                if (covered == lowerToken.length()) {
                    kind = KIND_COMPOUND;
                }
                dictionaryLetters += covered;
            } else if (kind >= KIND_WORD_TOP && kind <= KIND_WORD_RARE || kind == KIND_ACRONYM) {
                dictionaryLetters += token.length();
            }
            if (letterToken) {
                wordTokens++;
                if (kind >= KIND_WORD_TOP && kind <= KIND_WORD_RARE || kind == KIND_COMPOUND) {
                    inDictionary++;
                } else if (kind != KIND_ACRONYM) {
                    nonDictionary++;
                }
                if (isAbbreviation(kind)) {
                    abbreviations++;
                }
            }
            int tokenLength = Math.min(token.length(), 12);
            if (letterToken
                    && token.length() >= 2
                    && !(kind >= KIND_WORD_TOP && kind <= KIND_WORD_RARE)
                    && kind != KIND_ACRONYM) {
                Segmentation seg = segment(lowerToken);
                int segments = seg.words(),
                        unknown = seg.leftoverLetters(),
                        run = seg.longestLeftoverRun(),
                        rarest = seg.rarestWordBand();
                unknownLetters += unknown;
                segmentCount += segments;
                add(out, NS_SEG_SHAPE, (kind * 4 + Math.min(segments, 3)) * 8 + unknownBand(unknown));
                add(out, NS_SEG_RUN, (kind * 8 + Math.min(run, 7)) * 16 + tokenLength);
                add(out, NS_SEG_FREQ, (Math.min(segments, 3) * 20 + rarest) * 8 + unknownBand(unknown));
                int subsequenceRank = words.subsequenceRank(lowerToken);
                add(out, NS_SUBSEQ, (kind * 8 + rankBand(subsequenceRank)) * 16 + tokenLength);
            }
            int tokenHash = hashString(lowerToken);
            add(out, NS_TOKEN, tokenHash);
            add(out, NS_TOKEN_BIGRAM, mix(previousTokenHash, tokenHash));
            previousTokenHash = tokenHash;
            if (t < 6) {
                kindSequence = mix(kindSequence, kind);
            }
            add(out, NS_KIND_LEN, kind * 16 + tokenLength);
            add(out, NS_KIND_SHAPE, kind * 8 + shape(token));
            int position = tokens.size() == 1 ? 0 : t == 0 ? 1 : t == tokens.size() - 1 ? 2 : 3;
            add(out, NS_KIND_POS, kind * 4 + position);
            add(out, NS_KIND_BIGRAM, (previousKind + 1) * 16 + kind);
            if (letterToken) {
                add(out, NS_TOKEN_VOWELS, kind * 16 + tokenVowelBand(lowerToken));
                // Vowel-less tokens ("Tmplt", "Cntrc") and short unknown ones ("FC", "Elg") are what makes an
                // abbreviation hard to decode.
                int tokenVowels = vowelCount(lowerToken);
                add(out, NS_TOKEN_VOWEL_COUNT, (kind * 4 + Math.min(tokenVowels, 3)) * 16 + tokenLength);
                if (tokenVowels == 0 && token.length() >= 2) {
                    vowelless++;
                }
                if (token.length() <= 3 && kind != KIND_ACRONYM && !(kind >= KIND_WORD_TOP && kind <= KIND_WORD_RARE)) {
                    shortUnknown++;
                }
                if (kind == KIND_ABBR_COMMON || kind == KIND_ABBR_RARE) {
                    // How much of the word the abbreviation keeps: "Cred" (credit) keeps more than "Ct" (count).
                    int wordLength = words.prefixWordLength(lowerToken);
                    add(
                            out,
                            NS_PREFIX_RATIO,
                            kind * 16 + (wordLength == 0 ? 15 : Math.min(10, token.length() * 10 / wordLength)));
                }
            }
            if (letterToken && token.length() >= 2) {
                // How word-like the spelling is, in half-nats per letter: "hght" reads worse than "heit", a
                // distinction the dictionary look-ups cannot make for tokens they do not find.
                int band = Math.min(15, (int) (-words.letterLogLikelihood(lowerToken) * 2));
                leastWordLike = Math.max(leastWordLike, band);
                add(out, NS_LM, (kind * 16 + band) * 8 + Math.min(token.length(), 7));
                add(out, NS_LM_PLAIN, band);
            }
            nGrams(out, lowerToken);
            previousKind = kind;
        }
        add(out, NS_KIND_BIGRAM, (previousKind + 1) * 16 + 15);
        add(out, NS_TOKEN_BIGRAM, mix(previousTokenHash, 0x7E57));
        add(out, NS_KIND_SEQUENCE, kindSequence);
        add(
                out,
                NS_SEG_TOTAL,
                (unknownBand(unknownLetters) * 8 + Math.min(segmentCount, 7)) * 8 + Math.min(tokens.size(), 7));
        add(out, NS_LM_WORST, (leastWordLike + 1) * 8 + Math.min(tokens.size(), 7));
        add(out, NS_VOWELLESS, Math.min(vowelless, 3) * 4 + Math.min(shortUnknown, 3));
        // The whole mix at once: "two words and one unknown" is not the sum of its parts.
        add(
                out,
                NS_KIND_COUNTS,
                ((Math.min(inDictionary, 3) * 4 + Math.min(abbreviations, 3)) * 4
                                        + Math.min(nonDictionary - abbreviations, 3))
                                * 8
                        + Math.min(tokens.size(), 7));
        add(out, NS_COVERED_LETTERS, letters == 0 ? 11 : Math.min(10, dictionaryLetters * 10 / letters));
        int shareBand = wordTokens == 0 ? 6 : inDictionary == wordTokens ? 5 : inDictionary * 5 / wordTokens;
        add(out, NS_SHARE, shareBand);
        add(out, NS_SHARE_NTOK, shareBand * 8 + Math.min(tokens.size(), 7));
        add(out, NS_NON_DICT, Math.min(nonDictionary, 4));
        add(out, NS_ABBR, Math.min(abbreviations, 3) * 5 + Math.min(nonDictionary - abbreviations, 4));
        if (wordTokens > 0) {
            out.add(bucket(NS_SHARE_VALUE, 0), (float) inDictionary / wordTokens);
        }
        out.normalize();
    }

    // ---- token kinds ----------------------------------------------------------------------------------------

    static final int KIND_DIGITS = 0,
            KIND_WORD_TOP = 1,
            KIND_WORD_COMMON = 2,
            KIND_WORD_RARE = 3,
            KIND_ACRONYM = 4,
            KIND_ABBR_COMMON = 5,
            KIND_ABBR_RARE = 6,
            KIND_SINGLE_LETTER = 7,
            KIND_OTHER = 8,
            KIND_COMPOUND = 9,
            KIND_ABBR_SKELETON = 10;

    /**
     * Most letters of a token coverable by English words of three or more letters that do not overlap
     * ({@code loadpath} → 8, {@code acctnum} → 3).
     */
    private int coveredLetters(String lowerToken) {
        int n = Math.min(lowerToken.length(), 24);
        int[] best = new int[n + 1]; // best[i]: most covered letters in the first i letters
        for (int i = 1; i <= n; i++) {
            best[i] = best[i - 1];
            for (int j = Math.max(0, i - 15); j <= i - 3; j++) {
                if (best[j] + (i - j) > best[i] && isCoverWord(lowerToken.substring(j, i))) {
                    best[i] = best[j] + (i - j);
                }
            }
        }
        return best[n];
    }

    /**
     * Splits a lower-case token into English words and leftover letters at the least cost: a leftover letter
     * costs more than a word, a rare word more than a frequent one ({@code loadpath} → load + path,
     * {@code vegheight} → three leftover letters + height).
     */
    Segmentation segment(String lowerToken) {
        int n = Math.min(lowerToken.length(), 24);
        float[] cost = new float[n + 1];
        int[] from = new int[n + 1];
        int[] rankAt = new int[n + 1];
        for (int i = 1; i <= n; i++) {
            cost[i] = cost[i - 1] + 1.5f;
            from[i] = i - 1;
            rankAt[i] = 0;
            for (int j = Math.max(0, i - 15); j <= i - 2; j++) {
                String candidate = lowerToken.substring(j, i);
                int rank = words.rank(candidate);
                if (rank > 0 && (candidate.length() > 3 || rank <= (candidate.length() == 2 ? 300 : 5_000))) {
                    float c = cost[j] + 1f + (float) Math.log(rank) * 0.1f;
                    if (c < cost[i]) {
                        cost[i] = c;
                        from[i] = j;
                        rankAt[i] = rank;
                    }
                }
            }
        }
        int segments = 0, unknown = 0, run = 0, longestRun = 0, rarest = 0;
        for (int i = n; i > 0; i = from[i]) {
            if (rankAt[i] > 0) {
                segments++;
                rarest = Math.max(rarest, rankAt[i]);
                run = 0;
            } else {
                unknown++;
                longestRun = Math.max(longestRun, ++run);
            }
        }
        int rarestBand = rarest == 0 ? 0 : 1 + (31 - Integer.numberOfLeadingZeros(rarest));
        return new Segmentation(segments, unknown, longestRun, rarestBand);
    }

    /**
     * A token's word segmentation: words found, letters left over, the longest run of them, and the rarest word's
     * rank band (1 + log2 of its rank; 0 without a word).
     */
    record Segmentation(int words, int leftoverLetters, int longestLeftoverRun, int rarestWordBand) {}

    private static int unknownBand(int unknown) {
        return unknown <= 3 ? unknown : unknown <= 5 ? 4 : unknown <= 8 ? 5 : 6;
    }

    private static int rankBand(int rank) {
        return rank == 0 ? 0 : rank <= 300 ? 1 : rank <= 1_000 ? 2 : rank <= 3_000 ? 3 : rank <= 10_000 ? 4 : 5;
    }

    private boolean isCoverWord(String candidate) {
        int rank = words.rank(candidate);
        return rank > 0 && (candidate.length() > 3 || rank <= 5_000);
    }

    private int kind(String token, String lowerToken) {
        if (!hasLetter(token)) {
            return KIND_DIGITS;
        }
        if (KnownAcronyms.contains(token.toUpperCase(Locale.ROOT))) {
            return KIND_ACRONYM;
        }
        if (token.length() == 1) {
            return KIND_SINGLE_LETTER;
        }
        int rank = words.rank(lowerToken);
        if (rank > 0) {
            return rank <= 3_000 ? KIND_WORD_TOP : rank <= 15_000 ? KIND_WORD_COMMON : KIND_WORD_RARE;
        }
        int prefixRank = words.prefixRank(lowerToken);
        if (prefixRank > 0) {
            return prefixRank <= 5_000 ? KIND_ABBR_COMMON : KIND_ABBR_RARE;
        }
        if (words.abbreviationRank(lowerToken) > 0) {
            return KIND_ABBR_SKELETON;
        }
        return KIND_OTHER;
    }

    private static boolean isAbbreviation(int kind) {
        return kind == KIND_ABBR_COMMON || kind == KIND_ABBR_RARE || kind == KIND_ABBR_SKELETON;
    }

    private boolean isDictionaryWord(String lowerToken) {
        return lowerToken.length() > 1 && words.contains(lowerToken)
                || KnownAcronyms.contains(lowerToken.toUpperCase(Locale.ROOT));
    }

    private static boolean hasLetter(String token) {
        for (int i = 0; i < token.length(); i++) {
            if (Character.isLetter(token.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    private static char firstLetter(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isLetter(s.charAt(i))) {
                return s.charAt(i);
            }
        }
        return 'a';
    }

    /** 0 = Xxxx, 1 = XXXX, 2 = xxxx, 3 = mixed other, 4 = digits. */
    private static int shape(String token) {
        if (!hasLetter(token)) {
            return 4;
        }
        boolean firstUpper = Character.isUpperCase(token.charAt(0));
        boolean restLower = true, restUpper = true;
        for (int i = 1; i < token.length(); i++) {
            char c = token.charAt(i);
            restLower &= !Character.isUpperCase(c);
            restUpper &= !Character.isLowerCase(c);
        }
        if (firstUpper && restUpper) {
            return 1;
        }
        if (firstUpper && restLower) {
            return 0;
        }
        return !firstUpper && restLower ? 2 : 3;
    }

    private static int tokenVowelBand(String lowerToken) {
        int letters = 0, vowels = 0;
        for (int i = 0; i < lowerToken.length(); i++) {
            char c = lowerToken.charAt(i);
            if (Character.isLetter(c)) {
                letters++;
                if (EnglishWords.isVowel(c) || c == 'y') {
                    vowels++;
                }
            }
        }
        return letters == 0 ? 15 : vowels * 5 / letters + (letters <= 3 ? 0 : 6);
    }

    private static int vowelCount(String lowerToken) {
        int vowels = 0;
        for (int i = 0; i < lowerToken.length(); i++) {
            char c = lowerToken.charAt(i);
            if (EnglishWords.isVowel(c) || c == 'y') {
                vowels++;
            }
        }
        return vowels;
    }

    private static int lengthBand(int length) {
        if (length <= 9) {
            return length;
        }
        return length <= 12 ? 10 : length <= 16 ? 11 : length <= 24 ? 12 : 13;
    }

    // ---- hashing ----------------------------------------------------------------------------------------------

    /** Character 1–4-grams of a token with boundary marks: {@code ^v}, {@code ve}, ..., {@code eg$}. */
    private static void nGrams(FeatureVector out, String lowerToken) {
        int n = lowerToken.length() + 2;
        for (int size = 1; size <= 4; size++) {
            for (int start = 0; start + size <= n; start++) {
                int h = mix(NS_NGRAM * 0x9E3779B1, size);
                for (int i = start; i < start + size; i++) {
                    char c = i == 0 ? '^' : i == n - 1 ? '$' : lowerToken.charAt(i - 1);
                    h = mix(h, c);
                }
                out.add(finish(h), 1f);
            }
        }
    }

    private static int hashString(String s) {
        int h = 0x1234567;
        for (int i = 0; i < s.length(); i++) {
            h = mix(h, s.charAt(i));
        }
        return h;
    }

    private static void add(FeatureVector out, int namespace, int value) {
        out.add(bucket(namespace, value), 1f);
    }

    private static int bucket(int namespace, int value) {
        return finish(mix(namespace * 0x9E3779B1, value));
    }

    private static int mix(int h, int k) {
        k *= 0xCC9E2D51;
        k = Integer.rotateLeft(k, 15);
        k *= 0x1B873593;
        h ^= k;
        h = Integer.rotateLeft(h, 13);
        return h * 5 + 0xE6546B64;
    }

    private static int finish(int h) {
        h ^= h >>> 16;
        h *= 0x85EBCA6B;
        h ^= h >>> 13;
        h *= 0xC2B2AE35;
        h ^= h >>> 16;
        return h & (DIMENSION - 1);
    }
}
