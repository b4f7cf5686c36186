package io.jmsbench.it;

import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;

/**
 * report.html in headless Chromium, driven through Debian's chromium-driver: what every chart drew,
 * what the page logged, how long it took, and screenshots. The page must load nothing: its own
 * Content-Security-Policy forbids it, and a blocked load is a logged error here.
 */
final class ReportPage implements AutoCloseable {

    /** A chart's canvas: its title, size and how many of its pixels are strongly coloured (series, bars). */
    record Canvas(String title, long width, long height, long colouredPixels) {
    }

    /**
     * Counts, per canvas, the pixels whose channels differ by more than 60: a drawn series or bar
     * (the page draws them in saturated colours). Axes, grid and text are grey, and the phase shading
     * and interval bands are too pale to count (at most 40), so an empty chart counts none.
     */
    private static final String CANVASES = """
            const out = [];
            for (const c of document.querySelectorAll('canvas')) {
              const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
              let coloured = 0;
              for (let i = 0; i < px.length; i += 4) {
                const r = px[i], g = px[i + 1], b = px[i + 2];
                if (px[i + 3] > 0 && Math.max(r, g, b) - Math.min(r, g, b) > 60) coloured++;
              }
              const box = c.closest('.uplot');
              const title = box && box.querySelector('.u-title') ? box.querySelector('.u-title').textContent : '?';
              out.push([title, c.width, c.height, coloured]);
            }
            return out;
            """;

    /**
     * Selenium warns that it has no DevTools classes for this Chromium's version; these tests use
     * WebDriver and the browser log only, so the warning is noise. Held here: a logger nobody
     * references can be collected and lose its level.
     */
    private static final java.util.logging.Logger DEVTOOLS_LOG =
            java.util.logging.Logger.getLogger("org.openqa.selenium.devtools");

    private final ChromeDriver driver;

    private ReportPage(ChromeDriver driver) {
        this.driver = driver;
    }

    /** Where Chromium and its driver are, or why the browser tests cannot run here. */
    record Browser(Path chromium, Path driver) {

        static Optional<Browser> find(StringBuilder whyNot) {
            Optional<Path> chromium = onPath("chromium", "chromium-browser", "google-chrome");
            Optional<Path> driver = onPath("chromedriver");
            if (chromium.isEmpty() || driver.isEmpty()) {
                whyNot.append("no ").append(chromium.isEmpty() ? "chromium" : "chromedriver")
                        .append(" on the PATH (Debian: apt-get install chromium chromium-driver; .ci/run installs them)");
                return Optional.empty();
            }
            return Optional.of(new Browser(chromium.get(), driver.get()));
        }

        private static Optional<Path> onPath(String... names) {
            for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
                for (String name : names) {
                    Path candidate = Path.of(dir, name);
                    if (Files.isExecutable(candidate)) {
                        return Optional.of(candidate);
                    }
                }
            }
            return Optional.empty();
        }
    }

    static ReportPage open(Browser browser) {
        DEVTOOLS_LOG.setLevel(Level.OFF);
        ChromeOptions options = new ChromeOptions();
        options.setBinary(browser.chromium().toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,1000", "--force-device-scale-factor=1");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(browser.driver().toFile()).usingAnyFreePort().build();
        return new ReportPage(new ChromeDriver(service, options));
    }

    /** Loads the page; returns the milliseconds from navigation start to the end of its load event. */
    double load(Path html) {
        driver.get(html.toUri().toString());
        Object ms = script("const n = performance.getEntriesByType('navigation')[0]; return n.loadEventEnd;");
        return ((Number) ms).doubleValue();
    }

    List<Canvas> canvases() {
        List<Canvas> out = new ArrayList<>();
        for (Object row : (List<?>) script(CANVASES)) {
            List<?> r = (List<?>) row;
            out.add(new Canvas((String) r.get(0), ((Number) r.get(1)).longValue(), ((Number) r.get(2)).longValue(),
                    ((Number) r.get(3)).longValue()));
        }
        return out;
    }

    /** What the page logged at level SEVERE (uncaught errors, failed loads) since the last call. */
    List<String> errors() {
        List<String> errors = new ArrayList<>();
        for (LogEntry e : driver.manage().logs().get(LogType.BROWSER)) {
            if (e.getLevel().intValue() >= Level.SEVERE.intValue()) {
                errors.add(e.getMessage());
            }
        }
        return errors;
    }

    /** How many points the select box offers (0: a run of one point has none). */
    long pointOptions() {
        return ((Number) script("const s = document.getElementById('point-select'); return s ? s.options.length : 0;"))
                .longValue();
    }

    /** Chooses point {@code index} in the select box; returns the milliseconds its charts took. */
    double choosePoint(int index) {
        Object ms = script("const s = document.getElementById('point-select'); const t0 = performance.now();"
                + " s.value = String(arguments[0]); s.dispatchEvent(new Event('change'));"
                + " return performance.now() - t0;", index);
        return ((Number) ms).doubleValue();
    }

    String text() {
        return (String) script("return document.body.innerText;");
    }

    /** The whole page as one PNG: the window is made as tall as the page first. */
    void screenshot(Path png) throws IOException {
        long height = ((Number) script("return document.documentElement.scrollHeight;")).longValue();
        driver.manage().window().setSize(new Dimension(1280, (int) Math.min(height + 40, 16_000)));
        Files.createDirectories(png.getParent());
        Files.write(png, ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
        driver.manage().window().setSize(new Dimension(1280, 1000));
    }

    Object script(String js, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(js, args);
    }

    @Override
    public void close() {
        driver.quit();
    }
}
