package io.jmsbench.run;

import io.jmsbench.jms.BrokerCredentials;
import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.protocol.Json;
import io.jmsbench.protocol.MessagePlan;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.protocol.PublisherGroupPlan;
import io.jmsbench.protocol.RateStep;
import io.jmsbench.run.point.ClientPlans;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.read.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code POST /prepare}'s body against golden text: the field names are those the plan had while
 * it embedded the scenario's records, less what no agent read (the destination's name and count,
 * {@code message.vary}).
 */
@Timeout(30)
class PoolPlansTest {

    /** Every part of the plan set away from its default. */
    private static final String SCENARIO = """
            name: plan
            broker: {url: "amqp://127.0.0.1:5672"}
            provider: amqp
            destination: {type: queue, name: bench.q, count: 3}
            message: {type: map, size: 256, properties: 2, values: "#0", correlationId: template, vary: {on: P2, from: 1, to: 3}}
            publishers: {clients: 2, rate: 1000, faults: {dropEvery: 7, repeatEvery: 11, failAfterSendEvery: 13, failAfterCommitEvery: 17}}
            subscribers:
              - {clients: 3}
            delivery: {persistent: true, ack: client, ackEvery: 10, asyncSend: true}
            phases: {warmup: 1s, measure: 2s, drain: 1s}
            """;

    /** The plan as written before it always carried its publisher groups. */
    private static final String GOLDEN_WITHOUT_GROUPS = """
            {
              "runId" : "run-1",
              "provider" : "amqp",
              "brokerUrl" : "amqp://127.0.0.1:5672",
              "destination" : {
                "type" : "queue"
              },
              "message" : {
                "type" : "map",
                "size" : 256,
                "properties" : 2,
                "values" : "#0",
                "correlationId" : "template",
                "stamped" : true
              },
              "variants" : [ {
                "correlationId" : null,
                "properties" : {
                  "P2" : "#1"
                }
              }, {
                "correlationId" : null,
                "properties" : {
                  "P2" : "#2"
                }
              }, {
                "correlationId" : null,
                "properties" : {
                  "P2" : "#3"
                }
              } ],
              "delivery" : {
                "persistent" : true,
                "ack" : "client",
                "durable" : false,
                "ackEvery" : 10,
                "transactionSize" : 1,
                "asyncSend" : true
              },
              "ratePerClient" : 500.0,
              "faults" : {
                "dropEvery" : 7,
                "repeatEvery" : 11,
                "failAfterSendEvery" : 13,
                "failAfterCommitEvery" : 17
              },
              "clients" : [ {
                "id" : "pub-0",
                "selector" : null,
                "destination" : "bench.q.0",
                "audit" : false
              } ],
              "clockOffsetNanos" : 42,
              "credentials" : {
                "user" : "u",
                "password" : "p"
              }
            }""";

    /** The plan as written since it always carries its publisher groups (here a single mapping's one). */
    private static final String GOLDEN = """
            {
              "runId" : "run-1",
              "provider" : "amqp",
              "brokerUrl" : "amqp://127.0.0.1:5672",
              "destination" : {
                "type" : "queue"
              },
              "message" : {
                "type" : "map",
                "size" : 256,
                "properties" : 2,
                "values" : "#0",
                "correlationId" : "template",
                "stamped" : true
              },
              "variants" : [ {
                "correlationId" : null,
                "properties" : {
                  "P2" : "#1"
                }
              }, {
                "correlationId" : null,
                "properties" : {
                  "P2" : "#2"
                }
              }, {
                "correlationId" : null,
                "properties" : {
                  "P2" : "#3"
                }
              } ],
              "delivery" : {
                "persistent" : true,
                "ack" : "client",
                "durable" : false,
                "ackEvery" : 10,
                "transactionSize" : 1,
                "asyncSend" : true
              },
              "ratePerClient" : 500.0,
              "faults" : {
                "dropEvery" : 7,
                "repeatEvery" : 11,
                "failAfterSendEvery" : 13,
                "failAfterCommitEvery" : 17
              },
              "clients" : [ {
                "id" : "pub-0",
                "selector" : null,
                "destination" : "bench.q.0",
                "audit" : false
              } ],
              "clockOffsetNanos" : 42,
              "credentials" : {
                "user" : "u",
                "password" : "p"
              },
              "groups" : [ {
                "name" : "publishers-1",
                "message" : {
                  "type" : "map",
                  "size" : 256,
                  "properties" : 2,
                  "values" : "#0",
                  "correlationId" : "template",
                  "stamped" : true
                },
                "variants" : [ {
                  "correlationId" : null,
                  "properties" : {
                    "P2" : "#1"
                  }
                }, {
                  "correlationId" : null,
                  "properties" : {
                    "P2" : "#2"
                  }
                }, {
                  "correlationId" : null,
                  "properties" : {
                    "P2" : "#3"
                  }
                } ],
                "persistent" : true,
                "ratePerClient" : 500.0
              } ]
            }""";

    private static PoolPlan plan(String yaml, BrokerCredentials credentials) throws Exception {
        Scenario scenario = ScenarioLoader.parse(yaml, "plan", "plan", List.of());
        return PoolPlans.of(scenario, "run-1", "amqp://127.0.0.1:5672",
                List.of(new ClientPlan("pub-0", null, "bench.q.0")), 42, credentials);
    }

    @Test
    void thePlanIsWrittenAsAgentsHaveAlwaysReadIt() throws Exception {
        PoolPlan plan = plan(SCENARIO, new BrokerCredentials("u", "p"));
        String json = Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(plan);
        assertEquals(GOLDEN, json.replace("\r\n", "\n"));
        assertEquals(plan, Json.MAPPER.readValue(json, PoolPlan.class), "an agent reads back what was written");
        assertNull(Json.MAPPER.readValue(GOLDEN, PoolPlan.class).rateProfile(), "a plan without a profile reads");
    }

    @Test
    void aProfileTravelsAsEachClientsShareWithEveryStartRateResolved() throws Exception {
        PoolPlan plan = plan("""
                name: profile
                publishers:
                  clients: 4
                  rate:
                    - {rate: 1000, for: 30s}
                    - {ramp: 5000, over: 1m}
                    - {burst: 20000, for: 2s, every: 15s}
                phases: {warmup: 10s, measure: 60s}
                """, null);
        long s = 1_000_000_000L;
        assertEquals(List.of(RateStep.hold(250, 30 * s), RateStep.ramp(250, 1250, 60 * s),
                RateStep.burst(1250, 5000, 2 * s, 15 * s, 0)), plan.rateProfile());
        assertEquals(Double.NaN, plan.ratePerClient(), "no fixed rate beside the profile");
        assertEquals(plan, Json.MAPPER.readValue(Json.MAPPER.writeValueAsString(plan), PoolPlan.class));
    }

    @Test
    void noFaultsAndNoLoginStayNull() throws Exception {
        PoolPlan plan = plan("""
                name: plain
                publishers: {clients: 1, rate: max}
                """, null);
        assertNull(plan.faults());
        assertNull(plan.credentials());
        assertEquals(Double.NaN, plan.ratePerClient());
        assertEquals(plan, Json.MAPPER.readValue(Json.MAPPER.writeValueAsString(plan), PoolPlan.class));
    }

    @Test
    void amqpOnRabbitMqGetsThePluginsAddressesAndOthersTheScenariosNames() throws Exception {
        String rabbit = "name: r\nprovider: amqp\nbroker: {url: 'amqp://127.0.0.1:5672', kind: rabbitmq}\n";
        assertEquals("/topic/bench.q.0", plan(rabbit, null).clients().get(0).destination());
        assertEquals("/queue/bench.q.0", plan(rabbit + "destination: {type: queue}\n", null).clients().get(0)
                .destination());
        assertEquals("bench.q.0", plan(rabbit.replace("rabbitmq}", "artemis}"), null).clients().get(0).destination());
        assertEquals("bench.q.0", plan(rabbit.replace("provider: amqp", "provider: rabbitmq-jms"), null).clients()
                .get(0).destination(), "rabbitmq-jms takes plain names");
    }

    @Test
    void publisherGroupsTravelInOnePlanAndEachClientFollowsItsOwn() throws Exception {
        Scenario scenario = ScenarioLoader.parse("""
                destination: {type: topic, name: bench.t}
                message: {size: 100, properties: 1, values: order}
                publishers:
                  - {name: orders, clients: 2, rate: 400}
                  - {name: audit, clients: 1, rate: max, message: {size: 5000, type: text, values: audit},
                     delivery: {persistent: true}}
                delivery: {persistent: false}
                """, "groups.yaml", "groups", List.of());
        List<ClientPlan> clients = ClientPlans.publishers(scenario);
        assertEquals(Arrays.asList(0, 0, 1), clients.stream().map(ClientPlan::group).toList());
        PoolPlan plan = PoolPlans.of(scenario, "run-1", "tcp://127.0.0.1:61616", clients, 0, null);
        assertEquals(List.of("orders", "audit"), plan.groups().stream().map(PublisherGroupPlan::name).toList());

        PoolPlan orders = plan.sentBy(plan.groupOf(clients.get(1)));
        assertEquals(100, orders.message().size());
        assertEquals("order", orders.message().values());
        assertEquals(200.0, orders.ratePerClient());
        assertFalse(orders.delivery().persistent());
        PoolPlan audit = plan.sentBy(plan.groupOf(clients.get(2)));
        assertEquals(5000, audit.message().size());
        assertEquals(MessagePlan.MessageType.TEXT, audit.message().type());
        assertEquals("audit", audit.message().values());
        assertTrue(Double.isNaN(audit.ratePerClient()), "saturated");
        assertTrue(audit.delivery().persistent());
        assertEquals(plan, Json.MAPPER.readValue(Json.MAPPER.writeValueAsString(plan), PoolPlan.class));
    }

    @Test
    void aPlanWithoutGroupsReads() throws Exception {
        PoolPlan old = Json.MAPPER.readValue(GOLDEN_WITHOUT_GROUPS, PoolPlan.class);
        assertEquals(List.of(), old.groups(), "a plan written before groups always travelled reads without the field");
    }
}
