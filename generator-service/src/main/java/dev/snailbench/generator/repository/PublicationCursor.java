package dev.snailbench.generator.repository;

import java.util.UUID;

/**
 * What a publication pass needs of a job: its tenant and how far its publication and its verdicts are. Read without
 * the job's spec, which for a large replay job is megabytes of questions and predictions, and a pass runs several
 * times a second while jobs run.
 */
public record PublicationCursor(UUID id, String tenantId, int publishedCount, int done) {}
