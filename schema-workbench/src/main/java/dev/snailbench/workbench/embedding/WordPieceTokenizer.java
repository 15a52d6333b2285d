package dev.snailbench.workbench.embedding;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * BERT's uncased WordPiece tokenizer, read from a Hugging Face {@code tokenizer.json} (the one bundled with the
 * MiniLM model): clean and lower-case the text, strip accents, split on white space and punctuation, then cut
 * each word greedily into the longest vocabulary pieces ({@code ##} marks a continuation). Pure Java, so no
 * native tokenizer library is needed next to ONNX Runtime.
 */
public final class WordPieceTokenizer {

    private final Map<String, Integer> vocab;
    private final int cls;
    private final int sep;
    private final int unk;
    private final int maxLength;
    private final int maxWordChars;

    WordPieceTokenizer(Map<String, Integer> vocab, int maxLength, int maxWordChars) {
        this.vocab = vocab;
        this.cls = id(vocab, "[CLS]");
        this.sep = id(vocab, "[SEP]");
        this.unk = id(vocab, "[UNK]");
        this.maxLength = maxLength;
        this.maxWordChars = maxWordChars;
    }

    private static int id(Map<String, Integer> vocab, String token) {
        Integer id = vocab.get(token);
        if (id == null) {
            throw new IllegalStateException("tokenizer vocabulary has no " + token);
        }
        return id;
    }

    /** Reads {@code model.vocab} and {@code truncation.max_length} of a WordPiece {@code tokenizer.json}. */
    public static WordPieceTokenizer read(InputStream json) throws IOException {
        JsonNode root = new ObjectMapper().readTree(json);
        JsonNode model = root.path("model");
        if (!"WordPiece".equals(model.path("type").asText())) {
            throw new IllegalStateException(
                    "not a WordPiece tokenizer: " + model.path("type").asText());
        }
        Map<String, Integer> vocab = new HashMap<>();
        model.path("vocab")
                .fields()
                .forEachRemaining(e -> vocab.put(e.getKey(), e.getValue().asInt()));
        int maxLength = root.path("truncation").path("max_length").asInt(128);
        return new WordPieceTokenizer(
                vocab, maxLength, model.path("max_input_chars_per_word").asInt(100));
    }

    public int maxLength() {
        return maxLength;
    }

    /** {@code [CLS] pieces… [SEP]}, cut to the model's maximum length. */
    public int[] encode(String text) {
        List<Integer> ids = new ArrayList<>();
        ids.add(cls);
        for (String word : words(text)) {
            pieces(word, ids);
            if (ids.size() >= maxLength - 1) {
                break;
            }
        }
        List<Integer> cut = ids.size() > maxLength - 1 ? ids.subList(0, maxLength - 1) : ids;
        int[] out = new int[cut.size() + 1];
        for (int i = 0; i < cut.size(); i++) {
            out[i] = cut.get(i);
        }
        out[out.length - 1] = sep;
        return out;
    }

    /** The basic tokenizer: normalized words and punctuation marks, in order. */
    static List<String> words(String text) {
        String lower = Normalizer.normalize(text.toLowerCase(Locale.ROOT), Normalizer.Form.NFD);
        List<String> out = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        for (int i = 0; i < lower.length(); ) {
            int cp = lower.codePointAt(i);
            i += Character.charCount(cp);
            int type = Character.getType(cp);
            if (type == Character.NON_SPACING_MARK
                    || cp == 0
                    || cp == 0xFFFD
                    || (Character.isISOControl(cp) && !Character.isWhitespace(cp))) {
                continue;
            }
            if (Character.isWhitespace(cp) || Character.isSpaceChar(cp)) {
                flush(word, out);
            } else if (punctuation(cp, type) || cjk(cp)) {
                flush(word, out);
                out.add(new String(Character.toChars(cp)));
            } else {
                word.appendCodePoint(cp);
            }
        }
        flush(word, out);
        return out;
    }

    private static void flush(StringBuilder word, List<String> out) {
        if (!word.isEmpty()) {
            out.add(word.toString());
            word.setLength(0);
        }
    }

    /** BERT counts every non-letter, non-digit ASCII symbol as punctuation, plus Unicode's P* classes. */
    private static boolean punctuation(int cp, int type) {
        if ((cp >= 33 && cp <= 47) || (cp >= 58 && cp <= 64) || (cp >= 91 && cp <= 96) || (cp >= 123 && cp <= 126)) {
            return true;
        }
        return type == Character.CONNECTOR_PUNCTUATION
                || type == Character.DASH_PUNCTUATION
                || type == Character.START_PUNCTUATION
                || type == Character.END_PUNCTUATION
                || type == Character.INITIAL_QUOTE_PUNCTUATION
                || type == Character.FINAL_QUOTE_PUNCTUATION
                || type == Character.OTHER_PUNCTUATION;
    }

    private static boolean cjk(int cp) {
        return (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0x3400 && cp <= 0x4DBF) || (cp >= 0xF900 && cp <= 0xFAFF);
    }

    private void pieces(String word, List<Integer> ids) {
        if (word.length() > maxWordChars) {
            ids.add(unk);
            return;
        }
        List<Integer> found = new ArrayList<>();
        int start = 0;
        while (start < word.length()) {
            int end = word.length();
            Integer piece = null;
            while (start < end) {
                String sub = (start > 0 ? "##" : "") + word.substring(start, end);
                piece = vocab.get(sub);
                if (piece != null) {
                    break;
                }
                end--;
            }
            if (piece == null) {
                ids.add(unk);
                return;
            }
            found.add(piece);
            start = end;
        }
        ids.addAll(found);
    }
}
