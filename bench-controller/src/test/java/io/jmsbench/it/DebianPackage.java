package io.jmsbench.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A Debian package a test needs: installed here if it is missing and this is Debian as root, else
 * the test is skipped with the reason. The package's own service is not started by us, and where
 * the package starts it on install, our brokers use ports of their own anyway.
 */
final class DebianPackage {

    private static final long INSTALL_TIMEOUT_MINUTES = 8;

    private DebianPackage() {
    }

    /**
     * Makes sure {@code file} exists, installing {@code name} for it; skips the test when it cannot. One
     * apt-get at a time: two classes running side by side would otherwise meet dpkg's lock.
     */
    static synchronized void require(String name, Path file) throws IOException, InterruptedException {
        if (Files.exists(file)) {
            return;
        }
        Skip.unless(Files.isExecutable(Path.of("/usr/bin/apt-get")),
                () -> "Debian's " + name + " is not installed (" + file + ") and there is no apt-get to install it");
        Skip.unless("root".equals(System.getProperty("user.name")),
                () -> "Debian's " + name + " is not installed (" + file + ") and only root may install it");
        Path log = Files.createTempFile("apt-" + name, ".log");
        ProcessBuilder apt = new ProcessBuilder("apt-get", "install", "-y", "-q", "--no-install-recommends", name)
                .redirectErrorStream(true).redirectOutput(log.toFile());
        apt.environment().put("DEBIAN_FRONTEND", "noninteractive");
        Process p = apt.start();
        if (!p.waitFor(INSTALL_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        Skip.unless(Files.exists(file), () -> "apt-get could not install Debian's " + name + " (see "
                + log + ")");
    }
}
