package io.jmsbench.agent;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

@Timeout(30)
class AgentClientTest {

    /** An agent that answers what this version cannot read has answered: no "unreachable". */
    @Test
    void anAnswerItCannotReadIsMalformedNotUnreachable() throws Exception {
        HttpServer other = HttpLimits.server(new InetSocketAddress("127.0.0.1", 0), 0);
        other.createContext("/info", exchange -> {
            byte[] body = "{\"role\":\"broker\",\"version\":\"9.9\"}".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (exchange) {
                exchange.getResponseBody().write(body);
            }
        });
        other.start();
        try {
            AgentClient client = new AgentClient("publisher-agent-1",
                    URI.create("http://127.0.0.1:" + other.getAddress().getPort()), "token", "lease-a");
            AgentException e = assertThrows(AgentException.class, client::info);
            assertEquals("publisher-agent-1 answered GET /info with a malformed AgentInfo: expected one of publisher, "
                    + "subscriber, monitor, found 'broker'", e.getMessage());
        } finally {
            other.stop(0);
        }
    }
}
