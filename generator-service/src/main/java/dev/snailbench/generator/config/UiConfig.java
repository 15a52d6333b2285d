package dev.snailbench.generator.config;

import io.smallrye.config.ConfigMapping;
import java.util.Optional;

/** The web UI the generator serves under /ui. */
@ConfigMapping(prefix = "snailbench.generator.ui")
public interface UiConfig {

    /**
     * Where the UI's browser reaches the scorer (reports, reviews, item results), e.g. https://scorer.example.org;
     * the scorer must list the generator's origin in its CORS origins. Unset: the person signing in types it (a
     * link can no longer set it: the UI sends the API key there).
     */
    Optional<String> scorerUrl();
}
