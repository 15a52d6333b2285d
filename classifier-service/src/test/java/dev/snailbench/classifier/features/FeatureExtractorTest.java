package dev.snailbench.classifier.features;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class FeatureExtractorTest {

    private final FeatureExtractor extractor = new FeatureExtractor(EnglishWords.get());

    @Test
    void shouldLoadARealEnglishWordListWithFrequencyRanks() {
        EnglishWords words = EnglishWords.get();
        assertThat(words.size()).isGreaterThan(40_000);
        assertThat(words.rank("the")).isEqualTo(1);
        assertThat(words.contains("vegetation")).isTrue();
        assertThat(words.contains("vgtn")).isFalse();
    }

    @Test
    void shouldRecognizeAbbreviationsOfEnglishWords() {
        EnglishWords words = EnglishWords.get();
        assertThat(words.abbreviationRank("veg")).isPositive(); // prefix of vegetation
        assertThat(words.abbreviationRank("isue")).isPositive(); // issue without the double s
        assertThat(words.abbreviationRank("hght")).isPositive(); // consonant skeleton of height
        assertThat(words.abbreviationRank("qzx")).isZero();
        assertThat(words.prefixWordLength("cred")).isGreaterThan(4); // the word "cred" abbreviates is longer
        assertThat(words.prefixWordLength("qzx")).isZero();
    }

    @Test
    void shouldRecognizeShortenedSpellingsOfFrequentWords() {
        EnglishWords words = EnglishWords.get();
        assertThat(words.subsequenceRank("prcnt")).isPositive(); // percent
        assertThat(words.subsequenceRank("vgt")).isPositive(); // vegetation
        assertThat(words.subsequenceRank("ofst")).isPositive(); // offset
        assertThat(words.subsequenceRank("qzxv")).isZero();
        assertThat(words.subsequenceRank("pc")).isZero(); // too short to read back
    }

    @Test
    void shouldScoreWordLikeSpellingsAboveVowelDroppedOnes() {
        EnglishWords words = EnglishWords.get();
        // Neither spelling is looked up: the letter model scores how English the letters read.
        assertThat(words.letterLogLikelihood("height")).isGreaterThan(words.letterLogLikelihood("hght"));
        assertThat(words.letterLogLikelihood("vegetation")).isGreaterThan(words.letterLogLikelihood("vgtn"));
        assertThat(words.letterLogLikelihood("percent")).isGreaterThan(words.letterLogLikelihood("prcnt"));
        assertThat(words.letterLogLikelihood("flurbing")).isGreaterThan(words.letterLogLikelihood("xqzkfw"));
    }

    @Test
    void shouldSegmentRunTogetherTokensIntoWordsAndLeftoverLetters() {
        FeatureExtractor.Segmentation loadPath = extractor.segment("loadpath");
        assertThat(loadPath.words()).isEqualTo(2);
        assertThat(loadPath.leftoverLetters()).isZero();
        FeatureExtractor.Segmentation vegHeight = extractor.segment("vegheight");
        assertThat(vegHeight.words()).isEqualTo(1);
        assertThat(vegHeight.leftoverLetters()).isEqualTo(3);
        assertThat(vegHeight.longestLeftoverRun()).isEqualTo(3);
        FeatureExtractor.Segmentation unknown = extractor.segment("qzxv");
        assertThat(unknown.words()).isZero();
        assertThat(unknown.rarestWordBand()).isZero();
        // "the" is the most frequent word (band 1), "vegetation" is rarer.
        assertThat(extractor.segment("thevegetation").rarestWordBand())
                .isGreaterThan(extractor.segment("the").rarestWordBand());
    }

    @Test
    void shouldReportTheShareOfWordTokensInTheDictionary() {
        assertThat(extractor.analyse("service_name").tokenInDictionaryShare()).isEqualTo(1.0);
        assertThat(extractor.analyse("VisibleID").tokenInDictionaryShare()).isEqualTo(1.0);
        assertThat(extractor.analyse("AccountChk").tokenInDictionaryShare()).isCloseTo(0.5, within(1e-9));
        assertThat(extractor.analyse("DfltSlp").tokenInDictionaryShare()).isZero();
        assertThat(extractor.analyse("Plot_2024").tokenInDictionaryShare()).isEqualTo(1.0); // digits do not count
        assertThat(extractor.analyse("@").tokenInDictionaryShare()).isZero();
    }

    @Test
    void shouldProduceSortedDistinctBucketsWithinTheDimension() {
        FeatureVector v = new FeatureVector();
        extractor.extract("aaaa_aaaa_AAAA", v);
        assertThat(v.size()).isGreaterThan(10);
        for (int i = 0; i < v.size(); i++) {
            assertThat(v.index(i)).isBetween(0, FeatureExtractor.DIMENSION - 1);
            if (i > 0) {
                assertThat(v.index(i)).isGreaterThan(v.index(i - 1));
            }
        }
        FeatureVector again = new FeatureVector();
        extractor.extract("aaaa_aaaa_AAAA", again);
        assertThat(again.size()).isEqualTo(v.size());
    }
}
