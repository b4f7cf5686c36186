package io.jmsbench.scenario.read;

import io.jmsbench.scenario.Defaults;
import io.jmsbench.scenario.DestinationSpec.DestinationType;
import io.jmsbench.scenario.DestinationSpec;
import io.jmsbench.scenario.MessageHeaders;
import io.jmsbench.scenario.MessageSpec.MessageType;
import io.jmsbench.scenario.MessageSpec;
import io.jmsbench.scenario.VarySpec;

import java.util.List;
import java.util.regex.Pattern;

/** Reads {@code destination:} and {@code message:}, with the field a message varies ({@link VarySpec}). */
final class MessageReader {

    private static final Pattern DESTINATION = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:/-]{0,199}");
    static final Pattern FIELD = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]{0,99}");

    private MessageReader() {
    }

    static DestinationSpec destination(Fields f) {
        DestinationType type = f.choice("type", Defaults.DESTINATION_TYPE, DestinationType.class, DestinationType::yamlName);
        String name = f.string("name", Defaults.DESTINATION_NAME, DESTINATION,
                "a destination name of letters, digits, '.', '_', '-', ':' or '/'");
        int count = f.integer("count", Defaults.DESTINATION_COUNT, 1, Defaults.MAX_DESTINATIONS);
        f.finish();
        return new DestinationSpec(type, name, count);
    }

    static MessageSpec message(Fields f) {
        MessageType type = f.choice("type", Defaults.MESSAGE_TYPE, MessageType.class, MessageType::yamlName);
        MessageSizeReader.Sizes sizes = MessageSizeReader.read(f, type);
        int properties = f.integer("properties", Defaults.MESSAGE_PROPERTIES, 0, Defaults.MAX_PROPERTIES);
        String values = f.string("values", Defaults.PROPERTY_VALUE);
        String correlationId = f.string("correlationId", null);
        VarySpec vary = f.has("vary") ? vary(f.mapping("vary")) : null;
        boolean stamped = f.bool("stamped", Defaults.MESSAGE_STAMPED);
        MessageHeaders headers = MessageHeaderReader.read(f);
        f.finish();
        MessageSpec message = new MessageSpec(type, sizes.size(), properties, values, correlationId, vary, stamped,
                sizes.sizes(), sizes.files(), headers);
        if (vary != null && message.sizeVaries()) {
            f.problem("vary", "expected no vary with a size that varies (each would need its own round robin, and a "
                    + "selector matching some variants would receive other sizes than were sent), found both");
        }
        return message;
    }

    static VarySpec vary(Fields f) {
        if (f.has("matchGroup")) {
            // read only when present, as are and and anyOf in a filter: the fallback is no default but
            // what reading goes on with after a problem (the scenario is refused then anyway)
            int group = f.integer("matchGroup", 0, 0, Defaults.MAX_CLIENTS_PER_GROUP);
            for (String other : List.of("on", "from", "to")) {
                if (f.has(other)) {
                    f.problem(other, "expected either matchGroup or on/from/to, found both");
                }
            }
            f.finish();
            return new VarySpec(null, null, null, group);
        }
        String on = f.string("on", null, FIELD, "a property name such as P1, or correlationId");
        int from = f.integer("from", Defaults.VARY_FROM, 0, Integer.MAX_VALUE - 1);
        int to = f.integer("to", from, 0, Integer.MAX_VALUE - 1);
        if (on == null) {
            f.problem("expected on (the field to vary) with from and to, or matchGroup");
        } else if (to < from) {
            f.problem("to", "expected a value of at least from (" + from + "), found " + to);
        } else if ((long) to - from >= Defaults.MAX_VARIANTS) {
            f.problem("to", "expected at most " + Defaults.MAX_VARIANTS + " values from " + from + ", found " + to);
        }
        f.finish();
        return new VarySpec(on, from, to, null);
    }
}
