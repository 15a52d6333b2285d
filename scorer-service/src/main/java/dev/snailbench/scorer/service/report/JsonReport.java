package dev.snailbench.scorer.service.report;

/**
 * Writes a job's {@code report.json} (where the job stands, its summary and every item) gzip-compressed, as it is
 * kept and sent; the REST layer, which owns the items' JSON view, implements it.
 */
public interface JsonReport {

    /** The document, gzip-compressed. Blocking: a worker thread. */
    byte[] gzipped(JobReports.JobReport report);
}
