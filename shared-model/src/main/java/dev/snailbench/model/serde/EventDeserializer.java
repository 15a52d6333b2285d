package dev.snailbench.model.serde;

import dev.snailbench.model.event.ClassificationRequested;
import dev.snailbench.model.event.DatabaseLoginFailed;
import dev.snailbench.model.event.DatabaseTaskCompleted;
import dev.snailbench.model.event.DatabaseTaskRequested;
import dev.snailbench.model.event.Event;
import dev.snailbench.model.event.ExecutionsCompleted;
import dev.snailbench.model.event.ExecutionsRequested;
import dev.snailbench.model.event.IdentifiersClassified;
import dev.snailbench.model.event.InferenceBatch;
import dev.snailbench.model.event.ItemsScored;
import dev.snailbench.model.event.JobCancelled;
import dev.snailbench.model.event.JobEnded;
import dev.snailbench.model.event.JobSubmitted;
import dev.snailbench.model.event.ModelBackendsAnnounced;
import dev.snailbench.model.event.TenantRegistered;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * Kafka value deserializer of one event type. Kafka instantiates deserializers by class name, so each event
 * type has a nested subclass to name in configuration, e.g.
 * {@code dev.snailbench.model.serde.EventDeserializer$OfExecutionsRequested}.
 */
public abstract class EventDeserializer<T extends Event> implements Deserializer<T> {

    private final Class<T> type;

    protected EventDeserializer(Class<T> type) {
        this.type = type;
    }

    @Override
    public T deserialize(String topic, byte[] data) {
        return data == null ? null : EventJson.read(data, type);
    }

    public static class OfTenantRegistered extends EventDeserializer<TenantRegistered> {
        public OfTenantRegistered() {
            super(TenantRegistered.class);
        }
    }

    public static class OfJobCancelled extends EventDeserializer<JobCancelled> {
        public OfJobCancelled() {
            super(JobCancelled.class);
        }
    }

    public static class OfJobEnded extends EventDeserializer<JobEnded> {
        public OfJobEnded() {
            super(JobEnded.class);
        }
    }

    public static class OfDatabaseLoginFailed extends EventDeserializer<DatabaseLoginFailed> {
        public OfDatabaseLoginFailed() {
            super(DatabaseLoginFailed.class);
        }
    }

    public static class OfModelBackendsAnnounced extends EventDeserializer<ModelBackendsAnnounced> {
        public OfModelBackendsAnnounced() {
            super(ModelBackendsAnnounced.class);
        }
    }

    public static class OfJobSubmitted extends EventDeserializer<JobSubmitted> {
        public OfJobSubmitted() {
            super(JobSubmitted.class);
        }
    }

    public static class OfClassificationRequested extends EventDeserializer<ClassificationRequested> {
        public OfClassificationRequested() {
            super(ClassificationRequested.class);
        }
    }

    public static class OfIdentifiersClassified extends EventDeserializer<IdentifiersClassified> {
        public OfIdentifiersClassified() {
            super(IdentifiersClassified.class);
        }
    }

    public static class OfInferenceBatch extends EventDeserializer<InferenceBatch> {
        public OfInferenceBatch() {
            super(InferenceBatch.class);
        }
    }

    public static class OfExecutionsRequested extends EventDeserializer<ExecutionsRequested> {
        public OfExecutionsRequested() {
            super(ExecutionsRequested.class);
        }
    }

    public static class OfExecutionsCompleted extends EventDeserializer<ExecutionsCompleted> {
        public OfExecutionsCompleted() {
            super(ExecutionsCompleted.class);
        }
    }

    public static class OfItemsScored extends EventDeserializer<ItemsScored> {
        public OfItemsScored() {
            super(ItemsScored.class);
        }
    }

    public static class OfDatabaseTaskRequested extends EventDeserializer<DatabaseTaskRequested> {
        public OfDatabaseTaskRequested() {
            super(DatabaseTaskRequested.class);
        }
    }

    public static class OfDatabaseTaskCompleted extends EventDeserializer<DatabaseTaskCompleted> {
        public OfDatabaseTaskCompleted() {
            super(DatabaseTaskCompleted.class);
        }
    }
}
