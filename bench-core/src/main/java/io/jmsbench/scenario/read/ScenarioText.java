package io.jmsbench.scenario.read;

import io.jmsbench.scenario.Problem;
import io.jmsbench.scenario.ScenarioException;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/** A scenario file's text: a file (not a folder) of at most {@link YamlTree#MAX_BYTES}, in UTF-8. */
final class ScenarioText {

    private ScenarioText() {
    }

    static String read(Path file) throws ScenarioException {
        String source = file.toString();
        byte[] bytes;
        try {
            if (Files.isDirectory(file)) {
                throw problem(source, 0, 0, "expected a scenario file, found a directory");
            }
            if (Files.size(file) > YamlTree.MAX_BYTES) {
                throw problem(source, 0, 0, "expected a scenario file of at most 1 MiB, found " + Files.size(file)
                        + " bytes");
            }
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw problem(source, 0, 0, "no such file");
        } catch (IOException e) {
            throw problem(source, 0, 0, "could not be read: " + e.getMessage());
        }
        return decode(bytes, source);
    }

    /** The text of {@code bytes}; the first byte that is not UTF-8 is told at its line and column. */
    static String decode(byte[] bytes, String source) throws ScenarioException {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(in, out, true);
        if (result.isError()) {
            int at = in.position();
            int line = 1;
            int lineStart = 0;
            for (int i = 0; i < at; i++) {
                if (bytes[i] == '\n') {
                    line++;
                    lineStart = i + 1;
                }
            }
            // the column counts characters, as every other problem's does
            int column = new String(bytes, lineStart, at - lineStart, StandardCharsets.UTF_8).length() + 1;
            throw problem(source, line, column, String.format("expected a UTF-8 text file, found byte 0x%02X, "
                    + "which is not UTF-8 here (save the file as UTF-8)", bytes[at] & 0xff));
        }
        decoder.flush(out);
        return out.flip().toString();
    }

    private static ScenarioException problem(String source, int line, int column, String message) {
        return new ScenarioException(List.of(new Problem(source, line, column, "(file)", message)));
    }
}
