package io.jmsbench.scenario.read;

import io.jmsbench.scenario.BrokerKind;
import io.jmsbench.scenario.BrokerManagement;
import io.jmsbench.scenario.BrokerSpec;
import io.jmsbench.scenario.BrokerTuning;
import io.jmsbench.scenario.Defaults;
import io.jmsbench.scenario.Provider;
import io.jmsbench.scenario.TlsSpec;
import io.jmsbench.text.Quoted;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** Reads {@code broker:} ({@link BrokerSpec}): embedded or external, its tuning, its management API and TLS. */
final class BrokerReader {

    private static final Pattern OPENWIRE_URL = Pattern.compile("(tcp|ssl|nio|nio\\+ssl|failover):.+");
    private static final Pattern AMQP_URL = Pattern.compile("(amqp|amqps|amqpws|amqpwss|failover):.+");
    private static final Pattern CORE_URL = Pattern.compile("(tcp|udp|jgroups|vm):.+");
    private static final Pattern RABBITMQ_URL = Pattern.compile("amqps?://.+");
    private static final String EMBEDDED = "activemq or artemis (the embedded brokers jmsbench starts)";
    private static final String USER_IN_URL = "expected a URL without a user or password in it (give them as user "
            + "and password: every report copies the URL), found one (not shown)";
    private static final Pattern MANAGEMENT_URL = Pattern.compile("(https?://|service:jmx:|tcp://)\\S+");

    private static final List<String> TUNING = List.of("memoryLimit", "storeLimit", "tempLimit", "journalDiskSyncs",
            "preallocationStrategy", "journalMaxFileLength", "dataDirectory", "producerFlowControl", "sendFailIfNoSpace",
            "sendFailIfNoSpaceAfterTimeout", "addressFullPolicy");

    /** The ActiveMQ Classic knobs Artemis has no counterpart of, each with what to use there instead. */
    private static final Map<String, String> ACTIVEMQ_ONLY = Map.of(
            "storeLimit", "ActiveMQ Classic's store limit; Artemis bounds memory with memoryLimit and pages beyond it",
            "tempLimit", "ActiveMQ Classic's temp store limit; Artemis pages to disk with addressFullPolicy: page",
            "preallocationStrategy", "a KahaDB setting of ActiveMQ Classic; Artemis's journal fills its files itself",
            "producerFlowControl", "ActiveMQ Classic's; on Artemis addressFullPolicy says what a full broker does: "
                    + "block, page or fail",
            "sendFailIfNoSpace", "ActiveMQ Classic's; on Artemis that is addressFullPolicy: fail",
            "sendFailIfNoSpaceAfterTimeout", "ActiveMQ Classic's; on Artemis a full broker fails sends at once with "
                    + "addressFullPolicy: fail");

    private BrokerReader() {
    }

    static BrokerSpec broker(Fields f, Provider provider) {
        boolean hasUrl = f.has("url");
        boolean hasEmbedded = f.has("embedded");
        String url = f.string("url", null);
        String embedded = f.string("embedded", hasUrl ? null : Defaults.EMBEDDED_BROKER,
                () -> ValueSchemas.oneOfNames(EMBEDDED, List.of(BrokerSpec.ACTIVEMQ, BrokerSpec.ARTEMIS)));
        boolean persistent = f.bool("persistent", Defaults.BROKER_PERSISTENT);
        boolean reuse = f.bool("reuse", Defaults.BROKER_REUSE);
        BrokerTuning tuning = tuning(f, url != null ? null : embedded);
        BrokerKind kind = f.choice("kind", null, BrokerKind.class, BrokerKind::yamlName);
        TlsSpec tls = TlsReader.read(f, url, provider);
        if (kind != null && url == null) {
            f.problem("kind", "expected kind only with an external broker (url), found kind: " + kind.yamlName()
                    + " with the embedded " + embedded);
        }
        if (hasUrl && hasEmbedded) {
            f.problem("url", "expected either url (an external broker) or embedded, found both");
        }
        if (embedded != null && !BrokerSpec.ACTIVEMQ.equals(embedded) && !BrokerSpec.ARTEMIS.equals(embedded)) {
            f.problem("embedded", "expected " + EMBEDDED + ", found " + Quoted.value(embedded));
        }
        if (url == null && BrokerSpec.ACTIVEMQ.equals(embedded) && provider == Provider.CORE) {
            f.problemAt("/provider", "expected openwire or amqp with the embedded activemq broker (ActiveMQ Classic "
                    + "has no CORE acceptor: core needs embedded: artemis or an Artemis url), found core");
        }
        if (url != null) {
            if (!Quoted.redact(url).equals(url)) {
                f.problem("url", "expected a URL without a password in it (give the login with --broker-credentials: "
                        + "every report copies the URL), found one (not shown)");
            } else if (!urlPattern(provider).matcher(url).matches()) {
                f.problem("url", "expected " + (provider == Provider.AMQP || provider == Provider.OPENWIRE ? "an " : "a ")
                        + provider.yamlName() + " URL such as " + (provider == Provider.AMQP
                        || provider == Provider.RABBITMQ_JMS ? "amqp://host:5672" : "tcp://host:61616")
                        + ", found " + Quoted.value(url));
            }
            if (f.has("persistent")) {
                f.problem("persistent", "expected no persistent field with an external broker (its own configuration "
                        + "decides persistence), found " + persistent);
            }
        }
        BrokerManagement management = management(f, url != null);
        boolean purge = f.bool("purge", false);
        if (purge && url == null) {
            f.problem("purge", "expected purge only with an external broker (url): the embedded broker starts empty "
                    + "for every point");
        }
        f.finish();
        return new BrokerSpec(url == null ? embedded : null, persistent, url, reuse, tuning, url == null ? null : kind,
                management, tls, purge);
    }

    private static Pattern urlPattern(Provider provider) {
        return switch (provider) {
            case OPENWIRE -> OPENWIRE_URL;
            case AMQP -> AMQP_URL;
            case CORE -> CORE_URL;
            case RABBITMQ_JMS -> RABBITMQ_URL;
        };
    }

    /** {@code embedded} is the embedded broker's name, {@code null} for an external broker. */
    private static BrokerTuning tuning(Fields f, String embedded) {
        if (embedded == null) {
            for (String key : TUNING) {
                if (f.has(key)) {
                    f.problem(key, "expected no " + key + " with an external broker (jmsbench configures only the "
                            + "embedded one), found one");
                }
            }
            return BrokerTuning.DEFAULT;
        }
        if (BrokerSpec.ARTEMIS.equals(embedded)) {
            for (String key : TUNING) {
                if (ACTIVEMQ_ONLY.containsKey(key) && f.has(key)) {
                    f.problem(key, "expected no " + key + " with embedded artemis (" + ACTIVEMQ_ONLY.get(key)
                            + "), found one");
                }
            }
        } else if (f.has("addressFullPolicy")) {
            f.problem("addressFullPolicy", "expected no addressFullPolicy with embedded activemq (an Artemis setting; "
                    + "ActiveMQ Classic's are producerFlowControl and sendFailIfNoSpace), found one");
        }
        long memory = f.megabytes("memoryLimit", Defaults.BROKER_MEMORY_LIMIT_MB);
        // unset (null) leaves these to the broker
        Long store = f.optionalMegabytes("storeLimit");
        Long temp = f.optionalMegabytes("tempLimit");
        Boolean syncs = f.optionalBool("journalDiskSyncs");
        BrokerTuning.PreallocationStrategy strategy = f.choice("preallocationStrategy", null,
                BrokerTuning.PreallocationStrategy.class, BrokerTuning.PreallocationStrategy::yamlName);
        Long journalMb = f.optionalMegabytes("journalMaxFileLength");
        Integer journal = journalMb == null ? null : (int) Math.min(Integer.MAX_VALUE, journalMb);
        String dataDirectory = f.string("dataDirectory", null);
        boolean flowControl = f.bool("producerFlowControl", Defaults.PRODUCER_FLOW_CONTROL);
        boolean sendFail = f.bool("sendFailIfNoSpace", Defaults.SEND_FAIL_IF_NO_SPACE);
        Duration sendFailAfter = f.has("sendFailIfNoSpaceAfterTimeout")
                ? f.duration("sendFailIfNoSpaceAfterTimeout", null, Duration.ofMillis(1)) : null;
        BrokerTuning.AddressFullPolicy fullPolicy = f.choice("addressFullPolicy",
                BrokerSpec.ARTEMIS.equals(embedded) ? Defaults.ADDRESS_FULL_POLICY : null,
                BrokerTuning.AddressFullPolicy.class, BrokerTuning.AddressFullPolicy::yamlName);
        return new BrokerTuning(memory, store, temp, syncs, strategy, journal, dataDirectory, flowControl, sendFail,
                sendFailAfter, fullPolicy, false);
    }

    /** {@code broker.management}: only with an external broker; a password only by reference. */
    private static BrokerManagement management(Fields broker, boolean external) {
        if (!broker.has("management")) {
            return BrokerManagement.DEFAULT;
        }
        if (!external) {
            broker.problem("management", "expected management only with an external broker (url): the embedded "
                    + "broker's counts are read without it, found one");
        }
        Fields m = broker.mapping("management");
        String url = m.string("url", null, MANAGEMENT_URL,
                "an http(s):// URL (RabbitMQ's management API, or with kind activemq ActiveMQ's Jolokia), a "
                        + "service:jmx: URL (ActiveMQ's JMX) or a tcp:// URL (Artemis's management address, over its "
                        + "core protocol)");
        if (url != null && url.startsWith("http")) {
            URI uri = null;
            try {
                uri = new URI(url);
            } catch (URISyntaxException e) {
                m.problem("url", "expected an http(s):// URL such as http://broker:15672, found " + Quoted.value(url));
            }
            if (uri != null && uri.getHost() == null) {
                m.problem("url", "expected an http(s):// URL with a host, such as http://broker:15672, found "
                        + Quoted.value(url));
            } else if (uri != null && uri.getUserInfo() != null) {
                m.problem("url", USER_IN_URL);
            }
        } else if (url != null && !Quoted.redact(url).equals(url)) {
            m.problem("url", USER_IN_URL);
        }
        String user = m.string("user", null);
        String expected = "env:NAME or file:PATH (where the password is; never the password itself, which every report "
                + "would copy)";
        String password = SecretField.read(m, "password", expected, "something else (not shown)");
        m.finish();
        return new BrokerManagement(url, user, password);
    }
}
