package dev.snailbench.llm;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;

/** Waits on a Vert.x timer, so the pipeline resumes on the caller's context (Mutiny's delay would not). */
final class Delays {

    private Delays() {}

    static Uni<Void> delay(Vertx vertx, long millis) {
        if (millis <= 0) {
            return Uni.createFrom().voidItem();
        }
        return Uni.createFrom().emitter(emitter -> {
            Context ctx = Vertx.currentContext();
            Vertx owner = ctx != null ? ctx.owner() : vertx;
            owner.setTimer(millis, id -> emitter.complete(null));
        });
    }
}
