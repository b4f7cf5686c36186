package io.jmsbench.text;

import io.jmsbench.scenario.Problem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(20)
class QuotedTest {

    @Test
    void aShortValueIsQuotedWhole() {
        assertEquals("'stomp'", Quoted.value("stomp"));
    }

    @Test
    void aLongValueIsQuotedByItsStartAndItsLength() {
        assertEquals("'" + "a".repeat(40) + "...' (100000 characters)", Quoted.value("a".repeat(100_000)));
    }

    @Test
    void thePasswordOfAUrlIsHidden() {
        assertEquals("'http://admin:***@broker:15672'", Quoted.value("http://admin:s3cret@broker:15672"));
        assertEquals("'failover:(tcp://u:***@a:1,tcp://b:2)'", Quoted.value("failover:(tcp://u:pw@a:1,tcp://b:2)"));
    }

    @Test
    void thePasswordOfAUserPartWithoutSchemeIsHidden() {
        assertEquals("admin:***@broker:15672", Quoted.redact("admin:s3cret@broker:15672"));
    }

    @Test
    void aPasswordParameterIsHidden() {
        assertEquals("amqp://h:5672?jms.username=u&jms.password=***&x=1",
                Quoted.redact("amqp://h:5672?jms.username=u&jms.password=s3cret&x=1"));
    }

    @Test
    void anAddressWithoutPasswordIsLeftAsItIs() {
        assertEquals("tcp://user@host:61616 and ops@example.com", Quoted.redact("tcp://user@host:61616 and ops@example.com"));
    }

    @Test
    void theHiddenPasswordIsNotCountedIntoAShortValue() {
        String url = "http://admin:" + "p".repeat(100) + "@h";
        assertEquals("'http://admin:***@h'", Quoted.value(url));
    }

    @Test
    void aProblemCutsAWordQuotedAnotherWayAndHidesItsPassword() {
        Problem p = new Problem("f.yaml", 1, 1, "x", "found " + "z".repeat(5_000) + " at http://a:s3cret@h");

        assertEquals("found " + "z".repeat(40) + "... (5000 characters) at http://a:***@h", p.message());
    }

    @Test
    void aMegabyteOfAtSignsAndColonsIsScannedOnce() {
        String text = ":@".repeat(500_000);
        long start = System.nanoTime();

        String message = Quoted.message(text);

        assertTrue(message.length() < 1200, message.length() + " characters");
        assertTrue(System.nanoTime() - start < 5_000_000_000L, "took " + (System.nanoTime() - start) / 1_000_000 + " ms");
    }
}
