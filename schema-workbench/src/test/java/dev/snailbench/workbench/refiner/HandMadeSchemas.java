package dev.snailbench.workbench.refiner;

import dev.snailbench.model.domain.DatabaseSchema;
import dev.snailbench.testkit.LocalStack;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Five small databases written by hand for the refiner's detection (a lending library, a clinic, a shop, a railway,
 * a film festival),
 * names chosen as people name columns, none from the injector's thesaurus, each with the ambiguity a person reading
 * it finds: homonyms, synonyms (a foreign key naming its key differently, declared or not; two columns of one
 * meaning under different words in unrelated tables) and irregular names. Each also holds what is not a synonym:
 * keys referenced under a role ({@code approved_by}, {@code referred_by}, {@code gift_for}) and columns of related
 * but different meanings sharing values ({@code birthplace} / {@code hometown}).
 */
final class HandMadeSchemas {

    /** One database: its DDL and rows, and the ambiguity it holds (columns named {@code table.column}). */
    record Case(String database, String sql, List<String> homonyms, List<String> synonyms, List<String> irregular) {

        List<Ambiguity> truth() {
            List<Ambiguity> out = new ArrayList<>();
            homonyms.forEach(p -> out.add(pair(Ambiguity.Type.HOMONYM, p)));
            synonyms.forEach(p -> out.add(pair(Ambiguity.Type.SYNONYM, p)));
            irregular.forEach(c -> out.add(new Ambiguity(Ambiguity.Type.IRREGULAR, List.of(ref(c)), 0, "hand-made")));
            return out;
        }

        private static Ambiguity pair(Ambiguity.Type type, String pair) {
            String[] p = pair.split(" ~ ");
            return new Ambiguity(type, List.of(ref(p[0]), ref(p[1])), 0, "hand-made");
        }

        private static ColumnRef ref(String key) {
            String[] p = key.split("\\.");
            return new ColumnRef(p[0], p[1]);
        }
    }

    private HandMadeSchemas() {}

    static final Case LIBRARY = new Case(
            "refiner_library",
            """
            CREATE TABLE author (author_id integer PRIMARY KEY, full_name text, birthplace text, born integer);
            INSERT INTO author VALUES (1, 'Sigrid Undset', 'Kalundborg', 1882), (2, 'Knut Hamsun', 'Vaga', 1859),
              (3, 'Selma Lagerlof', 'Sunne', 1858), (4, 'Tove Jansson', 'Helsinki', 1914),
              (5, 'Halldor Laxness', 'Reykjavik', 1902), (6, 'Karen Blixen', 'Rungsted', 1885);
            CREATE TABLE book (book_id integer PRIMARY KEY, title text, writer_id integer REFERENCES author,
              published integer, pg_cnt integer, genre text, status text);
            INSERT INTO book VALUES (1, 'Kristin Lavransdatter', 1, 1920, 1100, 'historical', 'on shelf'),
              (2, 'Hunger', 2, 1890, 240, 'novel', 'on loan'), (3, 'Gosta Berling', 3, 1891, 480, 'novel', 'on shelf'),
              (4, 'The Summer Book', 4, 1972, 170, 'novel', 'lost'), (5, 'Independent People', 5, 1934, 470, 'novel',
              'on loan'), (6, 'Out of Africa', 6, 1937, 400, 'memoir', 'on shelf'), (7, 'Growth of the Soil', 2, 1917,
              420, 'novel', 'in repair'), (8, 'The Wonderful Adventures of Nils', 3, 1906, 540, 'children', 'on loan');
            CREATE TABLE member (member_id integer PRIMARY KEY, full_name text, hometown text, joined date,
              status date);
            INSERT INTO member VALUES (1, 'Ane Berg', 'Bergen', '2019-03-01', '2024-03-01'),
              (2, 'Jonas Lie', 'Helsinki', '2020-05-12', '2025-05-12'), (3, 'Mia Holm', 'Oslo', '2018-01-20', NULL),
              (4, 'Ola Dahl', 'Reykjavik', '2021-09-09', '2026-09-09'), (5, 'Eva Lund', 'Trondheim', '2022-11-30',
              '2027-11-30'), (6, 'Per Moen', 'Bergen', '2017-06-15', NULL);
            CREATE TABLE branch (branch_id integer PRIMARY KEY, branch_name text, municipality text, opened integer);
            INSERT INTO branch VALUES (1, 'Central', 'Bergen', 1917), (2, 'Harbour', 'Oslo', 1965),
              (3, 'Old Town', 'Trondheim', 1931), (4, 'North Shore', 'Tromso', 2004);
            CREATE TABLE staff (staff_id integer PRIMARY KEY, full_name text, branch_id integer REFERENCES branch);
            INSERT INTO staff VALUES (10, 'Rune Haug', 1), (11, 'Liv Strand', 2), (12, 'Siri Vik', 3);
            CREATE TABLE loan (loan_id integer PRIMARY KEY, volume_id integer, patron_id integer REFERENCES member,
              branch_id integer REFERENCES branch, approved_by integer REFERENCES staff, lent date, due date,
              rtrn_dt date);
            INSERT INTO loan VALUES (100, 1, 1, 1, 10, '2024-01-02', '2024-01-23', '2024-01-20'),
              (101, 2, 2, 2, 11, '2024-01-05', '2024-01-26', NULL), (102, 3, 1, 1, 10, '2024-02-01', '2024-02-22',
              '2024-02-10'), (103, 4, 3, 3, 12, '2024-02-03', '2024-02-24', '2024-02-24'),
              (104, 5, 4, 1, 10, '2024-03-01', '2024-03-22', NULL), (105, 8, 6, 2, 11, '2024-03-04', '2024-03-25',
              '2024-03-20');
            """,
            List.of("book.status ~ member.status"),
            List.of(
                    "author.author_id ~ book.writer_id", "book.book_id ~ loan.volume_id",
                    "loan.patron_id ~ member.member_id", "branch.municipality ~ member.hometown"),
            List.of("book.pg_cnt", "loan.rtrn_dt"));

    static final Case CLINIC = new Case(
            "refiner_clinic",
            """
            CREATE TABLE patient (patient_id integer PRIMARY KEY, surname text, born date, sex text, town text,
              insurer text);
            INSERT INTO patient VALUES (1, 'Berg', '1980-02-11', 'F', 'Bergen', 'Gjensidige'),
              (2, 'Dahl', '1975-07-30', 'M', 'Oslo', 'If'), (3, 'Holm', '1990-12-01', 'F', 'Stavanger', 'Tryg'),
              (4, 'Lund', '2001-04-18', 'M', 'Bergen', 'If'), (5, 'Moen', '1968-09-09', 'F', 'Drammen', 'Tryg'),
              (6, 'Vik', '1985-01-25', 'M', 'Alta', 'Gjensidige');
            CREATE TABLE physician (physician_id integer PRIMARY KEY, surname text, specialty text, birthplace text,
              level text, salary integer);
            INSERT INTO physician VALUES (1, 'Aasen', 'cardiology', 'Bergen', 'consultant', 9800),
              (2, 'Brekke', 'general practice', 'Alta', 'senior', 8400),
              (3, 'Eide', 'dermatology', 'Oslo', 'junior', 6100), (4, 'Foss', 'paediatrics', 'Tromso', 'senior', 8400);
            CREATE TABLE ward (ward_id integer PRIMARY KEY, ward_name text, level integer, bd_cnt integer);
            INSERT INTO ward VALUES (1, 'Cardiac', 3, 24), (2, 'Children', 2, 18), (3, 'Day unit', 1, 10);
            CREATE TABLE nurse (nurse_id integer PRIMARY KEY, surname text, ward_id integer REFERENCES ward,
              shft text, wage integer);
            INSERT INTO nurse VALUES (1, 'Hauge', 1, 'night', 5200), (2, 'Isaksen', 2, 'day', 4900),
              (3, 'Jensen', 3, 'day', 4900), (4, 'Kvam', 1, 'evening', 6100);
            CREATE TABLE visit (visit_id integer PRIMARY KEY, client_id integer REFERENCES patient,
              doctor_id integer, referred_by integer REFERENCES physician, visited_at timestamp, complaint text,
              fee integer);
            INSERT INTO visit VALUES (1, 1, 1, NULL, '2024-04-02 09:00', 'chest pain', 1200),
              (2, 2, 2, NULL, '2024-04-02 10:30', 'cough', 400), (3, 3, 3, 2, '2024-04-03 08:15', 'rash', 600),
              (4, 1, 1, 2, '2024-04-05 13:00', 'follow-up', 800), (5, 5, 4, 2, '2024-04-08 11:45', 'fever', 400),
              (6, 6, 2, NULL, '2024-04-09 14:20', 'back pain', 400);
            CREATE TABLE stock (drug text PRIMARY KEY, on_hand integer, unit_cost integer);
            INSERT INTO stock VALUES ('amoxicillin', 300, 2), ('atorvastatin', 120, 3), ('hydrocortisone', 40, 9),
              ('ibuprofen', 900, 1), ('paracetamol', 1500, 1), ('salbutamol', 60, 12);
            CREATE TABLE prescription (rx_id integer PRIMARY KEY, visit_id integer REFERENCES visit,
              medication text, dose_mg integer, days integer);
            INSERT INTO prescription VALUES (1, 1, 'atorvastatin', 20, 90), (2, 2, 'amoxicillin', 500, 7),
              (3, 3, 'hydrocortisone', 10, 14), (4, 5, 'ibuprofen', 400, 5), (5, 5, 'paracetamol', 1000, 5),
              (6, 6, 'ibuprofen', 400, 10);
            """,
            List.of("physician.level ~ ward.level"),
            List.of(
                    "patient.patient_id ~ visit.client_id", "physician.physician_id ~ visit.doctor_id",
                    "nurse.wage ~ physician.salary", "prescription.medication ~ stock.drug"),
            List.of("ward.bd_cnt", "nurse.shft"));

    static final Case SHOP = new Case(
            "refiner_shop",
            """
            CREATE TABLE customer (customer_id integer PRIMARY KEY, email text, region text, signup date);
            INSERT INTO customer VALUES (1, 'ane@example.org', 'North', '2023-01-04'),
              (2, 'bo@example.org', 'West', '2023-02-11'), (3, 'cai@example.org', 'East', '2023-02-20'),
              (4, 'dag@example.org', 'South', '2023-05-01'), (5, 'eli@example.org', 'North', '2023-06-13');
            CREATE TABLE supplier (supplier_id integer PRIMARY KEY, company text, area text, rating text);
            INSERT INTO supplier VALUES (1, 'Acme Tools', 'East', 'A'), (2, 'Borealis Goods', 'North', 'B'),
              (3, 'Coastal Supply', 'West', 'A'), (4, 'Delta Traders', 'South', 'C');
            CREATE TABLE product (sku text PRIMARY KEY, product_title text, vendor text, unit_price numeric,
              rating numeric);
            INSERT INTO product VALUES ('SKU-1001', 'Claw hammer', 'Acme Tools', 19.90, 4.5),
              ('SKU-1002', 'Wool blanket', 'Borealis Goods', 49.00, 4.8),
              ('SKU-1003', 'Rain jacket', 'Coastal Supply', 89.50, 4.1),
              ('SKU-1004', 'Socket set', 'Acme Tools', 59.00, 3.9),
              ('SKU-1005', 'Tea kettle', 'Delta Traders', 24.00, 4.2);
            CREATE TABLE purchase (purchase_id integer PRIMARY KEY, shopper_id integer REFERENCES customer,
              gift_for integer REFERENCES customer, product_code text, qnty integer, placed timestamp);
            INSERT INTO purchase VALUES (1, 1, NULL, 'SKU-1001', 1, '2024-05-01 10:00'),
              (2, 2, 3, 'SKU-1002', 2, '2024-05-01 12:30'), (3, 1, NULL, 'SKU-1003', 1, '2024-05-02 09:10'),
              (4, 4, NULL, 'SKU-1004', 1, '2024-05-03 16:45'), (5, 5, 1, 'SKU-1002', 3, '2024-05-04 08:05'),
              (6, 3, NULL, 'SKU-1005', 1, '2024-05-04 19:20');
            CREATE TABLE shipment (shipment_id integer PRIMARY KEY, purchase_id integer REFERENCES purchase,
              carrier text, dsptchd date);
            INSERT INTO shipment VALUES (1, 1, 'Posten', '2024-05-02'), (2, 2, 'Bring', '2024-05-02'),
              (3, 3, 'Posten', '2024-05-03'), (4, 4, 'DHL', '2024-05-06');
            """,
            List.of("product.rating ~ supplier.rating"),
            List.of(
                    "customer.customer_id ~ purchase.shopper_id", "product.sku ~ purchase.product_code",
                    "product.vendor ~ supplier.company", "customer.region ~ supplier.area"),
            List.of("purchase.qnty", "shipment.dsptchd"));

    static final Case RAILWAY = new Case(
            "refiner_railway",
            """
            CREATE TABLE station (station_id integer PRIMARY KEY, code text, name text, municipality text,
              pltfrms integer, opened integer);
            INSERT INTO station VALUES (1101, 'OSL', 'Oslo S', 'Oslo', 19, 1980),
              (1102, 'LLS', 'Lillestrom', 'Lillestrom', 6, 1996), (1103, 'HMR', 'Hamar', 'Hamar', 4, 1862),
              (1104, 'TND', 'Trondheim S', 'Trondheim', 7, 1884), (1105, 'DRM', 'Drammen', 'Drammen', 5, 1872),
              (1106, 'BRG', 'Bergen', 'Bergen', 7, 1913), (1107, 'VSS', 'Voss', 'Voss', 3, 1909),
              (1108, 'MYR', 'Myrdal', 'Aurland', 2, 1908);
            CREATE TABLE depot (depot_id integer PRIMARY KEY, name text, locality text, built integer);
            INSERT INTO depot VALUES (1, 'Lodalen', 'Oslo', 1909), (2, 'Marienborg', 'Trondheim', 1913),
              (3, 'Kronstad', 'Bergen', 1884), (4, 'Sorlandet', 'Kristiansand', 1938);
            CREATE TABLE staff (staff_id integer PRIMARY KEY, name text, email text, grade integer, hired date);
            INSERT INTO staff VALUES (31, 'Kari Nordmann', 'kari.n@rail.example', 4, '2009-08-01'),
              (32, 'Ola Hansen', 'ola.h@rail.example', 6, '2012-02-15'),
              (33, 'Ingrid Berg', 'ingrid.b@rail.example', 5, '2015-06-01'),
              (34, 'Per Olsen', 'per.o@rail.example', 3, '2019-09-01'),
              (35, 'Sunniva Lie', 'sunniva.l@rail.example', 7, '2004-01-10');
            CREATE TABLE train (train_id integer PRIMARY KEY, model text, seats integer, mx_spd integer,
              depot_id integer REFERENCES depot);
            INSERT INTO train VALUES (2201, 'Stadler Flirt', 281, 200, 1), (2202, 'Stadler Flirt', 281, 200, 1),
              (2203, 'Bombardier Talent', 248, 160, 2), (2204, 'Siemens Vectron', 0, 200, 3),
              (2205, 'Stadler Flirt', 281, 200, 3), (2206, 'Bombardier Talent', 248, 160, 4);
            CREATE TABLE journey (journey_id integer PRIMARY KEY, unit_no integer, driver_id integer REFERENCES staff,
              guard_id integer REFERENCES staff, departs timestamp, dly_min integer);
            INSERT INTO journey VALUES (601, 2206, 31, 33, '2024-06-01 07:02', 0), (602, 2203, 32, 34,
              '2024-06-01 08:15', 4), (603, 2204, 31, 35, '2024-06-01 09:40', 12), (604, 2205, 35, 33,
              '2024-06-02 07:02', 0), (605, 2206, 32, 34, '2024-06-02 16:30', 2), (606, 2203, 34, 31,
              '2024-06-03 06:45', 0);
            CREATE TABLE stop (journey_id integer REFERENCES journey, halt_id integer REFERENCES station,
              seq integer, arrives time, PRIMARY KEY (journey_id, seq));
            INSERT INTO stop VALUES (601, 1101, 1, '07:02'), (601, 1102, 2, '07:14'), (601, 1103, 3, '08:20'),
              (602, 1105, 1, '08:15'), (602, 1101, 2, '08:52'), (603, 1106, 1, '09:40'), (603, 1107, 2, '10:55'),
              (603, 1108, 3, '11:42'), (604, 1101, 1, '07:02'), (604, 1104, 2, '13:40'), (605, 1103, 1, '16:30'),
              (606, 1107, 1, '06:45');
            CREATE TABLE fare (code text PRIMARY KEY, price numeric, refundable boolean);
            INSERT INTO fare VALUES ('ADULT', 249.00, true), ('CHILD', 124.50, true), ('SENIOR', 186.75, true),
              ('STUDENT', 186.75, false), ('FAMILY', 599.00, false);
            CREATE TABLE passenger (passenger_id integer PRIMARY KEY, given_name text, family_name text,
              email text, born date);
            INSERT INTO passenger SELECT 5000 + g,
              (ARRAY['Astrid', 'Bjorn', 'Camilla', 'Didrik', 'Eirin', 'Fredrik', 'Guro', 'Halvor'])[1 + g % 8],
              (ARRAY['Aas', 'Bakke', 'Dale', 'Eriksen', 'Fjeld', 'Haugen', 'Lunde', 'Moe', 'Naess', 'Rud'])[1 + g % 10],
              'traveller' || g || '@mail.example', date '1950-01-01' + g * 211
              FROM generate_series(1, 60) g;
            CREATE TABLE ticket (ticket_id integer PRIMARY KEY, traveller_id integer, journey_id integer
              REFERENCES journey, origin integer REFERENCES station, destination integer REFERENCES station,
              fare_code text, sold date);
            INSERT INTO ticket SELECT 90000 + g, 5003 + (g * 7) % 57, 601 + g % 6, 1101 + g % 3, 1104 + g % 5,
              (ARRAY['ADULT', 'CHILD', 'SENIOR', 'STUDENT', 'FAMILY'])[1 + g % 5], date '2024-05-20' + g % 12
              FROM generate_series(1, 120) g;
            """,
            List.of("staff.name ~ station.name", "depot.name ~ staff.name", "fare.code ~ station.code"),
            List.of(
                    "station.station_id ~ stop.halt_id",
                    "journey.unit_no ~ train.train_id",
                    "passenger.passenger_id ~ ticket.traveller_id",
                    "fare.code ~ ticket.fare_code",
                    "depot.locality ~ station.municipality"),
            List.of("station.pltfrms", "train.mx_spd", "journey.dly_min"));

    static final Case FESTIVAL = new Case(
            "refiner_festival",
            """
            CREATE TABLE venue (venue_id integer PRIMARY KEY, venue_name text, city text, capacity integer,
              scrn_cnt integer, rating numeric);
            INSERT INTO venue VALUES (1, 'Colosseum', 'Oslo', 1200, 7, 4.6), (2, 'Cinemateket', 'Oslo', 210, 2, 4.8),
              (3, 'Bio Paradis', 'Copenhagen', 150, 1, 4.3), (4, 'Vega Scene', 'Oslo', 300, 3, 4.1),
              (5, 'Zita Folkets Bio', 'Stockholm', 420, 4, 4.4), (6, 'Verdensteatret', 'Tromso', 280, 1, 4.7);
            CREATE TABLE director (director_id integer PRIMARY KEY, full_name text, nationality text,
              birth_city text, debut integer);
            INSERT INTO director VALUES (21, 'Maren Lid', 'Norway', 'Oslo', 2006),
              (22, 'Oskar Sund', 'Sweden', 'Stockholm', 2004), (23, 'Aino Virta', 'Finland', 'Tampere', 1983),
              (24, 'Mads Kjaer', 'Denmark', 'Copenhagen', 1996), (25, 'Lova Ek', 'Sweden', 'Malmo', 2010),
              (26, 'Trine Foss', 'Norway', 'Fredrikstad', 2002);
            CREATE TABLE film (film_id integer PRIMARY KEY, title text, filmmaker_id integer REFERENCES director,
              runtime integer, release_year integer, rating text);
            INSERT INTO film VALUES (1, 'The Long Winter', 21, 128, 2024, '12A'), (2, 'Salt Harbour', 22, 97, 2025, '15'),
              (3, 'Birch Light', 23, 84, 2024, 'PG'), (4, 'Ferry Nights', 24, 112, 2025, '15'),
              (5, 'Little Gull', 25, 76, 2025, 'U'), (6, 'Snow Radio', 26, 141, 2023, '18'),
              (7, 'North of Nowhere', 21, 103, 2025, '12A'), (8, 'Glass Fjord', 24, 118, 2024, 'PG');
            CREATE TABLE screening (screening_id integer PRIMARY KEY, movie_id integer, location text,
              starts timestamp, tkts_sld integer, status text);
            INSERT INTO screening VALUES (301, 1, 'Colosseum', '2025-08-20 19:00', 1150, 'sold out'),
              (302, 2, 'Cinemateket', '2025-08-20 18:30', 180, 'open'),
              (303, 3, 'Bio Paradis', '2025-08-21 17:00', 95, 'open'),
              (304, 4, 'Vega Scene', '2025-08-21 21:00', 300, 'sold out'),
              (305, 5, 'Zita Folkets Bio', '2025-08-22 14:00', 0, 'cancelled'),
              (306, 6, 'Colosseum', '2025-08-22 20:00', 870, 'open'),
              (307, 7, 'Verdensteatret', '2025-08-23 19:30', 280, 'sold out'),
              (308, 8, 'Cinemateket', '2025-08-23 16:00', 205, 'open'),
              (309, 1, 'Vega Scene', '2025-08-24 18:00', 240, 'open'),
              (310, 4, 'Colosseum', '2025-08-24 21:30', 990, 'open');
            CREATE TABLE juror (juror_id integer PRIMARY KEY, full_name text, homeland text, title text, fee integer);
            INSERT INTO juror VALUES (41, 'Ingrid Sol', 'Norway', 'Prof', 3000), (42, 'Jacques Morel', 'France', 'Dr',
              4000), (43, 'Signe Holm', 'Denmark', 'Ms', 2500), (44, 'Dariush Karimi', 'Iran', 'Mr', 3000),
              (45, 'Elin Berg', 'Sweden', 'Dr', 2500);
            CREATE TABLE guest (guest_id integer PRIMARY KEY, full_name text, honorarium integer, arr_dt date,
              invited_by integer REFERENCES juror);
            INSERT INTO guest VALUES (71, 'Hanne Ruud', 1800, '2025-08-19', 41), (72, 'Tomas Lind', 2200, '2025-08-20',
              NULL), (73, 'Aiko Mori', 3500, '2025-08-18', 42), (74, 'Pekka Salo', 1500, '2025-08-21', 43),
              (75, 'Rosa Vidal', 5000, '2025-08-19', NULL), (76, 'Nils Aune', 2000, '2025-08-22', 41);
            CREATE TABLE award (award_id integer PRIMARY KEY, prize text, film_id integer REFERENCES film,
              presented_by integer REFERENCES juror, purse integer);
            INSERT INTO award VALUES (1, 'Golden Ray', 6, 42, 20000), (2, 'Jury Prize', 3, 45, 10000),
              (3, 'Audience Award', 1, 41, 5000), (4, 'Best Debut', 5, 43, 7500);
            """,
            List.of("film.title ~ juror.title", "film.rating ~ venue.rating"),
            List.of(
                    "director.director_id ~ film.filmmaker_id",
                    "film.film_id ~ screening.movie_id",
                    "award.film_id ~ screening.movie_id",
                    "director.nationality ~ juror.homeland",
                    "guest.honorarium ~ juror.fee",
                    "screening.location ~ venue.venue_name"),
            List.of("venue.scrn_cnt", "screening.tkts_sld", "guest.arr_dt"));

    static final List<Case> ALL = List.of(LIBRARY, CLINIC, SHOP, RAILWAY, FESTIVAL);

    /**
     * The case's database created (again) in the embedded teams' PostgreSQL, schema {@code public}, and read back as
     * the executor's introspection reads it for the refiner: tables, types, keys, and the {@code k} distinct values
     * of lowest hash per column.
     */
    static DatabaseSchema load(Case c, int k) throws SQLException {
        LocalStack.targets().createDatabase(c.database());
        try (Connection conn = LocalStack.targets().connect(c.database());
                Statement s = conn.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public");
            s.execute(c.sql());
            return DatasetSchemas.withSamples(read(conn), c.database(), k, true);
        }
    }

    private static DatabaseSchema read(Connection conn) throws SQLException {
        DatabaseMetaData md = conn.getMetaData();
        List<DatabaseSchema.Table> tables = new ArrayList<>();
        List<String> names = new ArrayList<>();
        try (ResultSet rs = md.getTables(null, "public", "%", new String[] {"TABLE"})) {
            while (rs.next()) {
                names.add(rs.getString("TABLE_NAME"));
            }
        }
        for (String t : names) {
            List<DatabaseSchema.Column> columns = new ArrayList<>();
            try (ResultSet rs = md.getColumns(null, "public", t, "%")) {
                while (rs.next()) {
                    String type = rs.getString("TYPE_NAME");
                    columns.add(new DatabaseSchema.Column(
                            rs.getString("COLUMN_NAME"), type, DatasetSchemas.valueType(type), true, List.of()));
                }
            }
            List<String> pk = new ArrayList<>();
            try (ResultSet rs = md.getPrimaryKeys(null, "public", t)) {
                while (rs.next()) {
                    pk.add(rs.getString("COLUMN_NAME"));
                }
            }
            Map<String, DatabaseSchema.ForeignKey> fks = new LinkedHashMap<>();
            try (ResultSet rs = md.getImportedKeys(null, "public", t)) {
                while (rs.next()) {
                    String name = rs.getString("FK_NAME");
                    DatabaseSchema.ForeignKey fk = fks.computeIfAbsent(name, n -> {
                        try {
                            return new DatabaseSchema.ForeignKey(
                                    n, new ArrayList<>(), "public", rs.getString("PKTABLE_NAME"), new ArrayList<>());
                        } catch (SQLException e) {
                            throw new IllegalStateException(e);
                        }
                    });
                    fk.columns().add(rs.getString("FKCOLUMN_NAME"));
                    fk.refColumns().add(rs.getString("PKCOLUMN_NAME"));
                }
            }
            tables.add(new DatabaseSchema.Table("public", t, "TABLE", columns, pk, new ArrayList<>(fks.values())));
        }
        return new DatabaseSchema("PostgreSQL", "hand-made", tables, false);
    }
}
