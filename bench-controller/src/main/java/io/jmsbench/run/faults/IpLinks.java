package io.jmsbench.run.faults;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** {@link NetworkLinks} through iproute2's {@code ip link set}, which needs root (CAP_NET_ADMIN). */
public final class IpLinks implements NetworkLinks {

    private static final long TIMEOUT_SECONDS = 5;

    @Override
    public String set(String link, boolean up) {
        String state = up ? "up" : "down";
        try {
            Process ip = new ProcessBuilder(List.of("ip", "link", "set", "dev", link, state))
                    .redirectErrorStream(true).start();
            if (!ip.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                ip.destroyForcibly();
                return "ip link set " + link + " " + state + " did not return within " + TIMEOUT_SECONDS + " s";
            }
            String said = new String(ip.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return ip.exitValue() == 0 ? null : "ip link set " + link + " " + state + " failed: " + said;
        } catch (IOException e) {
            return "ip link set " + link + " " + state + " could not run (is iproute2 installed?): " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while setting " + link + " " + state;
        }
    }

    @Override
    public String problem(String link) {
        return Files.exists(Path.of("/sys/class/net", link)) ? null
                : "no network link " + link + " on this machine (see 'ip link')";
    }
}
