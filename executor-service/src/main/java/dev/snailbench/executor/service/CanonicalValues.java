package dev.snailbench.executor.service;

import dev.snailbench.model.domain.ResultColumn.ValueType;
import dev.snailbench.model.domain.SqlDialect;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.Locale;

/**
 * Turns JDBC values into the canonical text of {@link dev.snailbench.model.domain.ExecutionOutcome}: decimals as
 * the database gave them (no binary float noise), dates and times in ISO-8601, SQL NULL as null.
 */
public final class CanonicalValues {

    /** SQL Server's {@code datetimeoffset} (microsoft.sql.Types.DATETIMEOFFSET). */
    private static final int MSSQL_DATETIMEOFFSET = -155;

    private CanonicalValues() {}

    public static ValueType typeOf(int jdbcType, String typeName, SqlDialect dialect) {
        String name = typeName == null ? "" : typeName.toLowerCase(Locale.ROOT);
        return switch (jdbcType) {
            case Types.TINYINT,
                    Types.SMALLINT,
                    Types.INTEGER,
                    Types.BIGINT,
                    Types.DECIMAL,
                    Types.NUMERIC,
                    Types.REAL,
                    Types.FLOAT,
                    Types.DOUBLE -> ValueType.NUMBER;
            case Types.CHAR,
                    Types.VARCHAR,
                    Types.LONGVARCHAR,
                    Types.NCHAR,
                    Types.NVARCHAR,
                    Types.LONGNVARCHAR,
                    Types.CLOB,
                    Types.NCLOB -> ValueType.TEXT;
            case Types.BOOLEAN -> ValueType.BOOLEAN;
            // PostgreSQL reports bool as BIT; its bit(n) strings are not booleans.
            case Types.BIT ->
                name.equals("bool") || dialect == SqlDialect.SQLSERVER ? ValueType.BOOLEAN : ValueType.OTHER;
            case Types.DATE -> ValueType.DATE;
            case Types.TIME, Types.TIME_WITH_TIMEZONE -> ValueType.TIME;
            case Types.TIMESTAMP, Types.TIMESTAMP_WITH_TIMEZONE, MSSQL_DATETIMEOFFSET -> ValueType.TIMESTAMP;
            case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY, Types.BLOB -> ValueType.BINARY;
            default -> ValueType.OTHER;
        };
    }

    /** The canonical text of column {@code i} of the current row. */
    public static String read(ResultSet rs, int i, int jdbcType, String typeName, ValueType type) throws SQLException {
        String name = typeName == null ? "" : typeName.toLowerCase(Locale.ROOT);
        try {
            return switch (type) {
                case NUMBER -> number(rs, i, jdbcType);
                case TEXT, OTHER -> rs.getString(i);
                case BOOLEAN -> {
                    boolean b = rs.getBoolean(i);
                    yield rs.wasNull() ? null : Boolean.toString(b);
                }
                case DATE -> {
                    LocalDate d = rs.getObject(i, LocalDate.class);
                    // PostgreSQL's 'infinity' arrives as MAX/MIN: keep the database's word for it.
                    yield d == null
                            ? null
                            : d.equals(LocalDate.MAX) || d.equals(LocalDate.MIN) ? rs.getString(i) : d.toString();
                }
                case TIME -> {
                    if (jdbcType == Types.TIME_WITH_TIMEZONE || name.equals("timetz")) {
                        OffsetTime t = rs.getObject(i, OffsetTime.class);
                        yield t == null ? null : t.format(DateTimeFormatter.ISO_OFFSET_TIME);
                    }
                    LocalTime t = rs.getObject(i, LocalTime.class);
                    yield t == null ? null : t.format(DateTimeFormatter.ISO_LOCAL_TIME);
                }
                case TIMESTAMP -> {
                    if (jdbcType == Types.TIMESTAMP_WITH_TIMEZONE
                            || jdbcType == MSSQL_DATETIMEOFFSET
                            || name.equals("timestamptz")) {
                        OffsetDateTime t = rs.getObject(i, OffsetDateTime.class);
                        yield t == null
                                ? null
                                : t.equals(OffsetDateTime.MAX) || t.equals(OffsetDateTime.MIN)
                                        ? rs.getString(i)
                                        : t.format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
                    }
                    LocalDateTime t = rs.getObject(i, LocalDateTime.class);
                    yield t == null
                            ? null
                            : t.equals(LocalDateTime.MAX) || t.equals(LocalDateTime.MIN)
                                    ? rs.getString(i)
                                    : t.format(DateTimeFormatter.ISO_LOCAL_DATE_TIME);
                }
                case BINARY -> {
                    byte[] bytes = rs.getBytes(i);
                    yield bytes == null ? null : HexFormat.of().formatHex(bytes);
                }
            };
        } catch (SQLException | RuntimeException e) {
            // Values Java cannot represent (PostgreSQL 'infinity' dates, numeric 'NaN'): keep the database's text.
            if (e instanceof SQLException sql
                    && sql.getSQLState() != null
                    && !sql.getSQLState().startsWith("22")
                    && !sql.getSQLState().startsWith("0A")) {
                throw sql;
            }
            return rs.getString(i);
        }
    }

    private static String number(ResultSet rs, int i, int jdbcType) throws SQLException {
        switch (jdbcType) {
            case Types.REAL -> {
                float f = rs.getFloat(i);
                return rs.wasNull() ? null : floating(Float.toString(f), Float.isFinite(f));
            }
            case Types.FLOAT, Types.DOUBLE -> {
                double d = rs.getDouble(i);
                return rs.wasNull() ? null : floating(Double.toString(d), Double.isFinite(d));
            }
            case Types.DECIMAL, Types.NUMERIC -> {
                BigDecimal value = rs.getBigDecimal(i);
                return value == null ? null : value.toPlainString();
            }
            default -> {
                return rs.getString(i);
            }
        }
    }

    /** Shortest decimal that round-trips the float, in plain notation ("1.0E-5" becomes "0.00001"). */
    private static String floating(String javaText, boolean finite) {
        if (!finite) {
            return javaText;
        }
        BigDecimal d = new BigDecimal(javaText).stripTrailingZeros();
        return d.signum() == 0 ? "0" : d.toPlainString();
    }
}
