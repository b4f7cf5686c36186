package io.jmsbench.cli;

import io.jmsbench.report.AtomicFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;

/** For maintainers: regenerates the reference pages that list what the code knows. */
@Command(name = "docs", hidden = true, mixinStandardHelpOptions = true,
        description = "Write the generated reference pages (finding codes, command line, scenario fields, report.json's schema).",
        footer = {"", "Example: java -jar bench-controller/target/jmsbench.jar docs --out docs/reference"})
final class DocsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "The directory to write them in.")
    Path out;

    @Override
    public Integer call() {
        try {
            PathOptions.outputDirectory("--out", out);
            Files.createDirectories(out);
            for (Map.Entry<String, String> page : ReferenceDocs.pages().entrySet()) {
                AtomicFiles.write(out.resolve(page.getKey()), page.getValue());
                spec.commandLine().getOut().println("wrote " + out.resolve(page.getKey()));
            }
        } catch (BadInput e) {
            spec.commandLine().getErr().println("jmsbench docs: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        } catch (IOException e) {
            spec.commandLine().getErr().println("jmsbench docs: cannot write in " + out + ": " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
