package dev.snailbench.datasets;

/** SNAILS' naturalness codes (N1, N2, N3) as the platform names the levels. */
final class Levels {

    private Levels() {}

    /** Regular, Low or Least; any other value (the source has an {@code UNK} and an empty one) as it is. */
    static String name(String code) {
        return switch (code) {
            case "N1" -> "Regular";
            case "N2" -> "Low";
            case "N3" -> "Least";
            default -> code;
        };
    }
}
