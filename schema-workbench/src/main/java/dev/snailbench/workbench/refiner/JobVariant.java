package dev.snailbench.workbench.refiner;

import dev.snailbench.workbench.refiner.NameLinkingSimulator.Variant;
import java.util.Locale;

/**
 * The schema variant a job's questions are asked on (a job spec's {@code schemaVariant}, validated): the native
 * names, the injected ones ({@code rate}, {@code seed}) or the refined ones over that injection (the offline
 * packager drawing expansions from {@code context}).
 */
public record JobVariant(Variant kind, long seed, double rate, OfflinePackager.Context context) {

    /** How items and results name the variant: {@code injected seed=1 rate=0.1}. */
    public String label() {
        return switch (kind) {
            case ORIGINAL -> "original";
            case INJECTED -> "injected seed=" + seed + " rate=" + rate;
            case REFINED -> "refined seed=" + seed + " rate=" + rate + " context="
                    + context.name().toLowerCase(Locale.ROOT);
        };
    }
}
