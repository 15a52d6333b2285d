package dev.snailbench.datasets;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code CHECKSUMS.sha256} in the data directory: the SHA-256 of every file of the dataset folders, in
 * {@code sha256sum} format ({@code <hex>  <path>}), so that {@code sha256sum -c CHECKSUMS.sha256} works too.
 */
final class Checksums {

    static final String FILE = "CHECKSUMS.sha256";
    static final List<String> FOLDERS = List.of("snails", "footballdb", "qatch");

    /** What {@link #verify} found: files whose content changed, files listed but gone, files not listed. */
    record Report(List<String> corrupted, List<String> missing, List<String> unlisted, int checked) {
        boolean ok() {
            return corrupted.isEmpty() && missing.isEmpty();
        }
    }

    private Checksums() {}

    /** Writes the checksums of every dataset file now in {@code dataDir} (replacing the file in one move). */
    static int write(Path dataDir) throws IOException {
        StringBuilder sb = new StringBuilder();
        List<String> files = files(dataDir);
        for (String rel : files) {
            sb.append(sha256(dataDir.resolve(rel))).append("  ").append(rel).append('\n');
        }
        Path tmp = Files.createTempFile(dataDir, ".checksums", ".tmp");
        Files.writeString(tmp, sb, StandardCharsets.UTF_8);
        Files.move(tmp, dataDir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return files.size();
    }

    static Report verify(Path dataDir) throws IOException {
        Path list = dataDir.resolve(FILE);
        if (!Files.isRegularFile(list)) {
            throw new IOException("no " + FILE + " in " + dataDir.toAbsolutePath()
                    + ": run ./snailbench data fetch --data-dir " + dataDir + " first");
        }
        Map<String, String> expected = new LinkedHashMap<>();
        for (String line : Files.readAllLines(list, StandardCharsets.UTF_8)) {
            if (line.isBlank()) {
                continue;
            }
            int sep = line.indexOf("  ");
            if (sep != 64) {
                throw new IOException(FILE + " has a malformed line: " + line);
            }
            expected.put(line.substring(sep + 2), line.substring(0, sep));
        }
        List<String> corrupted = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (Map.Entry<String, String> e : expected.entrySet()) {
            Path file = dataDir.resolve(e.getKey());
            if (!Files.isRegularFile(file)) {
                missing.add(e.getKey());
            } else if (!sha256(file).equals(e.getValue())) {
                corrupted.add(e.getKey());
            }
        }
        List<String> unlisted =
                files(dataDir).stream().filter(f -> !expected.containsKey(f)).toList();
        return new Report(corrupted, missing, unlisted, expected.size());
    }

    /** Paths (with {@code /}) of every regular file under the dataset folders, sorted. */
    static List<String> files(Path dataDir) throws IOException {
        List<String> out = new ArrayList<>();
        for (String folder : FOLDERS) {
            Path dir = dataDir.resolve(folder);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> s = Files.walk(dir)) {
                s.filter(Files::isRegularFile)
                        .map(p -> dataDir.relativize(p).toString().replace('\\', '/'))
                        .forEach(out::add);
            }
        }
        out.sort(null);
        return out;
    }

    static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                md.update(buf, 0, n);
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
