package dev.snailbench.workbench.refiner;

import dev.snailbench.workbench.refiner.NameLinkingSimulator.Variant;
import java.util.Locale;

/**
 * The schema variant a job's questions are asked on (a job spec's {@code schemaVariant}, validated): the native
 * names, the injected ones ({@code rate}, {@code seed}) or the refined ones (the offline packager drawing expansions
 * from {@code context}) over that injection, or over the native names themselves when {@code rate} is 0 (nothing
 * injected: the refiner's repair of the team's own schema).
 */
public record JobVariant(Variant kind, long seed, double rate, OfflinePackager.Context context) {

    /** Whether this is the refiner's repair of the native names, with nothing injected first. */
    public boolean refinesOriginal() {
        return kind == Variant.REFINED && rate == 0;
    }

    /** How items and results name the variant: {@code injected seed=1 rate=0.1}, {@code refined over=original …}. */
    public String label() {
        String packager = " context=" + context.name().toLowerCase(Locale.ROOT);
        return switch (kind) {
            case ORIGINAL -> "original";
            case INJECTED -> "injected seed=" + seed + " rate=" + rate;
            case REFINED ->
                refinesOriginal()
                        ? "refined over=original" + packager
                        : "refined seed=" + seed + " rate=" + rate + packager;
        };
    }
}
