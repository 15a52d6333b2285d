package dev.snailbench.datasets;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads the first worksheet of an .xlsx workbook (a zip of SpreadsheetML parts) as rows of cell texts, the way
 * pandas' {@code read_excel(file)} sees it with its default first sheet: shared and inline strings as written
 * (Excel's {@code _xHHHH_} escapes are left as they are, as openpyxl leaves them), numbers as their literal text,
 * booleans as {@code TRUE}/{@code FALSE}, an absent cell as {@code null}. Only what the SNAILS annotation files
 * need: no styles, dates or formulas' recomputation (a formula's cached value is read).
 */
final class Xlsx {

    private static final String MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
    private static final String RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

    private Xlsx() {}

    /** The rows of the first sheet, each a list indexed by column (A = 0), trailing absent cells cut off. */
    static List<List<String>> firstSheet(Path file) throws IOException {
        try (ZipFile zip = new ZipFile(file.toFile())) {
            String sheet = firstSheetPart(zip);
            List<String> shared = zip.getEntry("xl/sharedStrings.xml") == null ? List.of() : sharedStrings(zip);
            return rows(zip, sheet, shared);
        } catch (ZipException e) {
            throw new IOException("is not an .xlsx workbook (not a zip: " + e.getMessage() + ")");
        } catch (XMLStreamException e) {
            throw new IOException("is not an .xlsx workbook (bad XML: " + oneLine(e.getMessage()) + ")");
        }
    }

    /** The part name of the workbook's first sheet, through the workbook's relationships. */
    private static String firstSheetPart(ZipFile zip) throws IOException, XMLStreamException {
        String relId = null;
        try (Parser p = new Parser(zip, "xl/workbook.xml")) {
            while (relId == null && p.next()) {
                if (p.starts("sheet")) {
                    relId = p.r.getAttributeValue(RELS, "id");
                }
            }
        }
        if (relId == null) {
            throw new IOException("is not an .xlsx workbook (xl/workbook.xml names no sheet)");
        }
        try (Parser p = new Parser(zip, "xl/_rels/workbook.xml.rels")) {
            while (p.next()) {
                if (p.r.getEventType() == XMLStreamConstants.START_ELEMENT
                        && p.r.getLocalName().equals("Relationship")
                        && relId.equals(p.r.getAttributeValue(null, "Id"))) {
                    String target = p.r.getAttributeValue(null, "Target");
                    return target.startsWith("/") ? target.substring(1) : "xl/" + target;
                }
            }
        }
        throw new IOException("is not an .xlsx workbook (no relationship " + relId + " for its first sheet)");
    }

    private static List<String> sharedStrings(ZipFile zip) throws IOException, XMLStreamException {
        List<String> out = new ArrayList<>();
        try (Parser p = new Parser(zip, "xl/sharedStrings.xml")) {
            while (p.next()) {
                if (p.starts("si")) {
                    out.add(text(p.r, "si"));
                }
            }
        }
        return out;
    }

    private static List<List<String>> rows(ZipFile zip, String sheet, List<String> shared)
            throws IOException, XMLStreamException {
        List<List<String>> rows = new ArrayList<>();
        try (Parser p = new Parser(zip, sheet)) {
            List<String> row = null;
            int nextColumn = 0;
            while (p.next()) {
                if (p.starts("row")) {
                    int number = rowNumber(p.r.getAttributeValue(null, "r"), rows.size() + 1);
                    while (rows.size() < number - 1) {
                        rows.add(new ArrayList<>()); // rows the writer left out are empty
                    }
                    row = new ArrayList<>();
                    rows.add(row);
                    nextColumn = 0;
                } else if (p.starts("c") && row != null) {
                    String ref = p.r.getAttributeValue(null, "r");
                    int column = ref == null ? nextColumn : column(ref);
                    String value = cell(p.r, p.r.getAttributeValue(null, "t"), shared, sheet, ref);
                    while (row.size() <= column) {
                        row.add(null);
                    }
                    row.set(column, value);
                    nextColumn = column + 1;
                }
            }
        }
        for (List<String> r : rows) {
            while (!r.isEmpty() && r.get(r.size() - 1) == null) {
                r.remove(r.size() - 1);
            }
        }
        return rows;
    }

    /** Reads one {@code <c>} element to its end; returns its value as text. */
    private static String cell(XMLStreamReader r, String type, List<String> shared, String sheet, String ref)
            throws IOException, XMLStreamException {
        String value = null;
        String inline = null;
        while (r.hasNext()) {
            int event = r.next();
            if (event == XMLStreamConstants.START_ELEMENT && r.getLocalName().equals("v")) {
                value = r.getElementText();
            } else if (event == XMLStreamConstants.START_ELEMENT
                    && r.getLocalName().equals("is")) {
                inline = text(r, "is");
            } else if (event == XMLStreamConstants.END_ELEMENT
                    && r.getLocalName().equals("c")) {
                break;
            }
        }
        if ("inlineStr".equals(type)) {
            return inline;
        }
        if (value == null) {
            return null;
        }
        if ("s".equals(type)) {
            try {
                return shared.get(Integer.parseInt(value.strip()));
            } catch (NumberFormatException | IndexOutOfBoundsException e) {
                throw new IOException("is not an .xlsx workbook (" + sheet + " cell " + ref
                        + " points at shared string " + value + ", which does not exist)");
            }
        }
        if ("b".equals(type)) {
            return "1".equals(value.strip()) ? "TRUE" : "FALSE";
        }
        return value; // n (number), str (a formula's text), e (an error such as #N/A)
    }

    /** The text of a string item ({@code <si>} or {@code <is>}): its {@code <t>} runs, without phonetic runs. */
    private static String text(XMLStreamReader r, String element) throws XMLStreamException {
        StringBuilder sb = new StringBuilder();
        int phonetic = 0;
        while (r.hasNext()) {
            int event = r.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                if (r.getLocalName().equals("rPh")) {
                    phonetic++;
                } else if (r.getLocalName().equals("t") && phonetic == 0) {
                    sb.append(r.getElementText());
                }
            } else if (event == XMLStreamConstants.END_ELEMENT) {
                if (r.getLocalName().equals("rPh")) {
                    phonetic--;
                } else if (r.getLocalName().equals(element)) {
                    break;
                }
            }
        }
        return sb.toString();
    }

    private static int rowNumber(String r, int fallback) {
        try {
            return r == null ? fallback : Integer.parseInt(r);
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    /** The zero-based column of a cell reference such as {@code AB12}. */
    static int column(String ref) {
        int column = 0;
        for (int i = 0; i < ref.length() && Character.isLetter(ref.charAt(i)); i++) {
            column = column * 26 + (Character.toUpperCase(ref.charAt(i)) - 'A' + 1);
        }
        return column - 1;
    }

    private static String oneLine(String s) {
        return String.valueOf(s).replaceAll("\\s+", " ").strip();
    }

    /** A StAX reader over one part of the zip (no DTDs, no external entities). */
    private static final class Parser implements AutoCloseable {
        private static final XMLInputFactory FACTORY = XMLInputFactory.newFactory();

        static {
            FACTORY.setProperty(XMLInputFactory.SUPPORT_DTD, false);
            FACTORY.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        }

        final XMLStreamReader r;
        private final InputStream in;

        Parser(ZipFile zip, String part) throws IOException, XMLStreamException {
            ZipEntry entry = zip.getEntry(part);
            if (entry == null) {
                throw new IOException("is not an .xlsx workbook (no " + part + ")");
            }
            in = zip.getInputStream(entry);
            r = FACTORY.createXMLStreamReader(in, "UTF-8");
        }

        boolean next() throws XMLStreamException {
            if (!r.hasNext()) {
                return false;
            }
            r.next();
            return true;
        }

        boolean starts(String local) {
            return r.getEventType() == XMLStreamConstants.START_ELEMENT
                    && r.getLocalName().equals(local)
                    && MAIN.equals(r.getNamespaceURI());
        }

        @Override
        public void close() throws IOException {
            try {
                r.close();
            } catch (XMLStreamException e) {
                // closing a reader of a part already read through: nothing to report
            } finally {
                in.close();
            }
        }
    }

    /** A header row's names to their columns (the first, when a name repeats). */
    static Map<String, Integer> header(List<String> headerRow) {
        Map<String, Integer> out = new HashMap<>();
        for (int i = 0; i < headerRow.size(); i++) {
            if (headerRow.get(i) != null) {
                out.putIfAbsent(headerRow.get(i), i);
            }
        }
        return out;
    }
}
