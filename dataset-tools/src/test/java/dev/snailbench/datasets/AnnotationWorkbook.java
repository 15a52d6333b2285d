package dev.snailbench.datasets;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Writes small .xlsx workbooks in the shape the SNAILS authors' tools save their annotation files: one sheet,
 * {@code Sheet1}, a header row with pandas' unnamed index column first (an empty cell), text in the shared-string
 * table, numbers as numbers. Texts can instead be inline strings or rich-text runs, as other writers store them.
 */
final class AnnotationWorkbook {

    /** How the texts of a workbook are stored. */
    enum Strings {
        SHARED,
        INLINE,
        RICH_TEXT_RUNS
    }

    static final List<String> HEADER = List.of(
            "number",
            "question",
            "query_gold",
            "query_predicted",
            SnailsPredictions.ANSWER,
            "col_naturalness_modifier",
            "manual_match");

    private AnnotationWorkbook() {}

    /** One reviewed row: the number, the answer against the level's names, and the level code. */
    static List<Object> row(int number, String answer, String level) {
        List<Object> r = new ArrayList<>();
        r.add(number - 1); // pandas' index
        r.add(number);
        r.add("Question " + number + "?");
        r.add("select gold_" + number);
        r.add("-- mapped to native names: " + answer);
        r.add(answer);
        r.add(level);
        r.add(1);
        return r;
    }

    /** A workbook of the given rows under {@link #HEADER} (after the index column). */
    static void write(Path file, List<List<Object>> rows, Strings strings) throws IOException {
        List<Object> header = new ArrayList<>();
        header.add(null);
        header.addAll(HEADER);
        List<List<Object>> all = new ArrayList<>();
        all.add(header);
        all.addAll(rows);
        writeRaw(file, all, strings);
    }

    /** Any rows, the first being the header; {@code null} leaves a cell out. */
    static void writeRaw(Path file, List<List<Object>> rows, Strings strings) throws IOException {
        List<String> shared = new ArrayList<>();
        StringBuilder sheet = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
                + "<worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\"><sheetData>");
        for (int i = 0; i < rows.size(); i++) {
            sheet.append("<row r=\"").append(i + 1).append("\">");
            List<Object> r = rows.get(i);
            for (int c = 0; c < r.size(); c++) {
                Object v = r.get(c);
                if (v == null) {
                    continue;
                }
                String ref = (char) ('A' + c) + String.valueOf(i + 1);
                if (v instanceof Number n) {
                    sheet.append("<c r=\"")
                            .append(ref)
                            .append("\" t=\"n\"><v>")
                            .append(n)
                            .append("</v></c>");
                } else if (strings == Strings.INLINE) {
                    sheet.append("<c r=\"")
                            .append(ref)
                            .append("\" t=\"inlineStr\"><is><t xml:space=\"preserve\">")
                            .append(escape(v.toString()))
                            .append("</t></is></c>");
                } else {
                    sheet.append("<c r=\"")
                            .append(ref)
                            .append("\" t=\"s\"><v>")
                            .append(shared.size())
                            .append("</v></c>");
                    shared.add(v.toString());
                }
            }
            sheet.append("</row>");
        }
        sheet.append("</sheetData></worksheet>");
        StringBuilder sst = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
                + "<sst xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\" count=\"" + shared.size()
                + "\" uniqueCount=\"" + shared.size() + "\">");
        for (String s : shared) {
            if (strings == Strings.RICH_TEXT_RUNS && s.length() > 1) {
                // Split in two formatted runs, with a phonetic run that is not part of the text.
                int half = s.length() / 2;
                sst.append("<si><r><rPr><b/></rPr><t xml:space=\"preserve\">")
                        .append(escape(s.substring(0, half)))
                        .append("</t></r><r><t xml:space=\"preserve\">")
                        .append(escape(s.substring(half)))
                        .append("</t></r><rPh sb=\"0\" eb=\"1\"><t>PHONETIC</t></rPh></si>");
            } else {
                sst.append("<si><t xml:space=\"preserve\">").append(escape(s)).append("</t></si>");
            }
        }
        sst.append("</sst>");
        Files.createDirectories(file.getParent());
        try (OutputStream out = Files.newOutputStream(file);
                ZipOutputStream zip = new ZipOutputStream(out)) {
            put(
                    zip,
                    "[Content_Types].xml",
                    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                            + "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
                            + "<Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
                            + "<Default Extension=\"xml\" ContentType=\"application/xml\"/></Types>");
            put(
                    zip,
                    "xl/workbook.xml",
                    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                            + "<workbook xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\" "
                            + "xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\">"
                            + "<sheets><sheet name=\"Sheet1\" sheetId=\"1\" r:id=\"rId7\"/></sheets></workbook>");
            // The sheet part is not called sheet1.xml: the reader must follow the relationship.
            put(
                    zip,
                    "xl/_rels/workbook.xml.rels",
                    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                            + "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
                            + "<Relationship Id=\"rId1\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles\" Target=\"styles.xml\"/>"
                            + "<Relationship Id=\"rId7\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet\" Target=\"worksheets/data.xml\"/>"
                            + "</Relationships>");
            put(zip, "xl/worksheets/data.xml", sheet.toString());
            put(zip, "xl/sharedStrings.xml", sst.toString());
        }
    }

    private static void put(ZipOutputStream zip, String name, String content) throws IOException {
        zip.putNextEntry(new ZipEntry(name));
        zip.write(content.getBytes(StandardCharsets.UTF_8));
        zip.closeEntry();
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
