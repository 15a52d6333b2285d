package dev.snailbench.classifier.training;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * What a trained model was made from, as one SHA-256: the data files read, the settings, the content of every
 * class directory on the classpath (the trainer's own code and resources) and the name and size of every jar. The
 * build compares it with the one written beside the model ({@link #STAMP_FILE}) and trains only when they differ.
 */
final class TrainingInputs {

    /** Written in the model's folder after every other file: a folder with a matching stamp holds a whole model. */
    static final String STAMP_FILE = "inputs.sha256";

    private TrainingInputs() {}

    /** The digest of the given data files, settings and classpath (entries separated by the platform's separator). */
    static String digest(List<Path> dataFiles, List<String> settings, String classPath) {
        MessageDigest sha = sha256();
        try {
            for (Path file : dataFiles) {
                update(sha, "data " + file.getFileName());
                sha.update(Files.exists(file) ? Files.readAllBytes(file) : new byte[0]);
            }
            for (String setting : settings) {
                update(sha, "setting " + setting);
            }
            for (String entry : classPath.split(java.io.File.pathSeparator)) {
                if (entry.isBlank()) {
                    continue;
                }
                Path path = Path.of(entry);
                if (Files.isDirectory(path)) {
                    hashDirectory(sha, path);
                } else if (Files.isRegularFile(path)) {
                    update(sha, "jar " + path.getFileName() + " " + Files.size(path));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the training's inputs", e);
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /** True when the folder holds a model whose stamp is this digest. */
    static boolean upToDate(Path modelDir, String digest) {
        try {
            Path stamp = modelDir.resolve(STAMP_FILE);
            return Files.isRegularFile(stamp) && Files.readString(stamp).trim().equals(digest);
        } catch (IOException e) {
            return false;
        }
    }

    /** Removes the stamp before a training writes the folder: an interrupted training leaves no valid stamp. */
    static void invalidate(Path modelDir) throws IOException {
        Files.deleteIfExists(modelDir.resolve(STAMP_FILE));
    }

    static void write(Path modelDir, String digest) throws IOException {
        Files.writeString(modelDir.resolve(STAMP_FILE), digest + "\n");
    }

    private static void hashDirectory(MessageDigest sha, Path dir) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        for (Path file : files) {
            update(sha, "file " + dir.relativize(file).toString().replace('\\', '/'));
            sha.update(Files.readAllBytes(file));
        }
    }

    private static void update(MessageDigest sha, String text) {
        sha.update(text.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
