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

    public MessageSpec(MessageType type, int size, int properties, String values, String correlationId,
                       VarySpec vary, boolean stamped, Distribution sizes, String files) {
        this(type, size, properties, values, correlationId, vary, stamped, sizes, files, MessageHeaders.NONE);
    }

    public MessageSpec(MessageType type, int size, int properties, String values, String correlationId,
                       VarySpec vary, boolean stamped) {
        this(type, size, properties, values, correlationId, vary, stamped, null, null);
    }

    public MessageSpec(MessageType type, int size, int properties, String values) {
        this(type, size, properties, values, null, null, Defaults.MESSAGE_STAMPED);
    }

    public MessageSpec(MessageType type, int size, int properties, String values, String correlationId,
                       VarySpec vary) {
        this(type, size, properties, values, correlationId, vary, Defaults.MESSAGE_STAMPED);
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
