package io.jmsbench.broker;

import io.jmsbench.protocol.Json;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** The controller's side of {@link BrokerStatusServer}: one bounded request for the broker's state. */
public final class BrokerStatusClient {

    public static final Duration TIMEOUT = Duration.ofSeconds(5);

    private BrokerStatusClient() {
    }

    /** The broker's state; the exception's message says in one sentence why it could not be read. */
    public static BrokerState read(String url, String token) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(TIMEOUT)
                .header("Authorization", "Bearer " + token).GET().build();
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IOException("the broker's status at " + url + " did not answer within " + TIMEOUT.toSeconds()
                    + " s (" + e + ")", e);
        }
        if (response.statusCode() != 200) {
            throw new IOException("the broker's status at " + url + " answered " + response.statusCode() + ": "
                    + response.body());
        }
        return Json.MAPPER.readValue(response.body(), BrokerState.class);
    }
}
