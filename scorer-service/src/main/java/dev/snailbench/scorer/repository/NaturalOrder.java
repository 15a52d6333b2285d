package dev.snailbench.scorer.repository;

import java.util.Comparator;

/**
 * Compares ids as people read them: runs of digits by their value, the rest as text ({@code q2 < q10},
 * {@code 104 < 1005}); equal values with different leading zeros, then everything else, by plain text. Nulls first.
 */
public final class NaturalOrder implements Comparator<String> {

    public static final NaturalOrder INSTANCE = new NaturalOrder();

    private NaturalOrder() {}

    @Override
    public int compare(String a, String b) {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : -1) : 1;
        }
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char x = a.charAt(i);
            char y = b.charAt(j);
            if (digit(x) && digit(y)) {
                int ei = digitsEnd(a, i);
                int ej = digitsEnd(b, j);
                int byValue = compareDigits(a.substring(i, ei), b.substring(j, ej));
                if (byValue != 0) {
                    return byValue;
                }
                i = ei;
                j = ej;
            } else {
                if (x != y) {
                    return Character.compare(x, y);
                }
                i++;
                j++;
            }
        }
        int byLength = Integer.compare(a.length() - i, b.length() - j);
        return byLength != 0 ? byLength : a.compareTo(b);
    }

    private static boolean digit(char c) {
        return c >= '0' && c <= '9';
    }

    private static int digitsEnd(String s, int from) {
        int k = from;
        while (k < s.length() && digit(s.charAt(k))) {
            k++;
        }
        return k;
    }

    /** Digit runs by value, of any length (no overflow): strip leading zeros, longer is larger. */
    private static int compareDigits(String x, String y) {
        String p = x.replaceFirst("^0+(?=.)", "");
        String q = y.replaceFirst("^0+(?=.)", "");
        return p.length() != q.length() ? Integer.compare(p.length(), q.length()) : p.compareTo(q);
    }
}
