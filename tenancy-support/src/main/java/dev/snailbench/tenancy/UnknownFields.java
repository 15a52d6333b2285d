package dev.snailbench.tenancy;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.DeserializationProblemHandler;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.type.ArrayType;
import com.fasterxml.jackson.databind.type.CollectionType;
import com.fasterxml.jackson.databind.type.MapType;
import dev.snailbench.model.request.RequestPaths;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;

/**
 * Every field of a request body that its type does not have, found in one reading: the body is read to its end with
 * unknown fields skipped and noted ({@link Collector}), then refused naming all of them in the order of their paths
 * ({@link JsonErrors}), so a caller fixes every typo at once instead of one per try.
 */
public final class UnknownFields extends MismatchedInputException {

    /** Fields noted per body; more are counted, not kept (a made-up body of a million fields stays small). */
    static final int MAX_KEPT = 50;

    /** One unknown field: its JSON path ({@code questions[1].sqll}), its name, and the names its object knows. */
    public record Field(String path, String name, Collection<Object> known) {}

    private final transient List<Field> fields;
    private final int count;

    UnknownFields(JsonParser parser, List<Field> fields, int count) {
        super(parser, "unknown fields " + fields.stream().map(Field::path).toList(), (Class<?>) null);
        this.fields = List.copyOf(fields);
        this.count = count;
    }

    /** The unknown fields noted, in the order of their paths (at most {@link #MAX_KEPT}). */
    public List<Field> fields() {
        return fields;
    }

    /** How many unknown fields the body has in all. */
    public int count() {
        return count;
    }

    /** Notes an unknown field and skips its value; the body is refused once it has been read ({@link AtRoot}). */
    static final class Collector extends DeserializationProblemHandler {

        private static final Object KEY = Collector.class;

        @Override
        public boolean handleUnknownProperty(
                DeserializationContext context,
                JsonParser p,
                JsonDeserializer<?> deserializer,
                Object beanOrClass,
                String name)
                throws IOException {
            Noted noted = noted(context);
            if (noted.fields.size() < MAX_KEPT) {
                // A record's unknown fields are handed over from a buffer once it is read: where the object is comes
                // from the path noted when its reading began.
                String at = noted.objects.isEmpty() ? "" : noted.objects.peek();
                noted.fields.add(new Field(
                        at.isEmpty() ? name : at + "." + name,
                        name,
                        deserializer == null ? null : deserializer.getKnownPropertyNames()));
            }
            noted.count++;
            p.skipChildren();
            return true;
        }

        private static Noted noted(DeserializationContext context) {
            Noted noted = (Noted) context.getAttribute(KEY);
            if (noted == null) {
                noted = new Noted();
                context.setAttribute(KEY, noted);
            }
            return noted;
        }

        /** An object's reading begins: its path, from the parser's position in the body. */
        static void entering(JsonParser p, DeserializationContext context) {
            noted(context).objects.push(pathOf(p.getParsingContext()));
        }

        static void leaving(DeserializationContext context) {
            Noted noted = (Noted) context.getAttribute(KEY);
            if (noted != null && !noted.objects.isEmpty()) {
                noted.objects.pop();
            }
        }

        /** Throws the noted fields once the body's top-level value has been read. */
        static void refuseAtRoot(JsonParser p, DeserializationContext context) throws UnknownFields {
            Noted noted = (Noted) context.getAttribute(KEY);
            if (noted != null
                    && noted.count > 0
                    && (p.getParsingContext() == null || p.getParsingContext().inRoot())) {
                context.setAttribute(KEY, null);
                List<Field> sorted = new ArrayList<>(noted.fields);
                sorted.sort(Comparator.comparing(f -> RequestPaths.sortable(f.path())));
                throw new UnknownFields(p, sorted, noted.count);
            }
        }

        /** {@code questions[1]}: where the object or array whose context this is lies, from the body's top. */
        private static String pathOf(JsonStreamContext context) {
            Deque<String> parts = new ArrayDeque<>();
            for (JsonStreamContext c = context;
                    c != null && c.getParent() != null && !c.getParent().inRoot();
                    c = c.getParent()) {
                JsonStreamContext parent = c.getParent();
                parts.push(parent.inArray() ? "[" + parent.getCurrentIndex() + "]" : "." + parent.getCurrentName());
            }
            String path = String.join("", parts);
            return path.startsWith(".") ? path.substring(1) : path;
        }

        private static final class Noted {
            final List<Field> fields = new ArrayList<>();
            final Deque<String> objects = new ArrayDeque<>();
            int count;
        }
    }

    /** Wraps the deserializers of objects, lists and maps so that the top-level one refuses the noted fields. */
    static final class AtRoot extends BeanDeserializerModifier {

        @Override
        public JsonDeserializer<?> modifyDeserializer(
                DeserializationConfig config, BeanDescription description, JsonDeserializer<?> deserializer) {
            return new Refusing(deserializer);
        }

        @Override
        public JsonDeserializer<?> modifyCollectionDeserializer(
                DeserializationConfig config,
                CollectionType type,
                BeanDescription description,
                JsonDeserializer<?> deserializer) {
            return new Refusing(deserializer);
        }

        @Override
        public JsonDeserializer<?> modifyArrayDeserializer(
                DeserializationConfig config,
                ArrayType type,
                BeanDescription description,
                JsonDeserializer<?> deserializer) {
            return new Refusing(deserializer);
        }

        @Override
        public JsonDeserializer<?> modifyMapDeserializer(
                DeserializationConfig config,
                MapType type,
                BeanDescription description,
                JsonDeserializer<?> deserializer) {
            return new Refusing(deserializer);
        }
    }

    /** The deserializer it wraps, then the refusal when its value was the body's top-level one. */
    private static final class Refusing extends DelegatingDeserializer {

        Refusing(JsonDeserializer<?> delegate) {
            super(delegate);
        }

        @Override
        protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> delegate) {
            return new Refusing(delegate);
        }

        @Override
        public Object deserialize(JsonParser p, DeserializationContext context) throws IOException {
            Collector.entering(p, context);
            Object value;
            try {
                value = _delegatee.deserialize(p, context);
            } finally {
                Collector.leaving(context);
            }
            Collector.refuseAtRoot(p, context);
            return value;
        }

        @Override
        @SuppressWarnings("unchecked")
        public Object deserialize(JsonParser p, DeserializationContext context, Object intoValue) throws IOException {
            Collector.entering(p, context);
            Object value;
            try {
                value = ((JsonDeserializer<Object>) _delegatee).deserialize(p, context, intoValue);
            } finally {
                Collector.leaving(context);
            }
            Collector.refuseAtRoot(p, context);
            return value;
        }
    }
}
