package io.jmsbench.scenario;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/**
 * What each publisher sends: a bytes, text or map message of {@code size} payload bytes carrying application
 * properties P1..P{@code properties}, each set to {@code values} (the paper's "#0"), an optional
 * correlation ID, and optionally varied round robin as {@code vary} says ({@code null}: not varied).
 * A {@code stamped} message also carries its publisher, sequence number and send time, for the audit
 * and the latency; unstamped, a run measures rates only, at the cost of a raw JMS loop.
 *
 * <p>A size that varies is {@code sizes} ({@code null}: always {@code size}), or the bodies are the
 * files of the folder {@code files} (an absolute path; {@code null}: generated bodies); {@code size}
 * is then their mean, rounded, which only stands for them where one size is asked for (the message
 * the expected replication grade is computed on).
 *
 * <p>{@code headers}: time to live, priority, message groups and delivery delay
 * ({@link MessageHeaders#NONE}: none set); in the resolved scenario beside the other fields, as written.
 */
public record MessageSpec(MessageType type, int size, int properties, String values, String correlationId,
                          VarySpec vary, boolean stamped,
                          @JsonInclude(JsonInclude.Include.NON_NULL) Distribution sizes,
                          @JsonInclude(JsonInclude.Include.NON_NULL) String files,
                          @JsonUnwrapped MessageHeaders headers) {

    public MessageSpec {
        headers = headers == null ? MessageHeaders.NONE : headers;
    }

    /**
     * Kept for bench-publisher's PlannedMessages alone, until it builds its message with {@link #builder()}
     * (bench-publisher is being reworked apart from this change).
     */
    public MessageSpec(MessageType type, int size, int properties, String values, String correlationId,
                       VarySpec vary, boolean stamped) {
        this(type, size, properties, values, correlationId, vary, stamped, null, null, MessageHeaders.NONE);
    }

    /** A message as a scenario that says nothing of it sends; each setter changes one field. */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds a {@link MessageSpec} from the scenario defaults up. */
    public static final class Builder {
        private MessageType type = Defaults.MESSAGE_TYPE;
        private int size = Defaults.MESSAGE_SIZE;
        private int properties = Defaults.MESSAGE_PROPERTIES;
        private String values = Defaults.PROPERTY_VALUE;
        private String correlationId;
        private VarySpec vary;
        private boolean stamped = Defaults.MESSAGE_STAMPED;
        private Distribution sizes;
        private String files;
        private MessageHeaders headers = MessageHeaders.NONE;

        private Builder() {
        }

        public Builder type(MessageType type) {
            this.type = type;
            return this;
        }

        public Builder size(int size) {
            this.size = size;
            return this;
        }

        public Builder properties(int properties) {
            this.properties = properties;
            return this;
        }

        public Builder values(String values) {
            this.values = values;
            return this;
        }

        public Builder correlationId(String correlationId) {
            this.correlationId = correlationId;
            return this;
        }

        public Builder vary(VarySpec vary) {
            this.vary = vary;
            return this;
        }

        public Builder stamped(boolean stamped) {
            this.stamped = stamped;
            return this;
        }

        /** Sizes that vary ({@code size} is then their mean) or, with {@code files}, the folder of bodies. */
        public Builder sizes(Distribution sizes, String files) {
            this.sizes = sizes;
            this.files = files;
            return this;
        }

        public Builder headers(MessageHeaders headers) {
            this.headers = headers;
            return this;
        }

        public MessageSpec build() {
            return new MessageSpec(type, size, properties, values, correlationId, vary, stamped, sizes, files, headers);
        }
    }

    /** Whether messages differ in size: a distribution other than one value, or files. */
    public boolean sizeVaries() {
        return files != null || (sizes != null && sizes.min() != sizes.max());
    }

    /** P1..Pk: the paper's application property names; {@code index} is 0-based. */
    public static String propertyName(int index) {
        return "P" + (index + 1);
    }

    public enum MessageType {
        BYTES, TEXT, MAP;

        @JsonValue
        public String yamlName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
