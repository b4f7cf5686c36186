package io.jmsbench.it;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A PostgreSQL cluster of the test's own, from Debian's {@code postgresql} package: initdb into a
 * fresh directory, one user with a password (scram-sha-256), listening on 127.0.0.1 on a free port
 * and on a socket in its own directory, so it meets no other server on the machine. PostgreSQL
 * refuses to run as root: as root, the cluster is the {@code postgres} user's, through runuser.
 */
final class PostgresCluster implements AutoCloseable {

    static final String USER = "bench";
    static final String PASSWORD = "not-a-real-secret-42";

    private final Path home;
    private final Path bin;
    private final int port;

    private PostgresCluster(Path home, Path bin, int port) {
        this.home = home;
        this.bin = bin;
        this.port = port;
    }

    /** Debian's server binaries (the newest version installed), or why there are none. */
    static Optional<Path> binaries(StringBuilder whyNot) throws IOException {
        Path lib = Path.of("/usr/lib/postgresql");
        if (Files.isDirectory(lib)) {
            try (Stream<Path> versions = Files.list(lib)) {
                Optional<Path> bin = versions.map(v -> v.resolve("bin")).filter(b -> Files.isExecutable(b.resolve("initdb"))
                        && Files.isExecutable(b.resolve("pg_ctl"))).max(Comparator.naturalOrder());
                if (bin.isPresent()) {
                    return bin;
                }
            }
        }
        whyNot.append("no PostgreSQL server under /usr/lib/postgresql (Debian: apt-get install postgresql; .ci/run "
                + "installs it)");
        return Optional.empty();
    }

    static PostgresCluster start(Path bin) throws IOException, InterruptedException {
        Path home = Files.createTempDirectory("jmsbench-postgres", PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwxr-xr-x")));
        Files.writeString(home.resolve("pwfile"), PASSWORD + "\n");
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        if (root()) {
            exec(List.of("chown", "-R", "postgres:postgres", home.toString()));
        }
        PostgresCluster cluster = new PostgresCluster(home, bin, port);
        cluster.asOwner(bin.resolve("initdb").toString(), "-D", home.resolve("data").toString(), "-U", USER,
                "--auth=scram-sha-256", "--pwfile=" + home.resolve("pwfile"), "--no-sync");
        cluster.asOwner(bin.resolve("pg_ctl").toString(), "-D", home.resolve("data").toString(), "-w", "-t", "60",
                "-l", home.resolve("log").toString(), "-o", "-p " + port + " -k " + home + " -c listen_addresses=127.0.0.1"
                        + " -c fsync=off", "start");
        return cluster;
    }

    String url() {
        return url("postgres");
    }

    String url(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database + "?user=" + USER;
    }

    /** A new, empty database, so each test's history starts empty. */
    String createDatabase(String name) throws java.sql.SQLException {
        java.util.Properties login = new java.util.Properties();
        login.setProperty("password", PASSWORD);
        try (java.sql.Connection c = new org.postgresql.Driver().connect(url(), login)) {
            c.createStatement().execute("CREATE DATABASE " + name);
        }
        return url(name);
    }

    /** {@code statements} run in the database at {@code url}, as the cluster's user. */
    void execute(String url, String... statements) throws java.sql.SQLException {
        java.util.Properties login = new java.util.Properties();
        login.setProperty("password", PASSWORD);
        try (java.sql.Connection c = new org.postgresql.Driver().connect(url, login);
                java.sql.Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }

    int port() {
        return port;
    }

    private void asOwner(String... command) throws IOException, InterruptedException {
        List<String> line = new ArrayList<>();
        if (root()) {
            line.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        line.addAll(List.of(command));
        exec(line);
    }

    private static boolean root() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static void exec(List<String> command) throws IOException, InterruptedException {
        Path log = Files.createTempFile("jmsbench-postgres", ".log");
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!p.waitFor(90, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", command) + ": did not finish in 90 s");
            }
            if (p.exitValue() != 0) {
                throw new IOException(String.join(" ", command) + ": exit " + p.exitValue() + ":\n" + Files.readString(log));
            }
        } finally {
            Files.deleteIfExists(log);
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        try {
            asOwner(bin.resolve("pg_ctl").toString(), "-D", home.resolve("data").toString(), "-m", "immediate", "-w",
                    "stop");
        } finally {
            try (Stream<Path> walk = Files.walk(home)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }
}
