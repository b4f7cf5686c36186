package io.jmsbench.cli;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Bad options and files of every command through the real command line, in-process, as
 * {@link ScenarioValidationTest} does for scenarios: each must end with exit code 2, exactly one
 * expected line on stderr, no stack trace, nothing on stdout, and the directory it was pointed at
 * exactly as it was (no results directory, no half-written file, no token generated).
 */
@Timeout(60)
class CliRefusalTest {

    /** Stands for the test's directory, in the arguments and in the expected line. */
    private static final String D = "{d}";
    private static final String REPORT = Path.of("../bench-core/src/test/resources/regression/ci-smoke-base.json")
            .toString();

    @TempDir
    Path dir;

    record Row(String name, String expected, List<String> args) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Row row(String name, String expected, String... args) {
        return new Row(name, expected, List.of(args));
    }

    /** A run of a valid scenario whose broker does not answer: were an option let through, it fails fast. */
    private static Row run(String name, String expected, String... options) {
        List<String> args = new ArrayList<>(List.of("run", D + "/s.yaml", "--out", D + "/out"));
        args.addAll(List.of(options));
        return new Row(name, expected, args);
    }

    /** Files the rows point at: a scenario, a plain file, an empty directory, a JSON that is no report, a token. */
    @BeforeEach
    void files() throws IOException {
        Files.writeString(dir.resolve("s.yaml"), "name: refusal\nbroker: {url: \"tcp://127.0.0.1:1\"}\n");
        Files.writeString(dir.resolve("file"), "not a directory\n");
        Files.createDirectory(dir.resolve("dir"), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
        Files.writeString(dir.resolve("notreport.json"), "{\"a\": 1}\n");
        Files.writeString(dir.resolve("empty.json"), "");
        Files.createFile(dir.resolve("token"), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rw-------")));
        Files.writeString(dir.resolve("token"), "0123456789abcdef0123456789abcdef\n");
    }

    static Stream<Row> refusals() {
        String help = "; see ./jmsbench run --help";
        return Stream.of(
                // run
                run("run --set of an unknown key",
                        "--set: publishers.clientz: unknown field, expected one of clients, rate, connections; did you mean 'clients'?",
                        "--set", "publishers.clientz=3"),
                run("run --set of a value of the wrong type",
                        "--set: publishers.clients: expected a whole number from 1 to 100000, found 'many'",
                        "--set", "publishers.clients=many"),
                run("run --set without '='",
                        "--set: publishers.clients: expected key=value such as publishers.clients=4, found no '='",
                        "--set", "publishers.clients"),
                run("run --agents without a role",
                        "jmsbench run: --agents: expected ROLE=HOST:PORT[,HOST:PORT...] with ROLE publishers,"
                                + " subscribers or monitor, found '10.0.0.3:7100'",
                        "--agents", "10.0.0.3:7100"),
                run("run --agents of an unknown role",
                        "jmsbench run: --agents: expected ROLE=HOST:PORT[,HOST:PORT...] with ROLE publishers,"
                                + " subscribers or monitor, found 'brokers=h1:7100'",
                        "--agents", "brokers=h1:7100"),
                run("run --agents repeating a role",
                        "jmsbench run: --agents: expected each role once (several agents of a role go in one option,"
                                + " comma-separated), found publishers twice",
                        "--agents", "publishers=h1:7100", "--agents", "publishers=h2:7100"),
                run("run --agents with an address without a port",
                        "jmsbench run: --agents: expected an agent address HOST:PORT such as 10.0.0.3:7100, found"
                                + " 'h2' in 'publishers=h1:7100,h2'",
                        "--agents", "publishers=h1:7100,h2", "--agents", "subscribers=h3:7100"),
                run("run --agents with a port out of range",
                        "jmsbench run: --agents: expected an agent address HOST:PORT such as 10.0.0.3:7100, found"
                                + " 'h3:70000' in 'subscribers=h3:70000'",
                        "--agents", "publishers=h1:7100", "--agents", "subscribers=h3:70000"),
                run("run --agents naming one agent twice",
                        "jmsbench run: --agents: expected each agent once, found h1:7100 twice",
                        "--agents", "publishers=h1:7100", "--agents", "subscribers=h1:7100"),
                run("run --agents of one side only",
                        "--set: agents.publishers: expected publisher and subscriber agents both listed (or neither,"
                                + " to run them on this machine), found only publishers",
                        "--agents", "publishers=h1:7100"),
                row("run --out under a regular file",
                        "jmsbench run: --out " + D + "/file/results: expected a directory it can write in, found the"
                                + " file " + D + "/file on its path",
                        "run", D + "/s.yaml", "--out", D + "/file/results"),
                row("run --out a regular file",
                        "jmsbench run: --out " + D + "/file: expected a directory, found a file",
                        "run", D + "/s.yaml", "--out", D + "/file"),
                run("run --token-file a directory",
                        "jmsbench run: --token-file " + D + "/dir: expected a file, found a directory",
                        "--token-file", D + "/dir"),
                run("run --token-file missing, with remote agents",
                        "jmsbench: no token for the remote agents: " + D + "/none does not exist; create it with "
                                + "'jmsbench token --token-file " + D + "/none' and copy it to every agent's machine (or "
                                + "set JMSBENCH_TOKEN)",
                        "--token-file", D + "/none", "--agents", "publishers=h1:7100", "--agents",
                        "subscribers=h2:7100"),
                run("run --broker-credentials missing",
                        "jmsbench run: --broker-credentials " + D + "/none: no such file",
                        "--broker-credentials", D + "/none"),
                run("run --broker-credentials a directory",
                        "jmsbench run: --broker-credentials " + D + "/dir: expected a file, found a directory",
                        "--broker-credentials", D + "/dir"),
                run("run --on-failure of an unknown policy",
                        "jmsbench run: --on-failure: expected abort or continue, found 'retry'",
                        "--on-failure", "retry"),
                run("run --progress of an unknown mode",
                        "jmsbench run: --progress: expected auto, bar, plain, none, found 'fancy'",
                        "--progress", "fancy"),
                run("run --metrics-port not a number",
                        "jmsbench run: --metrics-port: expected a whole number (PORT), found 'http'",
                        "--metrics-port", "http"),
                run("run --metrics-port out of range",
                        "jmsbench run: --metrics-port: expected a port from 0 to 65535, found 70000",
                        "--metrics-port", "70000"),
                run("run --broker-port out of range",
                        "jmsbench run: --broker-port: expected a port from 1 to 65535, found 0",
                        "--broker-port", "0"),
                run("run --broker-pid of no process",
                        "jmsbench run: --broker-pid: no process 999999999 on this machine",
                        "--broker-pid", "999999999"),
                run("run --broker-pid with --broker-port",
                        "jmsbench run: --broker-pid and --broker-port both name the broker's process: give one",
                        "--broker-pid", "1", "--broker-port", "61616"),
                run("run --metrics-address that is no address",
                        "jmsbench run: --metrics-address: expected an address of this machine such as 127.0.0.1 or"
                                + " 0.0.0.0, found '[::1'",
                        "--metrics-port", "0", "--metrics-address", "[::1"),
                run("run --history with a password in its URL",
                        "jmsbench run: --history: the URL holds a password, which would show in every output; give it"
                                + " with --history-password env:NAME or file:PATH, or in JMSBENCH_HISTORY_PASSWORD",
                        "--history", "jdbc:postgresql://db:5432/bench?user=ci&password=secret"),
                run("run --history-password for a SQLite history",
                        "jmsbench run: --history-password: a SQLite file has no password; it goes with a"
                                + " jdbc:postgresql:// history",
                        "--history-password", "env:PW"),
                run("run --commit that is no commit",
                        "jmsbench run: --commit: expected a commit id or tag (letters, digits and . _ / + -, at most"
                                + " 100), found 'a b'",
                        "--commit", "a b"),
                run("run with an unknown option",
                        "jmsbench run: unknown option '--bogus'" + help,
                        "--bogus"),
                run("run with a misspelt option",
                        "jmsbench run: unknown option '--sett' (did you mean --set?)" + help,
                        "--sett", "publishers.clients=2"),
                row("run with an option missing its value",
                        "jmsbench run: --out: expected DIR after it, found nothing" + help,
                        "run", D + "/s.yaml", "--out"),
                run("run with an option given twice",
                        "jmsbench run: --out: expected once, found it given twice" + help,
                        "--out", D + "/out2"),
                run("run with a second scenario",
                        "jmsbench run: expected no more arguments, found '" + D + "/s.yaml'" + help,
                        D + "/s.yaml"),
                row("run without a scenario",
                        "jmsbench run: expected SCENARIO, found none" + help,
                        "run"),
                // validate
                row("validate without a scenario",
                        "jmsbench validate: expected SCENARIO, found none; see ./jmsbench validate --help",
                        "validate"),
                row("validate a directory",
                        D + "/dir: (file): expected a scenario file, found a directory",
                        "validate", D + "/dir"),
                row("validate with an unknown option",
                        "jmsbench validate: unknown option '--strict'; see ./jmsbench validate --help",
                        "validate", "--strict", D + "/s.yaml"),
                // report
                row("report of a file that is not a report",
                        "jmsbench report: " + D + "/notreport.json: not a jmsbench report: schema is missing,"
                                + " expected \"jmsbench.report/1\"",
                        "report", D + "/notreport.json"),
                row("report of a directory without report.json",
                        "jmsbench report: " + D + "/dir/report.json: no such file",
                        "report", D + "/dir"),
                row("report without a run",
                        "jmsbench report: expected DIR, found none; see ./jmsbench report --help",
                        "report"),
                // compare
                row("compare of a file that is not a report",
                        "jmsbench compare: " + D + "/notreport.json: not a jmsbench report: schema is missing,"
                                + " expected \"jmsbench.report/1\"",
                        "compare", REPORT, D + "/notreport.json"),
                row("compare of one run without --baseline",
                        "jmsbench compare: expected two runs, BASE and NEW (or NEW with --baseline DIR), found 1",
                        "compare", REPORT),
                row("compare --baseline that is no directory",
                        "jmsbench compare: --baseline " + D + "/file: no such directory",
                        "compare", REPORT, "--baseline", D + "/file"),
                row("compare --max-regression not a percentage",
                        "jmsbench compare: --max-regression: expected a percentage from 0% to 100% (e.g. 5%) or off,"
                                + " found 'lots'",
                        "compare", REPORT, REPORT, "--max-regression", "lots"),
                row("compare --max-latency-regression above 100%",
                        "jmsbench compare: --max-latency-regression: expected a percentage from 0% to 100% (e.g. 5%)"
                                + " or off, found '150%'",
                        "compare", REPORT, REPORT, "--max-latency-regression", "150%"),
                row("compare --format unknown",
                        "jmsbench compare: --format: expected one of text, markdown, json, github-benchmark,"
                                + " github-benchmark-latency, junit, found 'xml'",
                        "compare", REPORT, REPORT, "--format", "xml"),
                row("compare --output of an unknown format",
                        "jmsbench compare: --output: expected one of text, markdown, json, github-benchmark,"
                                + " github-benchmark-latency, junit, found 'xml'",
                        "compare", REPORT, REPORT, "--output", "xml=" + D + "/gate.xml"),
                row("compare --output without a file",
                        "jmsbench compare: --output: expected FORMAT=FILE, found 'junit'",
                        "compare", REPORT, REPORT, "--output", "junit"),
                row("compare --output into a directory",
                        "jmsbench compare: --output " + D + "/dir: expected a file, found a directory",
                        "compare", REPORT, REPORT, "--output", "junit=" + D + "/dir"),
                row("compare --output under a regular file",
                        "jmsbench compare: --output " + D + "/file/gate.xml: expected a file it can write, found the"
                                + " file " + D + "/file on its path",
                        "compare", REPORT, REPORT, "--output", "markdown=" + D + "/comment.md",
                        "--output", "junit=" + D + "/file/gate.xml"),
                row("compare --allow-different of an unknown part",
                        "jmsbench compare: --allow-different: expected parts among scenario, broker, provider,"
                                + " clients, jvm, cores, cpus, found 'colour'",
                        "compare", REPORT, REPORT, "--allow-different", "jvm,colour"),
                // history
                row("history show --format unknown",
                        "jmsbench history show: --format: expected text or markdown, found 'xml'",
                        "history", "show", "ci-smoke", "--format", "xml"),
                row("history show --html into a directory",
                        "jmsbench history show: --html " + D + "/dir: expected a file, found a directory",
                        "history", "show", "ci-smoke", "--html", D + "/dir"),
                row("history show --history that does not exist",
                        "jmsbench history show: " + D + "/none.db: no history there yet (jmsbench run records one;"
                                + " jmsbench history import DIR makes one from a results tree)",
                        "history", "show", "ci-smoke", "--history", D + "/none.db"),
                row("history show --point in a history that is a directory",
                        "jmsbench history show: " + D + "/dir: a directory, not a history file; give a file such as "
                                + D + "/dir/history.db",
                        "history", "show", "ci-smoke", "--point", "ci-smoke", "--history", D + "/dir"),
                row("history show --fingerprint in a history that is no database",
                        "jmsbench history show: " + D + "/file: not a SQLite database, or a damaged one"
                                + " ([SQLITE_NOTADB] File opened that is not a database file (file is not a database)):"
                                + " refused; move it away or give another --history",
                        "history", "show", "ci-smoke", "--fingerprint", "abc", "--history", D + "/file"),
                row("history show --history-password for a SQLite history",
                        "jmsbench history show: --history-password: a SQLite file has no password; it goes with a"
                                + " jdbc:postgresql:// history",
                        "history", "show", "ci-smoke", "--history-password", "env:PW"),
                row("history import of nothing there",
                        "jmsbench history import: " + D + "/none: no such file or directory",
                        "history", "import", D + "/none"),
                row("history import --history of another database",
                        "jmsbench history import: --history: expected a SQLite file or a jdbc:postgresql:// URL,"
                                + " found 'jdbc:mysql://db/bench'",
                        "history", "import", D + "/dir", "--history", "jdbc:mysql://db/bench?user=x"),
                row("history import --history-password in the open",
                        "jmsbench history import: --history-password: expected env:NAME or file:PATH, found a plain"
                                + " value: a password is never given in the open",
                        "history", "import", D + "/dir", "--history", "jdbc:postgresql://127.0.0.1:1/bench",
                        "--history-password", "secret"),
                row("history import --commit that is no commit",
                        "jmsbench history import: --commit: expected a commit id or tag (letters, digits and . _ / + -,"
                                + " at most 100), found 'x;y'",
                        "history", "import", D + "/dir", "--commit", "x;y"),
                row("compare --history-runs below the least",
                        "jmsbench compare: --history-runs: expected at least 5, found 3",
                        "compare", "--history", D + "/none.db", "--history-runs", "3", REPORT),
                row("compare --history with a format it does not write",
                        "jmsbench compare: --history: expected the text or markdown format, found json",
                        "compare", "--history", D + "/none.db", "--format", "json", REPORT),
                row("compare --history-password for a SQLite history",
                        "jmsbench compare: --history-password: a SQLite file has no password; it goes with a"
                                + " jdbc:postgresql:// history",
                        "compare", "--history", D + "/none.db", "--history-password", "env:PW", REPORT),
                row("compare --history-lineage in a history that is no database",
                        "jmsbench compare: " + D + "/file: not a SQLite database, or a damaged one ([SQLITE_NOTADB]"
                                + " File opened that is not a database file (file is not a database)): refused; move it"
                                + " away or give another --history",
                        "compare", "--history", D + "/file", "--history-lineage", "abc", REPORT),
                // baseline
                row("baseline of an unknown subcommand",
                        "jmsbench baseline: unknown command 'keep', expected one of save, show;"
                                + " see ./jmsbench baseline --help",
                        "baseline", "keep", REPORT),
                row("baseline save without --dir",
                        "jmsbench baseline save: expected --dir DIR, found none; see ./jmsbench baseline save --help",
                        "baseline", "save", REPORT),
                row("baseline save of a file that is not a report",
                        "jmsbench baseline save: " + D + "/notreport.json: not a jmsbench report: schema is missing,"
                                + " expected \"jmsbench.report/1\"",
                        "baseline", "save", D + "/notreport.json", "--dir", D + "/baselines"),
                row("baseline save --dir under a regular file",
                        "jmsbench baseline save: --dir " + D + "/file/baselines: expected a directory it can write in,"
                                + " found the file " + D + "/file on its path",
                        "baseline", "save", REPORT, "--dir", D + "/file/baselines"),
                row("baseline show --dir that does not exist",
                        "jmsbench baseline show: " + D + "/none: no such directory",
                        "baseline", "show", "--dir", D + "/none"),
                // fit
                row("fit of a file that is not a report",
                        "jmsbench fit: " + D + "/notreport.json: not a jmsbench report: schema is missing, expected"
                                + " \"jmsbench.report/1\"",
                        "fit", D + "/notreport.json"),
                row("fit of an empty file",
                        "jmsbench fit: " + D + "/empty.json: not a jmsbench report: expected a JSON object with schema"
                                + " \"jmsbench.report/1\"",
                        "fit", D + "/empty.json"),
                row("fit of a directory without report.json",
                        "jmsbench fit: " + D + "/dir/report.json: no such file",
                        "fit", D + "/dir"),
                row("fit --predict of the wrong shape",
                        "jmsbench fit: --predict 'filters=200': expected filters=N,r=X, e.g. filters=200,r=10",
                        "fit", REPORT, "--predict", "filters=200"),
                row("fit --max-r not a positive number",
                        "jmsbench fit: --max-r: expected a finite number > 0, found 0",
                        "fit", REPORT, "--max-r", "0"),
                row("fit --holdout leaving too few points",
                        "jmsbench fit: --holdout: expected more than 4 usable points to hold any out (4 must stay to"
                                + " fit), found 1",
                        "fit", REPORT, "--holdout", "1"),
                row("fit --compared of a set the report lacks",
                        "jmsbench fit: --compared 'Artemis': expected the name of a compared set of the report, found a"
                                + " report that compares nothing",
                        "fit", REPORT, "--compared", "Artemis"),
                row("fit --seed not a number",
                        "jmsbench fit: --seed: expected a whole number (S), found 'one'",
                        "fit", REPORT, "--holdout", "1", "--seed", "one"),
                row("fit without a report",
                        "jmsbench fit: expected REPORT, found none; see ./jmsbench fit --help",
                        "fit"),
                // disk
                row("disk on a path that does not exist",
                        "jmsbench disk: " + D + "/none: no such directory",
                        "disk", D + "/none", "--seconds", "1"),
                row("disk on a file",
                        "jmsbench disk: " + D + "/file: expected a directory, found a file",
                        "disk", D + "/file", "--seconds", "1"),
                row("disk --block-size not a number",
                        "jmsbench disk: --block-size: expected a whole number (BYTES), found '4k'",
                        "disk", D + "/dir", "--block-size", "4k"),
                row("disk --block-size of zero",
                        "jmsbench disk: --block-size: expected a whole number of at least 1, found 0",
                        "disk", D + "/dir", "--block-size", "0"),
                row("disk --file-size below the block size",
                        "jmsbench disk: --file-size: expected at least the block size (4096), found 100",
                        "disk", D + "/dir", "--file-size", "100"),
                row("disk --seconds not a whole number",
                        "jmsbench disk: --seconds: expected a whole number (S), found '1.5'",
                        "disk", D + "/dir", "--seconds", "1.5"),
                row("disk --seconds of zero",
                        "jmsbench disk: --seconds: expected a whole number of at least 1, found 0",
                        "disk", D + "/dir", "--seconds", "0"),
                // broker
                row("broker --kind unknown",
                        "jmsbench broker: --kind: expected activemq or artemis, found 'rabbitmq'",
                        "broker", "--kind", "rabbitmq"),
                row("broker --listen that is no host",
                        "jmsbench broker: --listen: expected a host name or address such as 127.0.0.1 or 0.0.0.0,"
                                + " found 'my host'",
                        "broker", "--listen", "my host"),
                row("broker --memory-limit-mb not a number",
                        "jmsbench broker: --memory-limit-mb: expected a whole number (MB), found '1GB'",
                        "broker", "--memory-limit-mb", "1GB"),
                row("broker --memory-limit-mb below 1",
                        "jmsbench broker: --memory-limit-mb: expected a whole number of at least 1, found -5",
                        "broker", "--memory-limit-mb", "-5"),
                row("broker --tuning not JSON",
                        "jmsbench broker: --tuning: expected a JSON object of broker tuning fields, found invalid JSON:"
                                + " Unexpected character ('j' (code 106)): was expecting double-quote to start field"
                                + " name",
                        "broker", "--tuning", "{journalDiskSyncs: false}"),
                row("broker --tuning with an unknown field",
                        "jmsbench broker: --tuning: journalDiskSync: unknown field, expected one of addressFullPolicy,"
                                + " dataDirectory, journalDiskSyncs, journalMaxFileLengthMb, memoryLimitMb,"
                                + " preallocationStrategy, producerFlowControl, schedulerSupport, sendFailIfNoSpace,"
                                + " sendFailIfNoSpaceAfterTimeout, storeLimitMb, tempLimitMb",
                        "broker", "--tuning", "{\"journalDiskSync\": false}"),
                row("broker --data-dir under a regular file",
                        "jmsbench broker: --data-dir " + D + "/file/data: expected a directory it can write in, found"
                                + " the file " + D + "/file on its path",
                        "broker", "--persistent", "--data-dir", D + "/file/data"),
                row("broker --openwire-port out of range",
                        "jmsbench broker: --openwire-port: expected a port from 0 to 65535 (0: a free one), found 70000",
                        "broker", "--openwire-port", "70000"),
                row("broker --amqp-port negative",
                        "jmsbench broker: --amqp-port: expected a port from 0 to 65535 (0: a free one), found -1",
                        "broker", "--amqp-port", "-1"),
                row("broker --core-port not a number",
                        "jmsbench broker: --core-port: expected a whole number (PORT), found 'core'",
                        "broker", "--core-port", "core"),
                row("broker --tls-keystore without its password",
                        "jmsbench broker: --tls-keystore: expected --tls-keystore-password beside it (env:NAME or"
                                + " file:PATH), found none",
                        "broker", "--tls-keystore", D + "/server.p12"),
                row("broker --tls-keystore-password in the open",
                        "jmsbench broker: --tls-keystore-password: expected env:NAME or file:PATH, found a plain value:"
                                + " a password is never given in the open",
                        "broker", "--tls-keystore", D + "/server.p12", "--tls-keystore-password", "s3cret"),
                row("broker --tls-truststore without a keystore",
                        "jmsbench broker: --tls-truststore: expected it only with --tls-keystore, found it alone",
                        "broker", "--tls-truststore", D + "/trust.p12"),
                row("broker --tls-truststore-password without a keystore",
                        "jmsbench broker: --tls-truststore-password: expected it only with --tls-keystore, found it"
                                + " alone",
                        "broker", "--tls-truststore-password", "env:JMSBENCH_TEST_UNSET"),
                row("broker --ready-file a directory",
                        "jmsbench broker: --ready-file " + D + "/dir: expected a file, found a directory",
                        "broker", "--ready-file", D + "/dir"),
                row("broker --counts-file in a directory that does not exist",
                        "jmsbench broker: --counts-file " + D + "/none/counts.json: expected a file in an existing"
                                + " directory, found no directory " + D + "/none",
                        "broker", "--counts-file", D + "/none/counts.json"),
                // agent
                row("agent without --role",
                        "jmsbench agent: expected --role ROLE, found none; see ./jmsbench agent --help",
                        "agent", "--token-file", D + "/token"),
                row("agent --role unknown",
                        "jmsbench agent: --role: expected one of publisher, subscriber, monitor, found 'publishers'",
                        "agent", "--role", "publishers", "--token-file", D + "/token"),
                row("agent --lease too short",
                        "jmsbench agent: --lease: expected a duration of at least 1s such as 30s, found '500ms'",
                        "agent", "--role", "publisher", "--token-file", D + "/token", "--lease", "500ms"),
                row("agent --lease without a unit",
                        "jmsbench agent: --lease: expected a duration of at least 1s such as 30s, found '30'",
                        "agent", "--role", "publisher", "--token-file", D + "/token", "--lease", "30"),
                row("agent --listen without a port",
                        "jmsbench agent: --listen: expected HOST:PORT with a port from 0 to 65535, found '10.0.0.3'",
                        "agent", "--role", "publisher", "--token-file", D + "/token", "--listen", "10.0.0.3"),
                row("agent --listen with a port out of range",
                        "jmsbench agent: --listen: expected HOST:PORT with a port from 0 to 65535, found"
                                + " '127.0.0.1:99999'",
                        "agent", "--role", "publisher", "--token-file", D + "/token", "--listen", "127.0.0.1:99999"),
                row("token --token-file a directory",
                        "jmsbench token: --token-file " + D + "/dir: expected a file, found a directory",
                        "token", "--token-file", D + "/dir"),
                row("docs --out a regular file",
                        "jmsbench docs: --out " + D + "/file: expected a directory, found a file",
                        "docs", "--out", D + "/file"),
                row("agent --token-file a directory",
                        "jmsbench agent: --token-file " + D + "/dir: expected a file, found a directory",
                        "agent", "--role", "publisher", "--token-file", D + "/dir"),
                row("agent --token-file under a regular file",
                        "jmsbench agent: --token-file " + D + "/file/token: expected a file it can write, found the"
                                + " file " + D + "/file on its path",
                        "agent", "--role", "publisher", "--token-file", D + "/file/token"),
                row("agent --ready-file a directory",
                        "jmsbench agent: --ready-file " + D + "/dir: expected a file, found a directory",
                        "agent", "--role", "publisher", "--token-file", D + "/token", "--ready-file", D + "/dir"),
                row("agent --ready-file under a regular file",
                        "jmsbench agent: --ready-file " + D + "/file/ready.json: expected a file it can write, found"
                                + " the file " + D + "/file on its path",
                        "agent", "--role", "publisher", "--token-file", D + "/token", "--ready-file",
                        D + "/file/ready.json"),
                row("agent --broker-port out of range",
                        "jmsbench agent: --broker-port: expected a port from 1 to 65535, found 70000",
                        "agent", "--role", "monitor", "--token-file", D + "/token", "--broker-port", "70000"),
                row("agent --broker-port for a client agent",
                        "jmsbench agent: --broker-port: only a monitor agent (--role monitor) looks for the broker's"
                                + " process, not a publisher agent",
                        "agent", "--role", "publisher", "--token-file", D + "/token", "--broker-port", "61616"),
                // schema, completion, help and none
                row("schema with an argument",
                        "jmsbench schema: expected no more arguments, found 'scenario.json';"
                                + " see ./jmsbench schema --help",
                        "schema", "scenario.json"),
                row("schema with an unknown option",
                        "jmsbench schema: unknown option '--out'; see ./jmsbench schema --help",
                        "schema", "--out", "scenario.json"),
                row("completion with an unknown option",
                        "jmsbench completion: unknown option '--shell'; see ./jmsbench completion --help",
                        "completion", "--shell", "zsh"),
                row("an unknown command",
                        "jmsbench: unknown command 'start', expected one of run, validate, report, compare, baseline,"
                                + " history, fit, disk, broker, agent, token, schema, completion, help;"
                                + " see ./jmsbench --help",
                        "start", D + "/s.yaml"),
                row("an unknown option before the command",
                        "jmsbench: unknown option '--verbose' (did you mean --version?); see ./jmsbench --help",
                        "--verbose", "run", D + "/s.yaml"),
                row("help of an unknown command",
                        "jmsbench: unknown subcommand 'start'; see ./jmsbench --help",
                        "help", "start"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusals")
    void refusesInOneSentence(Row row) throws IOException {
        String d = dir.toString();
        Map<String, Long> before = tree();

        Cli.Result result = Cli.execute(row.args().stream().map(a -> a.replace(D, d)).toArray(String[]::new));

        assertEquals(row.expected().replace(D, d) + System.lineSeparator(), result.err(), "stderr");
        assertEquals(ExitCodes.BAD_INPUT, result.exit(), "exit code");
        assertFalse(result.err().contains("\tat "), "stack trace on stderr");
        assertFalse(result.err().contains("Exception"), "exception on stderr");
        assertEquals("", result.out(), "stdout");
        assertEquals(before, tree(), "files under " + d + " (name and size) before and after");
    }

    /** Refused after parsing, when it cannot listen: no token generated, nothing served. */
    @Test
    void agentRefusesAnAddressInUse() throws IOException {
        try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            String listen = "127.0.0.1:" + busy.getLocalPort();
            Map<String, Long> before = tree();

            Cli.Result result = Cli.execute("agent", "--role", "subscriber", "--listen", listen, "--token-file",
                    dir.resolve("token").toString());

            assertEquals("jmsbench agent: --listen " + listen + ": cannot listen there: Address already in use"
                    + System.lineSeparator(), result.err());
            assertEquals(ExitCodes.BAD_INPUT, result.exit());
            assertEquals(before, tree());
        }
    }

    /** Every option that takes a value, of every command, has a row that gives it. */
    @Test
    void everyOptionWithAValueHasARow() {
        List<Row> rows = refusals().toList();
        List<String> uncovered = new ArrayList<>();
        Deque<CommandLine> todo = new ArrayDeque<>(List.of(Main.commandLine()));
        while (!todo.isEmpty()) {
            CommandLine command = todo.pop();
            todo.addAll(command.getSubcommands().values());
            List<String> path = Arrays.asList(command.getCommandSpec().qualifiedName(" ").split(" "));
            List<String> words = path.subList(1, path.size());
            for (OptionSpec option : command.getCommandSpec().options()) {
                if (option.arity().max() == 0 || option.hidden()) {
                    continue;
                }
                boolean covered = rows.stream().anyMatch(r -> r.args().size() >= words.size()
                        && r.args().subList(0, words.size()).equals(words) && r.args().contains(option.longestName()));
                if (!covered) {
                    uncovered.add(String.join(" ", path) + " " + option.longestName());
                }
            }
        }
        assertEquals(List.of(), uncovered, "options without a refusal row");
    }

    @Test
    void everyRowIsDistinct() {
        List<Row> rows = refusals().toList();
        assertEquals(rows.size(), rows.stream().map(Row::name).distinct().count(), "row names repeat");
        assertEquals(rows.size(), rows.stream().map(Row::expected).distinct().count(), "expected lines repeat");
    }

    /** Every file and directory under the test's directory, with its size. */
    private Map<String, Long> tree() throws IOException {
        Map<String, Long> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.toList()) {
                files.put(dir.relativize(p).toString(), Files.isDirectory(p) ? -1 : Files.size(p));
            }
        }
        return files;
    }
}
