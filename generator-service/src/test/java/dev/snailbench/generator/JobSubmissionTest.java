package dev.snailbench.generator;

import dev.snailbench.generator.repository.JobRepository;
import dev.snailbench.testkit.InMemoryTenantTest;
import dev.snailbench.testkit.MemoryChannels;
import io.quarkus.test.InjectMock;
import jakarta.enterprise.inject.Any;
import jakarta.inject.Inject;

/**
 * The base of an in-memory tier test of {@code POST /jobs} behind the key filter: the channels, on which the test plays
 * the executor and reads what was sent, and the stored jobs, mocked (each test says what is stored).
 */
abstract class JobSubmissionTest extends InMemoryTenantTest {

    @Inject
    @Any
    MemoryChannels channels;

    @InjectMock
    JobRepository jobs;
}
