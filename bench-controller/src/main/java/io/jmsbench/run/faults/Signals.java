package io.jmsbench.run.faults;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** POSIX signals to another process, which the JDK sends only as TERM and KILL: through kill(1). */
public final class Signals {

    public static final String STOP = "STOP";
    public static final String CONT = "CONT";
    private static final long TIMEOUT_SECONDS = 5;

    private Signals() {
    }

    /** Sends {@code signal} to {@code process}; returns why it could not, or null. */
    public static String send(ProcessHandle process, String signal) {
        if (!process.isAlive()) {
            return "the broker's process " + process.pid() + " is gone";
        }
        try {
            Process kill = new ProcessBuilder(List.of("kill", "-" + signal, String.valueOf(process.pid())))
                    .redirectErrorStream(true).start();
            if (!kill.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                kill.destroyForcibly();
                return "kill -" + signal + " did not return within " + TIMEOUT_SECONDS + " s";
            }
            String said = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return kill.exitValue() == 0 ? null : "kill -" + signal + " failed: " + said;
        } catch (IOException e) {
            return "kill -" + signal + " could not run: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while sending SIG" + signal;
        }
    }
}
