package jitprobe;

/** A method outside the work-item path's packages ({@code Stack.JOB_PATH_PACKAGES}), for ServiceJvmOptionsTest. */
public final class OutsideJobPath {

    private OutsideJobPath() {}

    public static int work(int x) {
        return x * 31 + 7;
    }
}
