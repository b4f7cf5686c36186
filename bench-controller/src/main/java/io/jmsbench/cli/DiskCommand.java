package io.jmsbench.cli;

import io.jmsbench.protocol.Json;
import io.jmsbench.system.DiskBenchmark;
import io.jmsbench.system.DiskBenchmark.Phase;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;

@Command(name = "disk", mixinStandardHelpOptions = true,
        description = {"Benchmark the disk under a directory as a broker's journal uses it.",
                "Measures writes, synced writes and reads of one block size into a preallocated file, as "
                + "\"Speeding Up ActiveMQ Persistent Messaging Performance by 25x\" does for KahaDB's preallocation "
                + "strategies."},
        footer = {"", "Example: ./jmsbench disk /var/lib/activemq --block-size 4194304"})
final class DiskCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PATH", description = "A directory on the disk to test (a temporary file is made there).")
    Path directory;

    @Option(names = "--block-size", defaultValue = "4096", paramLabel = "BYTES",
            description = "Bytes per write or read (default: ${DEFAULT-VALUE}; ActiveMQ's largest batch is 4194304).")
    int blockSize;

    @Option(names = "--file-size", defaultValue = "104857600", paramLabel = "BYTES",
            description = "Size of the preallocated file (default: ${DEFAULT-VALUE}).")
    long fileSize;

    @Option(names = "--seconds", defaultValue = "10", paramLabel = "S", description = "Seconds per phase (default: ${DEFAULT-VALUE}).")
    int seconds;

    @Option(names = "--json", description = "Print the result as JSON.")
    boolean json;

    @Override
    public Integer call() throws IOException {
        String refusal = blockSize < 1 ? "--block-size: expected a whole number of at least 1, found " + blockSize
                : fileSize < blockSize ? "--file-size: expected at least the block size (" + blockSize + "), found "
                + fileSize
                : seconds < 1 ? "--seconds: expected a whole number of at least 1, found " + seconds
                : !Files.exists(directory) ? directory + ": no such directory"
                : !Files.isDirectory(directory) ? directory + ": expected a directory, found a file"
                : null;
        if (refusal != null) {
            spec.commandLine().getErr().println("jmsbench disk: " + refusal);
            return ExitCodes.BAD_INPUT;
        }
        DiskBenchmark.Result result;
        try {
            result = DiskBenchmark.run(directory, blockSize, fileSize, Duration.ofSeconds(seconds));
        } catch (IOException e) {
            spec.commandLine().getErr().println("jmsbench disk: " + directory + ": " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        if (json) {
            spec.commandLine().getOut().println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(result));
            return ExitCodes.OK;
        }
        spec.commandLine().getOut().printf(Locale.ROOT, "Benchmarking %s (%d-byte blocks, %d-byte file)%n",
                result.file(), result.blockSize(), result.fileSize());
        for (Phase p : new Phase[] {result.writes(), result.syncWrites(), result.reads()}) {
            spec.commandLine().getOut().printf(Locale.ROOT, "  %-12s %,12d in %6.2f s  %,14.1f per second  %,10.1f MB/s%n",
                    p.name() + ":", p.operations(), p.seconds(), p.perSecond(), p.megabytesPerSecond());
        }
        return ExitCodes.OK;
    }
}
