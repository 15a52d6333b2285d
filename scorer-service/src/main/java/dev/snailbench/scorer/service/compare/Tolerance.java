package dev.snailbench.scorer.service.compare;

import java.math.BigDecimal;

/**
 * Numeric tolerance for comparing NUMBER cells: two numbers are equal when
 * {@code |a - b| <= max(absolute, relative * max(|a|, |b|))}. Off (exact) by default.
 */
public record Tolerance(double absolute, double relative) {

    public static final Tolerance EXACT = new Tolerance(0, 0);

    public Tolerance {
        if (absolute < 0 || Double.isNaN(absolute)) {
            throw new IllegalArgumentException("absolute tolerance must be >= 0, got " + absolute);
        }
        if (relative < 0 || Double.isNaN(relative)) {
            throw new IllegalArgumentException("relative tolerance must be >= 0, got " + relative);
        }
    }

    public boolean enabled() {
        return absolute > 0 || relative > 0;
    }

    public boolean close(BigDecimal a, BigDecimal b) {
        if (a.compareTo(b) == 0) {
            return true;
        }
        double diff = a.subtract(b).abs().doubleValue();
        double scale = Math.max(a.abs().doubleValue(), b.abs().doubleValue());
        return diff <= Math.max(absolute, relative * scale);
    }
}
