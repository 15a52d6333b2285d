package dev.snailbench.scorer.rest;

import dev.snailbench.model.problem.InvalidInput;
import dev.snailbench.scorer.service.report.JobReports;
import dev.snailbench.scorer.service.report.ReportRenderer;
import dev.snailbench.scorer.service.review.ReviewQueue;
import dev.snailbench.scorer.service.stats.JobStatistics;
import dev.snailbench.tenancy.ApiLimits;
import dev.snailbench.tenancy.Caller;
import dev.snailbench.tenancy.PathIds;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.zip.GZIPInputStream;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * Per-item results of a job, for the tenant that owns it. A job with no result visible to the caller (unknown,
 * another tenant's, or nothing scored yet) is 404: the scorer does not reveal other tenants' jobs.
 */
@Path("/jobs/{jobId}")
@Produces(MediaType.APPLICATION_JSON)
public class ResultsResource {

    private final Caller caller;
    private final JobReports jobs;
    private final ReportRenderer reports;
    private final ReviewQueue review;
    private final ItemResultViews views;

    public ResultsResource(
            Caller caller, JobReports jobs, ReportRenderer reports, ReviewQueue review, ItemResultViews views) {
        this.caller = caller;
        this.jobs = jobs;
        this.reports = reports;
        this.review = review;
        this.views = views;
    }

    /**
     * Where the job stands ({@code job}: status, done, total, failed), then means with 95% bootstrap CIs, counts and
     * failure reasons by model, level, model and level, database and hardness.
     */
    @Operation(operationId = "getJobSummary", summary = "Summarize a job's metrics with 95% intervals by group")
    @APIResponse(responseCode = "200", description = "the summary")
    @GET
    @Path("/summary")
    public Uni<JobStatistics.Summary> summary(@PathParam("jobId") String jobId) {
        return jobs.summary(parseJobId(jobId), caller.tenantId());
    }

    /**
     * Where the job stands, the summary and every item, as one JSON document ({@code job} first: a running or
     * cancelled job's report says so before any figure). Kept gzip-compressed per version of the job: sent so to a
     * client that accepts gzip, uncompressed to any other.
     */
    @Operation(operationId = "getJobReportJson", summary = "Get a job's report as JSON (status, summary and items)")
    @APIResponse(
            responseCode = "200",
            description = "the report",
            content = @Content(schema = @Schema(implementation = JsonReportWriter.Report.class)))
    @GET
    @Path("/report.json")
    public Uni<Response> reportJson(
            @PathParam("jobId") String jobId, @HeaderParam(HttpHeaders.ACCEPT_ENCODING) String acceptEncoding) {
        Uni<byte[]> gzipped = jobs.json(parseJobId(jobId), caller.tenantId());
        if (acceptsGzip(acceptEncoding)) {
            return gzipped.map(bytes -> Response.ok(bytes, MediaType.APPLICATION_JSON_TYPE)
                    .header(HttpHeaders.CONTENT_ENCODING, "gzip")
                    .header(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING)
                    .build());
        }
        return gzipped.emitOn(Infrastructure.getDefaultWorkerPool())
                .map(bytes -> Response.ok(gunzip(bytes), MediaType.APPLICATION_JSON_TYPE)
                        .header(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING)
                        .build());
    }

    /** Whether an {@code Accept-Encoding} header accepts gzip (named, or {@code *}, without {@code q=0}). */
    static boolean acceptsGzip(String acceptEncoding) {
        if (acceptEncoding == null) {
            return false;
        }
        for (String coding : acceptEncoding.split(",")) {
            String[] parts = coding.trim().split(";");
            String name = parts[0].trim().toLowerCase(Locale.ROOT);
            if (name.equals("gzip") || name.equals("x-gzip") || name.equals("*")) {
                boolean refused = false;
                for (int i = 1; i < parts.length; i++) {
                    String parameter = parts[i].replace(" ", "").toLowerCase(Locale.ROOT);
                    refused |= parameter.matches("q=0(\\.0*)?");
                }
                return !refused;
            }
        }
        return false;
    }

    private static byte[] gunzip(byte[] gzipped) {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gzipped), 1 << 16)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where the job stands on the first line ({@code # job …}), then one CSV row per item with every metric. */
    @Operation(operationId = "getJobReportCsv", summary = "Get a job's items as CSV, after a line with its status")
    @APIResponse(responseCode = "200", description = "a line with the job's status, then one row per item")
    @GET
    @Path("/report.csv")
    @Produces("text/csv")
    public Uni<Response> reportCsv(@PathParam("jobId") String jobId) {
        return jobs.items(parseJobId(jobId), caller.tenantId())
                .map(job -> Response.ok(
                                reports.csv(parseJobId(jobId), job.job(), job.items()), "text/csv; charset=utf-8")
                        .header("Content-Disposition", "attachment; filename=\"snailbench-" + jobId + ".csv\"")
                        .build());
    }

    /**
     * A self-contained HTML page, where the job stands first: tables and server-side SVG plots, no script or
     * external resource.
     */
    @Operation(operationId = "getJobReportHtml", summary = "Get a job's self-contained HTML report")
    @APIResponse(responseCode = "200", description = "the report")
    @GET
    @Path("/report.html")
    @Produces(MediaType.TEXT_HTML)
    public Uni<Response> reportHtml(@PathParam("jobId") String jobId) {
        return jobs.html(parseJobId(jobId), caller.tenantId())
                .map(html -> Response.ok(html, "text/html; charset=utf-8")
                        .header("Content-Security-Policy", ReportRenderer.CONTENT_SECURITY_POLICY)
                        .build());
    }

    /** What a reviewer sends: {@code verdict} correct or incorrect, an optional note and reviewer name. */
    public record ReviewRequest(String verdict, String note, String reviewer) {}

    /**
     * The items whose automatic verdict a person should judge (relaxed or set match without a strict one, or a
     * difference of order, duplicates, column order, extra columns or float noise); {@code all=true} includes the
     * ones already reviewed.
     */
    @Operation(operationId = "listItemsToReview", summary = "List the items whose verdict a person should judge")
    @APIResponse(responseCode = "200", description = "the items with question, gold and predicted SQL")
    @GET
    @Path("/review")
    public Uni<List<ItemResultView>> reviewQueue(@PathParam("jobId") String jobId, @QueryParam("all") boolean all) {
        return jobs.results(parseJobId(jobId), caller.tenantId())
                .map(visible -> ReviewQueue.pending(visible, all).stream()
                        .map(views::view)
                        .toList());
    }

    /**
     * A reviewer's verdict on one item, named by its work-item id or its question id (409 listing the items when the
     * question has several); it feeds {@code manualAccuracy} and is exported with the results.
     */
    @Operation(
            operationId = "reviewItem",
            summary = "Record a reviewer's verdict on an item (by work-item or question id)")
    @APIResponse(responseCode = "200", description = "the reviewed item")
    @APIResponse(responseCode = "409", description = "the question has several items: name one by work-item id")
    @PUT
    @Path("/items/{workItemId}/review")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<ItemResultView> review(
            @PathParam("jobId") String jobId, @PathParam("workItemId") String workItemId, ReviewRequest body) {
        UUID job = parseJobId(jobId);
        if (body == null
                || body.verdict() == null
                || !(body.verdict().equals("correct") || body.verdict().equals("incorrect"))) {
            throw new InvalidInput("verdict", "verdict must be correct or incorrect");
        }
        if (body.note() != null && body.note().length() > 4000) {
            throw new InvalidInput("note", "note is longer than 4000 characters");
        }
        ApiLimits.text(body.reviewer(), "reviewer", ApiLimits.NAME);
        return review.review(
                        job,
                        caller.tenantId(),
                        workItemId,
                        body.verdict().equals("correct"),
                        body.note(),
                        body.reviewer())
                .map(views::view);
    }

    @Operation(operationId = "listJobResults", summary = "List a job's scored items")
    @APIResponse(responseCode = "200", description = "one object per item")
    @GET
    @Path("/results")
    public Uni<List<ItemResultView>> results(@PathParam("jobId") String jobId) {
        return jobs.results(parseJobId(jobId), caller.tenantId())
                .map(list -> list.stream().map(views::view).toList());
    }

    /** A job id that is not a UUID names no job: 404, as in every service ({@link PathIds}). */
    static UUID parseJobId(String jobId) {
        return PathIds.uuid(jobId, "results for job");
    }
}
