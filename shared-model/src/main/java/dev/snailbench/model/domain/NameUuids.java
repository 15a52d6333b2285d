package dev.snailbench.model.domain;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.UUID;

/**
 * Version-3 (MD5, name-based) UUIDs, bit for bit as {@link UUID#nameUUIDFromBytes} makes them: the platform's stable
 * ids (a work item's, its execution's, a job's) are derived from what they identify. A copy of one MD5 digest is used
 * per id instead of {@code MessageDigest.getInstance}, whose provider lookup is two thirds of what an id costs the
 * executor, which derives one per work item (a perf profile of PipelineBenchmark's warm job).
 */
public final class NameUuids {

    private static final MessageDigest MD5;

    static {
        try {
            MD5 = MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private NameUuids() {}

    /** The UUID of the name's UTF-8 bytes. */
    public static UUID of(String name) {
        return of(name.getBytes(StandardCharsets.UTF_8));
    }

    /** The UUID of the bytes. */
    public static UUID of(byte[] name) {
        return fromDigest(md5().digest(name));
    }

    /** A fresh MD5 digest (for callers that stream what they hash, then call {@link #fromDigest}). */
    public static MessageDigest md5() {
        try {
            return (MessageDigest) MD5.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("this JDK's MD5 digest cannot be copied", e);
        }
    }

    /** The version-3 UUID of a finished MD5 digest (its 16 bytes, changed in place). */
    public static UUID fromDigest(byte[] md5) {
        md5[6] = (byte) ((md5[6] & 0x0f) | 0x30);
        md5[8] = (byte) ((md5[8] & 0x3f) | 0x80);
        ByteBuffer bytes = ByteBuffer.wrap(md5);
        return new UUID(bytes.getLong(), bytes.getLong());
    }
}
