package io.jmsbench.cli;

import io.jmsbench.jms.BrokerCredentials;
import io.jmsbench.scenario.SecretReference;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * The broker login of a run: a properties file ({@code user=...}, {@code password=...}) given with
 * {@code --broker-credentials}, else the {@code JMSBENCH_BROKER_USER} and
 * {@code JMSBENCH_BROKER_PASSWORD} environment variables, else none (anonymous). The file is held
 * to the rule of every file with a secret ({@link SecretReference#checkPrivate}): its owner's alone.
 */
final class BrokerLogin {

    static final String USER_ENV = "JMSBENCH_BROKER_USER";
    static final String PASSWORD_ENV = "JMSBENCH_BROKER_PASSWORD";

    static final class LoginProblem extends Exception {
        LoginProblem(String message) {
            super(message);
        }
    }

    private BrokerLogin() {
    }

    static BrokerCredentials load(Path file, Map<String, String> env) throws LoginProblem {
        if (file == null) {
            String user = env.get(USER_ENV);
            if (user == null || user.isEmpty()) {
                return null;
            }
            return new BrokerCredentials(user, env.getOrDefault(PASSWORD_ENV, ""));
        }
        try {
            SecretReference.checkPrivate("--broker-credentials:", file);
            Properties p = new Properties();
            try (Reader in = Files.newBufferedReader(file)) {
                p.load(in);
            }
            String user = p.getProperty("user");
            if (user == null || user.isBlank() || p.getProperty("password") == null) {
                throw new LoginProblem("--broker-credentials: " + file + ": expected the lines user=NAME and "
                        + "password=SECRET, found " + (user == null || user.isBlank() ? "no user" : "no password"));
            }
            return new BrokerCredentials(user.strip(), p.getProperty("password"));
        } catch (SecretReference.Unresolved e) {
            throw new LoginProblem(e.getMessage());
        } catch (IOException e) {
            throw new LoginProblem("--broker-credentials: cannot read " + file + ": " + e.getMessage());
        }
    }
}
