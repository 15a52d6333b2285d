package dev.snailbench.localstack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * {@code ./snailbench up --warm-up N}: how many items the start-up warm-up job runs; {@code --replicas}: how many
 * replicas of each service.
 */
class UpOptionsTest {

    @Test
    void shouldWarmUpWithAThousandItemsUnlessToldOtherwise() {
        assertThat(Up.Options.parse(new String[] {"/checkout"}).warmUpItems())
                .isEqualTo(WarmUp.DEFAULT_ITEMS)
                .isEqualTo(1_000);
        assertThat(Up.Options.parse(new String[] {"/checkout", "--warm-up", "250"})
                        .warmUpItems())
                .isEqualTo(250);
        assertThat(Up.Options.parse(new String[] {"/checkout", "--warm-up", "0"})
                        .warmUpItems())
                .isZero();
    }

    @Test
    void shouldRefuseAWarmUpThatIsNotACountOfItems() {
        assertThatThrownBy(() -> Up.Options.parse(new String[] {"/checkout", "--warm-up", "-1"}))
                .hasMessage("--warm-up takes a number of items from 0 (none) to 100000, got '-1'");
        assertThatThrownBy(() -> Up.Options.parse(new String[] {"/checkout", "--warm-up", "lots"}))
                .hasMessage("--warm-up takes a number of items from 0 (none) to 100000, got 'lots'");
        assertThatThrownBy(() -> Up.Options.parse(new String[] {"/checkout", "--warm-up"}))
                .hasMessage("--warm-up needs a number of items (0: none)");
        assertThatThrownBy(() -> Up.Options.parse(new String[] {"/checkout", "--warmup", "5"}))
                .hasMessageContaining("unknown option --warmup")
                .hasMessageContaining("--warm-up");
    }

    @Test
    void shouldRunEveryServiceOnceUnlessReplicasAreAskedFor() {
        assertThat(Up.Options.parse(new String[] {"/checkout"}).replicas())
                .hasSize(5)
                .containsOnlyKeys(Stack.Service.values())
                .allSatisfy((service, count) -> assertThat(count).isEqualTo(1));
        assertThat(Up.Options.parse(new String[] {
                            "/checkout", "--replicas", "executor=2,inference=2,scorer=2,Generator-Service=4"
                        })
                        .replicas())
                .containsEntry(Stack.Service.EXECUTOR, 2)
                .containsEntry(Stack.Service.INFERENCE, 2)
                .containsEntry(Stack.Service.SCORER, 2)
                .containsEntry(Stack.Service.GENERATOR, 4)
                .containsEntry(Stack.Service.CLASSIFIER, 1);
    }

    @Test
    void shouldNameWhatIsWrongWithAReplicaCount() {
        assertThatThrownBy(() -> Up.Options.parse(new String[] {"/checkout", "--replicas", "executor=5"}))
                .hasMessage("--replicas: executor takes a number of replicas from 1 to 4 (the partitions of each "
                        + "topic), got '5'");
        assertThatThrownBy(() -> Up.Options.parse(new String[] {"/checkout", "--replicas", "executor=0"}))
                .hasMessageContaining("got '0'");
        assertThatThrownBy(() -> Up.Options.parse(new String[] {"/checkout", "--replicas", "executor"}))
                .hasMessageContaining("executor takes a number of replicas")
                .hasMessageContaining("got ''");
        assertThatThrownBy(() -> Up.Options.parse(new String[] {"/checkout", "--replicas", "exector=2"}))
                .hasMessage("--replicas: unknown service 'exector' (one of generator, classifier, inference, "
                        + "executor, scorer): did you mean 'executor'?");
        assertThatThrownBy(() -> Up.Options.parse(new String[] {"/checkout", "--replicas", "scorer=2,scorer=3"}))
                .hasMessage("--replicas: scorer is given twice");
        assertThatThrownBy(() -> Up.Options.parse(new String[] {"/checkout", "--replicas"}))
                .hasMessageStartingWith("--replicas needs SERVICE=N");
    }

    @Test
    void shouldSayWhichServicesRunAsSeveralReplicas() {
        assertThat(Up.replicasNote(Up.Options.parse(new String[] {"/checkout"}).replicas()))
                .isEmpty();
        assertThat(Up.replicasNote(Up.Options.replicas("executor=2,generator=3")))
                .isEqualTo(", with 3 generator replicas, 2 executor replicas");
    }
}
