package dev.snailbench.scorer;

import dev.snailbench.scorer.repository.ItemResultSql;
import dev.snailbench.scorer.repository.JobCancellations;
import dev.snailbench.scorer.service.ItemScorer;
import dev.snailbench.scorer.service.report.JobReports;
import dev.snailbench.testkit.InMemoryTenantTest;
import io.quarkus.test.InjectMock;
import io.quarkus.test.junit.mockito.InjectSpy;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;

/**
 * The base of an in-memory tier test of the results API behind the key filter: before each test {@link #stored} is
 * empty, and what a test stores in it is what the real {@link JobReports} (a spy) reads.
 */
public abstract class InMemoryResultsTest extends InMemoryTenantTest {

    @InjectSpy
    protected JobReports reports;

    @InjectMock
    protected ItemResultSql sql;

    @InjectMock
    protected JobCancellations cancellations;

    @Inject
    protected ItemScorer scorer;

    /** The in-memory tenant's scored results, empty before each test. */
    protected InMemoryResults stored;

    @BeforeEach
    void nothingStored() {
        stored = new InMemoryResults(scorer, reports, sql, cancellations);
    }
}
