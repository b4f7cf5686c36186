package io.jmsbench.broker.management;

import io.jmsbench.broker.Causes;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The HTTP side of a broker's management interface (RabbitMQ's API, ActiveMQ's Jolokia): its login
 * sent as Basic auth, a bound on the connect and on the answer's headers ({@code timeout}) and on
 * the whole exchange (twice that), and at most {@link #MAX_BODY} bytes of an answer read, so an
 * endpoint that is broken or hostile can neither hold the run nor fill its memory. Every failure
 * is a {@link ManagementUnavailable} whose sentence starts with {@code who}; what a status means is
 * the caller's to say.
 */
final class ManagementHttp {

    /** The largest answer read: RabbitMQ's queues, two columns each, for tens of thousands of queues. */
    static final int MAX_BODY = 8 << 20;
    /** The longest error body quoted in a sentence. */
    private static final int QUOTED_CHARS = 200;

    /** An answer: its status, its body (the whole of it, at most {@link #MAX_BODY} bytes) and its headers. */
    record Answer(int status, String body, HttpHeaders headers) {

        /** The body on one line, cut to a few hundred characters, for a sentence. */
        String abbreviated() {
            return ManagementHttp.abbreviated(body);
        }
    }

    private final String who;
    private final String unreachable;
    /** {@code null}: no login; else the Basic header, the only form the password is kept in. */
    private final String authorization;
    private final Duration timeout;
    private final HttpClient http;

    /**
     * {@code who} begins every sentence ("RabbitMQ's management API at URL"); {@code unreachable} ends
     * the one for an endpoint that did not answer (where it is served, what to check); {@code user}
     * {@code null}: no login.
     */
    ManagementHttp(String who, String unreachable, String user, String password, Duration timeout) {
        this.who = who;
        this.unreachable = unreachable;
        this.authorization = user == null ? null : "Basic " + Base64.getEncoder().encodeToString(
                (user + ":" + (password == null ? "" : password)).getBytes(StandardCharsets.UTF_8));
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    boolean hasLogin() {
        return authorization != null;
    }

    /** Sends {@code request} (its URI, method and headers of its own) with the login and {@code Accept: application/json}. */
    Answer send(HttpRequest.Builder request) throws ManagementUnavailable, InterruptedException {
        request.timeout(timeout).header("Accept", "application/json");
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        CompletableFuture<HttpResponse<byte[]>> exchange = http.sendAsync(request.build(), info -> new CappedBody());
        long bound = 2 * timeout.toMillis();
        HttpResponse<byte[]> response;
        try {
            response = exchange.get(bound, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            exchange.cancel(true);
            throw e;
        } catch (TimeoutException e) {
            exchange.cancel(true);
            throw new ManagementUnavailable(who + " did not send its whole answer within " + bound / 1000 + " s");
        } catch (ExecutionException e) {
            if (Causes.find(e.getCause(), TooLarge.class) != null) {
                throw new ManagementUnavailable(who + " answered with more than " + MAX_BODY + " bytes");
            }
            throw new ManagementUnavailable(who + " did not answer (" + e.getCause() + "); " + unreachable);
        }
        return new Answer(response.statusCode(), new String(response.body(), StandardCharsets.UTF_8),
                response.headers());
    }

    /** {@code body} on one line, cut to {@value #QUOTED_CHARS} characters. */
    static String abbreviated(String body) {
        String line = body.replaceAll("\\s+", " ").trim();
        return line.length() > QUOTED_CHARS ? line.substring(0, QUOTED_CHARS - 3) + "..." : line;
    }

    /** An answer longer than {@link #MAX_BODY}: its reading is given up at the first byte beyond. */
    private static final class TooLarge extends IOException {
    }

    /** The body's bytes, up to {@link #MAX_BODY}; beyond that the exchange is cancelled and fails. */
    private static final class CappedBody implements HttpResponse.BodySubscriber<byte[]> {

        private final CompletableFuture<byte[]> body = new CompletableFuture<>();
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private Flow.Subscription subscription;

        @Override
        public CompletionStage<byte[]> getBody() {
            return body;
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            this.subscription = subscription;
            subscription.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(List<ByteBuffer> buffers) {
            if (body.isDone()) {
                return; // cancelled: what was already on its way is dropped
            }
            for (ByteBuffer buffer : buffers) {
                if (bytes.size() + buffer.remaining() > MAX_BODY) {
                    subscription.cancel();
                    body.completeExceptionally(new TooLarge());
                    return;
                }
                byte[] chunk = new byte[buffer.remaining()];
                buffer.get(chunk);
                bytes.write(chunk, 0, chunk.length);
            }
        }

        @Override
        public void onError(Throwable failure) {
            body.completeExceptionally(failure);
        }

        @Override
        public void onComplete() {
            body.complete(bytes.toByteArray());
        }
    }
}
