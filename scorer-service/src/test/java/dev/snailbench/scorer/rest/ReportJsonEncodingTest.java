package dev.snailbench.scorer.rest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** report.json is sent gzip-compressed only to a client whose {@code Accept-Encoding} accepts gzip. */
class ReportJsonEncodingTest {

    @Test
    void shouldSendGzipOnlyWhenTheClientAcceptsIt() {
        assertThat(ResultsResource.acceptsGzip("gzip")).isTrue();
        assertThat(ResultsResource.acceptsGzip("gzip, deflate, br")).isTrue();
        assertThat(ResultsResource.acceptsGzip("br;q=1.0, GZIP;q=0.5")).isTrue();
        assertThat(ResultsResource.acceptsGzip("*")).isTrue();
        assertThat(ResultsResource.acceptsGzip("x-gzip")).isTrue();

        assertThat(ResultsResource.acceptsGzip(null)).isFalse();
        assertThat(ResultsResource.acceptsGzip("")).isFalse();
        assertThat(ResultsResource.acceptsGzip("identity")).isFalse();
        assertThat(ResultsResource.acceptsGzip("deflate, br")).isFalse();
        assertThat(ResultsResource.acceptsGzip("gzip;q=0")).isFalse();
        assertThat(ResultsResource.acceptsGzip("gzip; q=0.000, deflate")).isFalse();
        assertThat(ResultsResource.acceptsGzip("gzipped")).isFalse();
    }
}
