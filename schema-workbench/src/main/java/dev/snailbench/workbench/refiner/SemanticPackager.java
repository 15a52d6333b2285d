package dev.snailbench.workbench.refiner;

import io.smallrye.mutiny.Uni;
import java.util.List;

/** Writes a semantic package for every column of a schema, in the graph's column order. */
public interface SemanticPackager {

    Uni<List<SemanticPackage>> packages(SchemaGraph graph, ColumnCommunities communities);
}
