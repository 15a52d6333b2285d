package dev.snailbench.classifier.features;

import java.util.Set;

/**
 * Acronyms in common use in database schemas, which SNAILS counts as Regular ({@code ID}, {@code URL}): the
 * English word list has no entries for them. Less common acronyms are left for the model to learn.
 */
public final class KnownAcronyms {

    private static final Set<String> ACRONYMS = Set.of(
            "ID", "IDS", "URL", "URI", "UUID", "GUID", "API", "SQL", "XML", "JSON", "HTML", "HTTP", "PDF", "CSV", "GPS",
            "UTM", "GIS", "USA", "US", "UK", "EU", "UN", "NASA", "FBI", "IRS", "DNA", "CEO", "CFO", "VAT", "GDP", "ISO",
            "ZIP", "PIN", "SSN", "EIN", "IP", "TV", "PC", "CPU", "RAM", "OS", "AM", "PM", "FAQ", "USD", "EUR", "GMT",
            "UTC", "DOB", "QR", "SMS", "EMAIL", "FAX", "ATM", "PO");

    private KnownAcronyms() {}

    /** Whether the upper-case token is a common acronym. */
    public static boolean contains(String upperCaseToken) {
        return ACRONYMS.contains(upperCaseToken);
    }
}
