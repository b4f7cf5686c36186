package io.jmsbench.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

@Command(name = "token", mixinStandardHelpOptions = true,
        description = {"Print the control channel's bearer token, creating its file with a new random token (mode "
                + "0600) when it does not exist.",
                "Run it once on the controller's machine, then copy the token file to the same place on each "
                        + "agent's machine (scp -p keeps its mode). Agents already running read the copied file on "
                        + "their next request."},
        footer = {"", "Example: ./jmsbench token && scp -p ~/.jmsbench/token agent-host:.jmsbench/token"})
final class TokenCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--token-file", paramLabel = "FILE",
            description = "The token file (default: ~/.jmsbench/token).")
    Path tokenFile;

    @Override
    public Integer call() {
        Tokens.Created token;
        try {
            PathOptions.input("--token-file", tokenFile, false);
            if (tokenFile != null && !Files.exists(tokenFile)) {
                PathOptions.outputFile("--token-file", tokenFile, true);
            }
            token = Tokens.orCreate(tokenFile);
        } catch (BadInput | Tokens.TokenProblem e) {
            spec.commandLine().getErr().println("jmsbench token: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        if (token.created()) {
            spec.commandLine().getErr().println("jmsbench token: generated a new token into " + token.path()
                    + " (mode 0600)");
        }
        spec.commandLine().getOut().println(token.token());
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
