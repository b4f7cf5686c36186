package io.jmsbench.agent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.sun.net.httpserver.HttpExchange;
import io.jmsbench.protocol.Json;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/** The agent's reading and writing of one exchange: a JSON body in, bounded; a JSON body out; text for its log. */
final class JsonExchange {

    private static final int LOGGED_CHARS = 200;

    private JsonExchange() {
    }

    /** Text from a request, cut to {@value #LOGGED_CHARS} characters and to one line. */
    static String bounded(String text) {
        String line = String.valueOf(text).replaceAll("[\\r\\n\\t]+", " ");
        return line.length() <= LOGGED_CHARS ? line : line.substring(0, LOGGED_CHARS) + "... (" + line.length()
                + " characters)";
    }

    /** The request body as {@code type}: 413 above {@code maxBody} bytes (declared or sent), 400 if not one. */
    static <T> T read(HttpExchange exchange, Class<T> type, int maxBody) throws IOException, AgentRefusal {
        String declared = exchange.getRequestHeaders().getFirst("Content-Length");
        if (declared != null && (declared.length() > 9 || Long.parseLong(declared) > maxBody)) {
            throw new AgentRefusal(413, "request body larger than " + maxBody + " bytes"); // refused before it is sent
        }
        try (InputStream in = exchange.getRequestBody()) {
            byte[] body = in.readNBytes(maxBody + 1);
            if (body.length > maxBody) {
                throw new AgentRefusal(413, "request body larger than " + maxBody + " bytes");
            }
            T value = Json.MAPPER.readValue(body, type);
            if (value == null) {
                throw new AgentRefusal(400, "malformed " + type.getSimpleName() + ": null");
            }
            return value;
        } catch (JsonProcessingException e) {
            throw new AgentRefusal(400, "malformed " + type.getSimpleName() + ": " + bounded(e.getOriginalMessage()));
        }
    }

    /** {@code body} as JSON with {@code status}; no body at all for {@code null}. */
    static void send(HttpExchange exchange, int status, Object body) throws IOException {
        if (body == null) {
            exchange.sendResponseHeaders(status, -1);
            return;
        }
        byte[] bytes = Json.MAPPER.writeValueAsBytes(body);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
            out.flush();
            RequestThreads.answered(); // the close drains what the client sent and the agent did not read
        }
    }
}
