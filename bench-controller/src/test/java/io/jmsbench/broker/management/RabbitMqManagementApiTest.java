package io.jmsbench.broker.management;

import io.jmsbench.protocol.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The management API's answers, as RabbitMQ 3.10 writes them (fields cut to those read), in its own words. */
@Timeout(10)
class RabbitMqManagementApiTest {

    @Test
    void aNodesMemoryAndDiskAlarmsAreToldWithTheirFigures() throws Exception {
        String nodes = """
                [{"name":"rabbit@a","mem_alarm":true,"mem_used":900000000,"mem_limit":800000000,
                  "disk_free_alarm":false,"disk_free":5000000000,"disk_free_limit":50000000},
                 {"name":"rabbit@b","mem_alarm":false,"disk_free_alarm":true,"disk_free":1000,"disk_free_limit":50000000}]
                """;
        assertEquals(List.of("node rabbit@a: mem_alarm (mem_used 900,000,000 of mem_limit 800,000,000 bytes)",
                "node rabbit@b: disk_free_alarm (disk_free 1,000 below disk_free_limit 50,000,000 bytes)"),
                RabbitMqManagementApi.alarms(Json.MAPPER.readTree(nodes)));
    }

    @Test
    void connectionsInFlowOrBlockedAreToldAndRunningOnesAreNot() throws Exception {
        String connections = """
                [{"name":"127.0.0.1:50000 -> 127.0.0.1:5672","state":"running"},
                 {"name":"127.0.0.1:50001 -> 127.0.0.1:5672","state":"flow"},
                 {"name":"127.0.0.1:50002 -> 127.0.0.1:5672","state":"blocked"}]
                """;
        assertEquals(List.of("connection 127.0.0.1:50001 -> 127.0.0.1:5672: state flow",
                "connection 127.0.0.1:50002 -> 127.0.0.1:5672: state blocked"),
                RabbitMqManagementApi.flowControl(Json.MAPPER.readTree(connections)));
    }
}
