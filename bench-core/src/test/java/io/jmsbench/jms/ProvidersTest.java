package io.jmsbench.jms;

import io.jmsbench.scenario.Provider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;

@Timeout(10)
class ProvidersTest {

    @Test
    void everyScenarioProviderGoesOnTheWireAsTheProviderOfItsName() {
        for (Provider provider : Provider.values()) {
            assertEquals(provider.name(), Providers.wire(provider).name());
        }
        assertEquals(Provider.values().length, io.jmsbench.protocol.Provider.values().length);
    }
}
