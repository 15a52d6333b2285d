package dev.snailbench.scorer.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.snailbench.scorer.service.report.JobReports;
import dev.snailbench.scorer.service.report.JsonReport;
import dev.snailbench.scorer.service.stats.JobProgress;
import dev.snailbench.scorer.service.stats.JobStatistics;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/** {@code report.json} as {@link Report}, written by the application's Jackson mapper and gzip-compressed. */
@ApplicationScoped
public class JsonReportWriter implements JsonReport {

    /** {@code job} first: a running or cancelled job's report says so before any figure. */
    @JsonPropertyOrder({"job", "summary", "items"})
    public record Report(JobProgress job, JobStatistics.Summary summary, List<ItemResultView> items) {}

    private final ObjectMapper mapper;
    private final ItemResultViews views;

    public JsonReportWriter(ObjectMapper mapper, ItemResultViews views) {
        this.mapper = mapper;
        this.views = views;
    }

    @Override
    public byte[] gzipped(JobReports.JobReport report) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(bytes, 1 << 16)) {
            mapper.writeValue(
                    gzip,
                    new Report(
                            report.summary().job(),
                            report.summary(),
                            report.items().stream().map(views::view).toList()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }
}
