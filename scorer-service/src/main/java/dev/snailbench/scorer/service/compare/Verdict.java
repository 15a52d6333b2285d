package dev.snailbench.scorer.service.compare;

/** A comparator's answer: match or not, the reason code and a human-readable detail. */
public record Verdict(boolean match, Reason reason, String detail) {

    public static Verdict of(Reason reason, String detail) {
        return new Verdict(reason.isMatch(), reason, detail);
    }

    public static Verdict of(Reason reason) {
        return of(reason, null);
    }

    /** "REASON: detail", as stored and shown. */
    public String text() {
        return detail == null || detail.isBlank() ? reason.name() : reason.name() + ": " + detail;
    }
}
