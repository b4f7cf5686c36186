package io.jmsbench.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** The real command line, executed in this JVM with its output captured: what the command tests drive. */
final class Cli {

    record Result(int exit, String out, String err) {
    }

    private Cli() {
    }

    static Result execute(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
                .execute(args);
        return new Result(exit, out.toString(), err.toString());
    }
}
