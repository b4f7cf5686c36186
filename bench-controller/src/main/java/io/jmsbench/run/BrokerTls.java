package io.jmsbench.run;

import io.jmsbench.protocol.TlsPlan;
import io.jmsbench.report.TlsFacts;

/** An external broker reached over TLS: the settings its clients get, and what the probe negotiated with it. */
record BrokerTls(TlsPlan plan, TlsFacts negotiated) {
}
