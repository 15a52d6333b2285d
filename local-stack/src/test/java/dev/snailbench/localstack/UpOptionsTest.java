package dev.snailbench.localstack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** {@code ./snailbench up --warm-up N}: how many items the start-up warm-up job runs. */
class UpOptionsTest {

    @Test
    void shouldWarmUpWithAThousandItemsUnlessToldOtherwise() {
        assertThat(Up.Options.parse(new String[] {"/checkout"}).warmUpItems()).isEqualTo(WarmUp.DEFAULT_ITEMS)
                .isEqualTo(1_000);
        assertThat(Up.Options.parse(new String[] {"/checkout", "--warm-up", "250"}).warmUpItems()).isEqualTo(250);
        assertThat(Up.Options.parse(new String[] {"/checkout", "--warm-up", "0"}).warmUpItems()).isZero();
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
                .hasMessageContaining("unknown option --warmup").hasMessageContaining("--warm-up");
    }
}
