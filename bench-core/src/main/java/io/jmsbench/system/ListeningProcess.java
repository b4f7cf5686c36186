package io.jmsbench.system;

import io.jmsbench.protocol.BrokerProcessMissing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.LongFunction;

/**
 * The process on this machine that listens on a host's port: how a broker this controller did not
 * start is found, so that its CPU time, memory and disk traffic can be read from /proc as the
 * embedded broker's are. The socket's inode comes from /proc/net/tcp(6); the process is the one
 * with a {@code socket:[inode]} link under /proc/PID/fd (root reads every process's, another user
 * only its own). {@code kind} and {@code looksLike}: what it was taken for ({@link ProcessLook}),
 * {@code null} where not asked.
 */
public record ListeningProcess(long pid, String command, String kind, String looksLike) {

    public ListeningProcess(long pid, String command) {
        this(pid, command, null, null);
    }

    /** The process {@code pid} of this machine, looked at; empty when there is none. */
    public static Optional<ListeningProcess> ofPid(long pid) {
        Path dir = Path.of("/proc", Long.toString(pid));
        return Files.isDirectory(dir) ? Optional.of(new ListeningProcess(pid, command(dir)).looked()) : Optional.empty();
    }

    /** This process with what its command line looks like ({@link ProcessLook#of(long)}). */
    public ListeningProcess looked() {
        return with(ProcessLook.of(pid));
    }

    public ListeningProcess with(ProcessLook look) {
        return new ListeningProcess(pid, command, look.kind(), look.looksLike());
    }

    /** What it was taken for; unknown where not asked. */
    public ProcessLook look() {
        return kind == null ? new ProcessLook(ProcessLook.UNKNOWN, "not looked at") : new ProcessLook(kind, looksLike);
    }

    /**
     * The process listening on {@code port} for clients of {@code host}, when {@code host} is this
     * machine (a loopback name or address, or one of its interfaces'); empty otherwise, or when no
     * listening process can be seen from here (another network namespace, another user's process).
     */
    public static Optional<ListeningProcess> find(String host, int port) {
        List<InetAddress> targets = localAddresses(host);
        if (targets.isEmpty()) {
            return Optional.empty();
        }
        for (TcpListeners.Listener listener : TcpListeners.read()) {
            if (listener.port() == port && listener.inode() != 0
                    && targets.stream().anyMatch(listener::serves)) {
                Optional<ListeningProcess> owner = owner(listener.inode());
                if (owner.isPresent()) {
                    return owner;
                }
            }
        }
        return Optional.empty();
    }

    /** The process found on a port, or why none was: exactly one of the two is set. */
    public record Lookup(ListeningProcess process, BrokerProcessMissing missing) {
    }

    /**
     * The process listening on {@code port} on any address of this network namespace: how a
     * monitor agent, which does not know which of its host's addresses the clients use, finds the
     * broker beside it.
     */
    public static Lookup onPort(int port) {
        boolean readable = Files.isReadable(Path.of("/proc/net/tcp"));
        return onPort(port, readable, readable ? TcpListeners.read() : List.of(), ListeningProcess::owner);
    }

    /**
     * The decision of {@link #onPort(int)} on what /proc showed: whether /proc/net/tcp could be
     * read, its {@code listeners}, and the process holding a socket's inode as {@code owner} finds it.
     */
    static Lookup onPort(int port, boolean readable, List<TcpListeners.Listener> listeners,
                         LongFunction<Optional<ListeningProcess>> owner) {
        if (port < 1 || port > 65535) {
            return new Lookup(null, BrokerProcessMissing.NO_PORT);
        }
        if (!readable) {
            return new Lookup(null, BrokerProcessMissing.PROC_UNREADABLE);
        }
        boolean listening = false;
        for (TcpListeners.Listener listener : listeners) {
            if (listener.port() == port && listener.inode() != 0) {
                listening = true;
                Optional<ListeningProcess> process = owner.apply(listener.inode());
                if (process.isPresent()) {
                    return new Lookup(process.get(), null);
                }
            }
        }
        return new Lookup(null, listening ? BrokerProcessMissing.OTHER_USER : BrokerProcessMissing.NOT_LISTENING);
    }

    /** {@code host}'s addresses when they are this machine's; none when it is another machine or unknown. */
    static List<InetAddress> localAddresses(String host) {
        List<InetAddress> local = new ArrayList<>();
        try {
            for (InetAddress a : InetAddress.getAllByName(host)) {
                if (a.isLoopbackAddress() || a.isAnyLocalAddress() || NetworkInterface.getByInetAddress(a) != null) {
                    local.add(a);
                }
            }
        } catch (UnknownHostException | SocketException e) {
            return List.of();
        }
        return local;
    }

    /** The process that holds the socket {@code inode} open. */
    static Optional<ListeningProcess> owner(long inode) {
        String link = "socket:[" + inode + "]";
        try (DirectoryStream<Path> processes = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path process : processes) {
                if (holds(process.resolve("fd"), link)) {
                    long pid = Long.parseLong(process.getFileName().toString());
                    return Optional.of(new ListeningProcess(pid, command(process)));
                }
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    private static boolean holds(Path fds, String link) {
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(fds)) {
            for (Path fd : stream) {
                try {
                    if (link.equals(Files.readSymbolicLink(fd).toString())) {
                        return true;
                    }
                } catch (IOException | RuntimeException e) {
                    // closed meanwhile
                }
            }
        } catch (IOException | RuntimeException e) {
            // gone, or not ours to read
        }
        return false;
    }

    private static String command(Path process) {
        try {
            return Files.readString(process.resolve("comm")).trim();
        } catch (IOException e) {
            return "?";
        }
    }

    /** CPU nanoseconds it used so far ({@link ProcessCpu}); {@code -1} once it is gone. */
    public long cpuNanos() {
        return ProcessCpu.nanos(pid);
    }

    public ProcessResources resources() {
        return ProcessResources.read(pid);
    }
}
