package dev.snailbench.scorer.rest;

import dev.snailbench.scorer.repository.ComparatorVerdict;
import dev.snailbench.scorer.repository.ItemResult;
import dev.snailbench.scorer.rest.ItemResultView.VerdictView;
import dev.snailbench.scorer.service.ItemVerdicts;
import dev.snailbench.scorer.service.ResultPreview;
import org.mapstruct.Mapper;
import org.mapstruct.Mapping;
import org.mapstruct.MappingConstants;
import org.mapstruct.ReportingPolicy;

/**
 * Builds {@link ItemResultView}s from stored results (MapStruct generates the implementation, a CDI bean). Whether an
 * item counts and how is {@link ItemVerdicts}'s; every component of the view is mapped (an unmapped one fails the build).
 */
@Mapper(
        componentModel = MappingConstants.ComponentModel.JAKARTA_CDI,
        unmappedTargetPolicy = ReportingPolicy.ERROR,
        imports = {ItemVerdicts.class, ResultPreview.class})
public interface ItemResultViews {

    @Mapping(target = "database", source = "databaseKey")
    @Mapping(target = "goldStatus", source = "gold.status")
    @Mapping(target = "goldError", source = "gold.error")
    @Mapping(target = "goldRows", source = "gold.rows")
    @Mapping(target = "goldSeconds", source = "gold.seconds")
    @Mapping(target = "predictedStatus", source = "predicted.status")
    @Mapping(target = "predictedError", source = "predicted.error")
    @Mapping(target = "predictedRows", source = "predicted.rows")
    @Mapping(target = "predictedSeconds", source = "predicted.seconds")
    @Mapping(target = "strictMatch", expression = "java(ItemVerdicts.match(r, r.strict))")
    @Mapping(target = "setMatch", expression = "java(ItemVerdicts.match(r, r.set))")
    @Mapping(target = "relaxedMatch", expression = "java(ItemVerdicts.match(r, r.relaxed))")
    @Mapping(target = "strict", expression = "java(verdict(r, r.strict))")
    @Mapping(target = "set", expression = "java(verdict(r, r.set))")
    @Mapping(target = "relaxed", expression = "java(verdict(r, r.relaxed))")
    @Mapping(target = "goldOrderBy", source = "orderBy")
    @Mapping(target = "cellPrecision", source = "qatch.cellPrecision")
    @Mapping(target = "cellRecall", source = "qatch.cellRecall")
    @Mapping(target = "tupleCardinality", source = "qatch.tupleCardinality")
    @Mapping(target = "tupleConstraint", source = "qatch.tupleConstraint")
    @Mapping(target = "tupleOrder", source = "qatch.tupleOrder")
    @Mapping(target = "executionAccuracy", expression = "java(ItemVerdicts.strictExecution(r))")
    @Mapping(target = "qatchExecutionAccuracy", source = "qatch.executionAccuracy")
    @Mapping(target = "validEfficiencyScore", source = "qatch.validEfficiencyScore")
    @Mapping(target = "queryRecall", source = "linkingScores.recall")
    @Mapping(target = "queryPrecision", source = "linkingScores.precision")
    @Mapping(target = "queryF1", source = "linkingScores.f1")
    @Mapping(target = "linkingError", source = "linkingScores.error")
    @Mapping(target = "linkingMethod", source = "linkingScores.method")
    @Mapping(target = "multipleStatements", expression = "java(Boolean.TRUE.equals(r.multipleStatements))")
    @Mapping(target = "manualVerdict", expression = "java(ItemVerdicts.manualVerdict(r))")
    @Mapping(target = "reviewNote", source = "review.note")
    @Mapping(target = "reviewedBy", source = "review.reviewer")
    @Mapping(target = "reviewedAt", source = "review.at")
    @Mapping(target = "preview", expression = "java(ResultPreview.parse(r.resultPreview))")
    @Mapping(target = "linking", expression = "java(ItemVerdicts.linking(r))")
    @Mapping(target = "excludedFromAccuracy", expression = "java(Boolean.TRUE.equals(r.excludedFromAccuracy))")
    ItemResultView view(ItemResult r);

    /** One comparator's verdict as shown; null where the item was not compared ({@link ItemVerdicts#match}). */
    default VerdictView verdict(ItemResult r, ComparatorVerdict verdict) {
        Boolean match = ItemVerdicts.match(r, verdict);
        return match == null ? null : new VerdictView(match, verdict.reason, verdict.detail);
    }
}
