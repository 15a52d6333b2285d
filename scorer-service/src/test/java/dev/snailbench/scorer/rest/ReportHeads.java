package dev.snailbench.scorer.rest;

import static org.hamcrest.Matchers.equalTo;

import dev.snailbench.scorer.TestEvents;
import java.util.List;
import java.util.UUID;
import org.assertj.core.api.Assertions;

/** What a job's summary and reports say first: where the job stands. */
final class ReportHeads {

    private ReportHeads() {}

    /** The summary, report.json, report.csv and report.html of the job, read with the key, all start with it. */
    static void assertReportsStartWith(String key, UUID job, String status, String line) {
        TenantCalls.read(key, "/jobs/{id}/summary", job).body("job.status", equalTo(status));
        String json = TenantCalls.read(key, "/jobs/{id}/report.json", job)
                .body("job.status", equalTo(status))
                .extract()
                .asString();
        Assertions.assertThat(json).startsWith("{\"job\":{\"status\":\"" + status + "\",");
        String csv = TenantCalls.text(key, "/jobs/{id}/report.csv", job);
        Assertions.assertThat(csv.split("\r\n")[0]).isEqualTo("# job " + job + ": " + line);
        String html = TenantCalls.text(key, "/jobs/{id}/report.html", job);
        String body = html.substring(html.indexOf("<body>") + "<body>".length());
        Assertions.assertThat(body)
                .startsWith(
                        "<p class=\"status " + status + "\" id=\"job-status\">" + Character.toUpperCase(line.charAt(0))
                                + line.substring(1).replace("'", "&#39;") + "</p>");
    }

    /** What the reports and the summary say of {@link TestEvents#twoOfThreeScored}: running, 2/3 done, 1 failed. */
    static void assertTwoOfThreeRunning(String key, UUID job) {
        assertReportsStartWith(
                key,
                job,
                "running",
                "running: 2/3 items done, 1 failed (still running: the figures below will change)");
        TenantCalls.read(key, "/jobs/{id}/summary", job)
                .body("job.status", equalTo("running"))
                .body("job.done", equalTo(2))
                .body("job.total", equalTo(3))
                .body("job.failed", equalTo(1))
                .body(
                        "failureReasons.reason",
                        equalTo(List.of("gold failed: ERROR 42P01 relation \"match_fact\" does not exist")));
    }
}
