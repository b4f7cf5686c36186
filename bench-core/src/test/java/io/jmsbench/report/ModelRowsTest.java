package io.jmsbench.report;

import io.jmsbench.model.ModelFit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

@Timeout(10)
class ModelRowsTest {

    @Test
    void aParameterIsItsValueErrorIntervalAndThePapersAndItsCellHoldsValueAndInterval() {
        ModelFit fit = TestFits.noiseless();

        ModelRows.Parameter tTx = ModelRows.of(fit).parameters().get(2);

        assertEquals(List.of("t_tx", "1.50e-05 s", "[1.50e-05, 1.50e-05] s", "1.50e-05 s", "",
                "1.50e-05 s [1.50e-05, 1.50e-05]"), List.of(tTx.name(), tTx.value(), tTx.interval(), tTx.paper(),
                tTx.remark(), tTx.cell()));
        assertEquals(true, tTx.standardError().startsWith("± "), tTx.standardError());
        // B = 4.9e-5 + 1.5e-5 = 6.4e-5 s at filters=0, r=1: 15,625 received, 31,250 overall
        assertEquals("received 15,625 msgs/s (95% prediction interval 15,625 to 15,625), overall 31,250 msgs/s (95%"
                + " prediction interval 31,250 to 31,250)", ModelRows.prediction(fit, 0, 1));
    }

    @Test
    void aFitFromAnOlderReportHasNoErrorNorIntervalAndEveryCellIsMarked() throws Exception {
        ModelFit old = TestFits.older();

        ModelRows rows = ModelRows.of(old);

        assertEquals(new ModelRows.Parameter("t_fltr", "0.00e+00 s", "n/a", "n/a", "1.60e-07 s", "", "0.00e+00 s *"),
                rows.parameters().get(1));
        assertEquals(List.of(), rows.excluded());
    }
}
