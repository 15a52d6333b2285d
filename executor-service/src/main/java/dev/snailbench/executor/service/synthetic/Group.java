package dev.snailbench.executor.service.synthetic;

import dev.snailbench.model.domain.SyntheticSuite.Frame;
import dev.snailbench.sql.template.LikeFragments;
import dev.snailbench.sql.template.SeedTemplate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A template, the seeds it came from (their frames), the first seed's query as printed and its stratum; once the
 * seed has run, its result as a fingerprint (empty when too large to compare) and its numbers of rows and of
 * distinct rows; per LIKE
 * slot, the kind of value the seed used.
 */
final class Group {

    final String id;
    final SeedTemplate template;
    final List<Frame> frames;
    final String seedSql;
    final Stratum stratum;
    String seedResult;
    int seedRows = -1;
    int seedDistinctRows = -1;
    final Map<Integer, LikeFragments.Shape> likeShapes = new HashMap<>();
    final Map<Integer, Long> likeMatches = new HashMap<>();

    Group(String id, SeedTemplate template, List<Frame> frames, String seedSql, Stratum stratum) {
        this.id = id;
        this.template = template;
        this.frames = frames;
        this.seedSql = seedSql;
        this.stratum = stratum;
    }
}
