package io.jmsbench.report;

import io.jmsbench.protocol.Json;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@code samples.jsonl}: one interval sample per line, flushed as it arrives, so an aborted run keeps them. */
public final class SamplesLog implements AutoCloseable {

    private final BufferedWriter out;

    public SamplesLog(Path file) throws IOException {
        this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    }

    public void append(Object sample) throws IOException {
        out.write(Json.MAPPER.writeValueAsString(sample));
        out.newLine();
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
