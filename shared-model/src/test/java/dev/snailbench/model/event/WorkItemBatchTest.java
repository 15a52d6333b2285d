package dev.snailbench.model.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class WorkItemBatchTest {

    private static final UUID JOB = UUID.randomUUID();

    @Test
    void shouldAcceptARecordWhoseItemsAreAllOfItsJobAndTenant() {
        assertThat(ItemsScored.of(List.of(verdict(JOB, "t1"), verdict(JOB, "t1")))
                        .refusal())
                .isNull();
    }

    @Test
    void shouldRefuseARecordWithoutItems() {
        assertThat(ItemsScored.empty(JOB, "t1").refusal()).endsWith("holds no work item");
        assertThat(new ItemsScored(UUID.randomUUID(), JOB, "t1", Instant.now(), 1, null).refusal())
                .endsWith("holds no work item");
    }

    @Test
    void shouldNameTheItemThatLacksItsIds() {
        ItemScored broken =
                new ItemScored(UUID.randomUUID(), JOB, "t1", null, Instant.now(), 1, "q", true, true, false, null);

        assertThat(ItemsScored.of(List.of(verdict(JOB, "t1"), broken)).refusal())
                .contains("ItemScored " + broken.eventId() + " lacks workItemId or jobId");
    }

    @Test
    void shouldNameTheItemOfAnotherJobOrTenant() {
        ItemScored otherJob = verdict(UUID.randomUUID(), "t1");
        ItemScored otherTenant = verdict(JOB, "t2");

        assertThat(ItemsScored.of(List.of(verdict(JOB, "t1"), otherJob)).refusal())
                .contains("(work item " + otherJob.workItemId() + ") is of job " + otherJob.jobId() + " and tenant t1")
                .endsWith("not the record's");
        assertThat(ItemsScored.of(List.of(verdict(JOB, "t1"), otherTenant)).refusal())
                .contains("is of job " + JOB + " and tenant t2");
    }

    private static ItemScored verdict(UUID job, String tenant) {
        return new ItemScored(
                UUID.randomUUID(), job, tenant, UUID.randomUUID(), Instant.now(), 1, "q", true, true, false, null);
    }
}
