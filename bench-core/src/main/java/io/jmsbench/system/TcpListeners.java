package io.jmsbench.system;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The listening TCP sockets of this network namespace, from /proc/net/tcp and /proc/net/tcp6: each
 * with its local address, port and the inode that names it in a process's /proc/PID/fd.
 */
public final class TcpListeners {

    /** The kernel's TCP_LISTEN state, as /proc/net/tcp writes it. */
    private static final String LISTEN = "0A";

    /** One listening socket. */
    public record Listener(InetAddress address, int port, long inode) {

        /**
         * Whether a client connecting to {@code target} on this port reaches this socket: bound to
         * it or to every address (a tcp6 socket bound to ::ffff:a.b.c.d reads as a.b.c.d).
         */
        public boolean serves(InetAddress target) {
            return address.isAnyLocalAddress() || address.equals(target);
        }
    }

    private TcpListeners() {
    }

    /** Every listening socket of this namespace; none where /proc/net cannot be read. */
    public static List<Listener> read() {
        List<Listener> all = new ArrayList<>();
        for (String file : new String[] {"/proc/net/tcp", "/proc/net/tcp6"}) {
            try {
                all.addAll(parse(Files.readString(Path.of(file))));
            } catch (IOException | RuntimeException e) {
                // no IPv6, or no procfs: what the other file says still holds
            }
        }
        return all;
    }

    /**
     * The listening sockets in the text of /proc/net/tcp or /proc/net/tcp6 (the header line and
     * sockets in any other state are skipped; a line that is not the kernel's format is skipped too).
     */
    public static List<Listener> parse(String text) {
        List<Listener> listeners = new ArrayList<>();
        for (String line : text.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 10 || !f[0].endsWith(":") || !LISTEN.equals(f[3])) {
                continue;
            }
            int colon = f[1].indexOf(':');
            if (colon < 0) {
                continue;
            }
            try {
                InetAddress address = address(f[1].substring(0, colon));
                int port = Integer.parseInt(f[1].substring(colon + 1), 16);
                listeners.add(new Listener(address, port, Long.parseLong(f[9])));
            } catch (IllegalArgumentException | UnknownHostException e) {
                // not a socket line
            }
        }
        return listeners;
    }

    /**
     * The kernel writes an address as 32-bit words in hex, each in the host's byte order: little
     * endian on every platform jmsbench runs on (x86-64, aarch64), so 127.0.0.1 reads 0100007F.
     */
    static InetAddress address(String hex) throws UnknownHostException {
        if (hex.length() != 8 && hex.length() != 32) {
            throw new IllegalArgumentException("not an address: " + hex);
        }
        byte[] words = HexFormat.of().parseHex(hex);
        byte[] bytes = new byte[words.length];
        for (int w = 0; w < words.length; w += 4) {
            for (int i = 0; i < 4; i++) {
                bytes[w + i] = words[w + 3 - i];
            }
        }
        return InetAddress.getByAddress(bytes);
    }
}
