/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The GPRSWeb transport over a real GPRS cell: a client end on the mobile, a server end on the
// scenario's proxy node beside the GGSN, messages both ways across a 10 s radio outage in which
// the PCU drops what it holds (RetryAfterAbort false), so the transport itself must find and
// resend the losses. Every check follows from the traces of the run, never from a previous one.

#include "gprs-test-suite.h"

#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/gprs-web-transport.h"
#include "ns3/internet-module.h"
#include "ns3/test.h"

#include <array>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("GprsWebTransportTestSuite");

namespace
{

constexpr uint16_t kClientPort = 7000; //!< the client proxy's port on the mobile
constexpr uint16_t kServerPort = 7001; //!< the server proxy's port on the proxy node

/**
 * \param id the message's number, in its first four octets
 * \param octets its size, >= 4
 * \return the message; octet k >= 4 is (id + k) mod 251
 */
Ptr<Packet>
NumberedMessage(uint32_t id, uint32_t octets)
{
    std::vector<uint8_t> data(octets);
    for (uint32_t k = 0; k < octets; ++k)
    {
        data[k] =
            k < 4 ? static_cast<uint8_t>(id >> (24 - 8 * k)) : static_cast<uint8_t>((id + k) % 251);
    }
    return Create<Packet>(data.data(), octets);
}

/**
 * \param message a NumberedMessage
 * \param id gets its number
 * \return every octet is as NumberedMessage made it
 */
bool
ReadMessage(Ptr<const Packet> message, uint32_t& id)
{
    std::vector<uint8_t> data(message->GetSize());
    message->CopyData(data.data(), data.size());
    if (data.size() < 4)
    {
        return false;
    }
    id = (uint32_t{data[0]} << 24) | (uint32_t{data[1]} << 16) | (uint32_t{data[2]} << 8) | data[3];
    for (uint32_t k = 4; k < data.size(); ++k)
    {
        if (data[k] != static_cast<uint8_t>((id + k) % 251))
        {
            return false;
        }
    }
    return true;
}

/// What one end of the association saw.
struct EndRecord
{
    std::map<uint32_t, uint32_t> sent;        //!< message id -> octets, as given to Send
    std::map<uint32_t, uint32_t> delivered;   //!< peer's message id -> deliveries
    uint32_t corrupt{0};                      //!< deliveries that broke the pattern or size
    std::map<uint32_t, uint32_t> dropped;     //!< own message id -> Drop trace entries
    std::map<uint32_t, uint32_t> unconfirmed; //!< own message id -> Unconfirmed trace entries
    std::vector<Time> deliveryTimes;          //!< when each delivery happened
    std::vector<Time> probeTimes;             //!< when each probe went
    uint32_t overCredit{0};                   //!< data sends with more in flight than the credit
    uint32_t segments{0};                     //!< TxSegment entries
    uint32_t maxInFlight{0};                  //!< most octets in flight at a send
    std::vector<uint32_t> creditChanges;      //!< the credit after each change
    const EndRecord* peer{nullptr};           //!< the other end (sizes of its messages)

    /// TxSegment sink: a send beyond the credit counts unless nothing else was in flight.
    void OnTxSegment(Ptr<const Packet> packet,
                     const GprsWebTransportHeader& header,
                     uint32_t inFlight,
                     uint32_t credit)
    {
        ++segments;
        maxInFlight = std::max(maxInFlight, inFlight);
        const uint32_t payload = packet->GetSize() - header.GetSerializedSize();
        if (inFlight > payload && inFlight > credit)
        {
            ++overCredit;
        }
    }

    /// Deliver sink.
    void OnDeliver(Ptr<const Packet> message)
    {
        uint32_t id = 0;
        const bool intact = ReadMessage(message, id);
        const auto size = peer->sent.find(id);
        if (!intact || size == peer->sent.end() || size->second != message->GetSize())
        {
            ++corrupt;
            return;
        }
        ++delivered[id];
        deliveryTimes.push_back(Simulator::Now());
    }

    /// Drop sink.
    void OnDrop(Ptr<const Packet> message)
    {
        ++dropped[IdOf(message)];
    }

    /// Unconfirmed sink.
    void OnUnconfirmed(Ptr<const Packet> message)
    {
        ++unconfirmed[IdOf(message)];
    }

    /**
     * \param message one of this end's messages
     * \return its id
     */
    static uint32_t IdOf(Ptr<const Packet> message)
    {
        uint32_t id = 0;
        ReadMessage(message, id);
        return id;
    }

    /// Credit sink.
    void OnCredit(uint32_t, uint32_t credit)
    {
        NS_LOG_DEBUG(this << " credit " << credit << " at " << Simulator::Now().As(Time::S));
        creditChanges.push_back(credit);
    }

    /// Probe sink.
    void OnProbe(uint32_t)
    {
        probeTimes.push_back(Simulator::Now());
    }
};

/// How the test case runs.
struct TransportRun
{
    Time messagesUntil{Seconds(12)};         //!< messages are queued over 1 s .. this
    Time outageStart{Seconds(12)};           //!< the mobile's outage
    Time outageEnd{Seconds(22)};             //!< its end
    uint32_t downOctets{100 * 1024};         //!< server -> client
    uint32_t upOctets{100 * 1024};           //!< client -> server
    Time closeAt{Seconds(400)};              //!< both ends Close then
    EndRecord client;                        //!< the mobile's end
    EndRecord server;                        //!< the proxy node's end
    GprsWebTransportCounters clientCounters; //!< at Close
    GprsWebTransportCounters serverCounters; //!< at Close
};

/**
 * Queue messages of 200-3000 octets at one end, spread over 1 s .. until, both priorities.
 * \param transport the end
 * \param record its record
 * \param total octets to queue
 * \param rng sizes and times
 * \param firstId the first message's number
 * \param until the last time a message is queued
 */
void
ScheduleMessages(Ptr<GprsWebTransport> transport,
                 EndRecord& record,
                 uint32_t total,
                 Ptr<UniformRandomVariable> rng,
                 uint32_t firstId,
                 Time until)
{
    uint32_t queued = 0;
    for (uint32_t id = firstId; queued < total; ++id)
    {
        const uint32_t octets = std::min(total - queued, rng->GetInteger(200, 3000));
        const uint32_t size = std::max<uint32_t>(octets, 4);
        queued += octets;
        const auto priority = id % 3 == 0 ? GprsWebPriority::PUSH : GprsWebPriority::NORMAL;
        // Recorded when Send is called: a Close before then leaves it unsent.
        Simulator::Schedule(Seconds(rng->GetValue(1, until.GetSeconds())),
                            [transport, &record, id, size, priority]() {
                                record.sent[id] = size;
                                transport->Send(NumberedMessage(id, size), priority);
                            });
    }
}

/**
 * Run the transport over a GPRS cell with a proxy node.
 * \param run the setup; gets the records
 */
void
RunTransport(TransportRun& run)
{
    GprsScenarioHelper helper;
    helper.SetProxy(true);
    // The PCU drops what it holds when the outage aborts the TBF: the transport must recover.
    helper.Cell().SetPcuAttribute("RetryAfterAbort", BooleanValue(false));
    std::ostringstream outage;
    outage << run.outageStart.GetSeconds() << "s-" << run.outageEnd.GetSeconds() << "s";
    helper.Cell().SetMsDeviceAttribute("Outages", StringValue(outage.str()));
    const GprsScenario s = helper.Install(1);
    helper.Cell().AssignStreams(s.bssDevices, 1);

    auto client = CreateObject<GprsWebTransport>();
    auto server = CreateObject<GprsWebTransport>();
    client->Setup(s.mobiles.Get(0), kClientPort, InetSocketAddress(s.proxyAddress, kServerPort));
    server->Setup(s.proxy, kServerPort, InetSocketAddress(s.GetMobileAddress(0), kClientPort));
    run.client.peer = &run.server;
    run.server.peer = &run.client;
    for (auto [t, r] : {std::make_pair(client, &run.client), std::make_pair(server, &run.server)})
    {
        t->TraceConnectWithoutContext("TxSegment", MakeCallback(&EndRecord::OnTxSegment, r));
        t->TraceConnectWithoutContext("Deliver", MakeCallback(&EndRecord::OnDeliver, r));
        t->TraceConnectWithoutContext("Drop", MakeCallback(&EndRecord::OnDrop, r));
        t->TraceConnectWithoutContext("Unconfirmed", MakeCallback(&EndRecord::OnUnconfirmed, r));
        t->TraceConnectWithoutContext("Probe", MakeCallback(&EndRecord::OnProbe, r));
        t->TraceConnectWithoutContext("Credit", MakeCallback(&EndRecord::OnCredit, r));
    }
    auto rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(7);
    ScheduleMessages(client, run.client, run.upOctets, rng, 0, run.messagesUntil);
    ScheduleMessages(server, run.server, run.downOctets, rng, 100000, run.messagesUntil);
    Simulator::Schedule(run.closeAt, [&run, client, server]() {
        client->Close();
        server->Close();
        run.clientCounters = client->GetCounters();
        run.serverCounters = server->GetCounters();
    });
    Simulator::Stop(run.closeAt + Seconds(1));
    Simulator::Run();
    Simulator::Destroy();
}

/**
 * \param to the receiving end
 * \param from the sending end
 * \return messages of from delivered exactly once at to
 */
uint32_t
DeliveredOnce(const EndRecord& to, const EndRecord& from)
{
    uint32_t once = 0;
    for (const auto& [id, octets] : from.sent)
    {
        const auto it = to.delivered.find(id);
        once += it != to.delivered.end() && it->second == 1 ? 1 : 0;
    }
    return once;
}

/**
 * 1. 100 KB each way queued over 1-12 s, 12-22 s outage: every message delivered exactly once and
 * whole; never more in flight than the credit; probes during the outage; deliveries resume within a
 * probe interval and a few seconds of its end; nothing dropped at Close, everything acknowledged.
 */
class TransportOutageTestCase : public TestCase
{
  public:
    TransportOutageTestCase()
        : TestCase("GPRSWeb transport: 100 KB each way across a 10 s outage, exactly once, "
                   "within the credit, probes find the end of the outage")
    {
    }

  private:
    void DoRun() override
    {
        TransportRun run;
        RunTransport(run);
        const auto& c = run.clientCounters;
        const auto& sv = run.serverCounters;
        NS_LOG_INFO("client: sent " << run.client.sent.size() << " messages, " << c.dataSegments
                                    << " segments, " << c.retransmissions << " retransmissions, "
                                    << c.probes << " probes, " << c.nacks << " NACKs, " << c.acks
                                    << " ACKs, max in flight " << run.client.maxInFlight);
        NS_LOG_INFO("server: sent " << run.server.sent.size() << " messages, " << sv.dataSegments
                                    << " segments, " << sv.retransmissions << " retransmissions, "
                                    << sv.probes << " probes, " << sv.nacks << " NACKs, " << sv.acks
                                    << " ACKs, max in flight " << run.server.maxInFlight);
        for (const auto& [to, from, name] : {std::make_tuple(&run.server, &run.client, "uplink"),
                                             std::make_tuple(&run.client, &run.server, "downlink")})
        {
            NS_TEST_EXPECT_MSG_EQ(DeliveredOnce(*to, *from),
                                  from->sent.size(),
                                  name << ": every message delivered exactly once");
            NS_TEST_EXPECT_MSG_EQ(to->delivered.size(), from->sent.size(), name);
            NS_TEST_EXPECT_MSG_EQ(to->corrupt, 0, name << ": deliveries whole and intact");
            NS_TEST_EXPECT_MSG_EQ(from->overCredit, 0, name << ": in flight beyond the credit");
            NS_TEST_EXPECT_MSG_GT(from->segments, 0, name);
            NS_TEST_EXPECT_MSG_EQ(from->dropped.size(), 0, name << ": nothing dropped at Close");
            NS_TEST_EXPECT_MSG_EQ(from->unconfirmed.size(), 0, name << ": all confirmed");
            uint32_t inOutage = 0;
            Time resumed;
            for (Time t : to->deliveryTimes)
            {
                inOutage += t > run.outageStart && t < run.outageEnd ? 1 : 0;
                if (t >= run.outageEnd && resumed.IsZero())
                {
                    resumed = t;
                }
            }
            NS_LOG_INFO(name << ": deliveries resumed at " << resumed.As(Time::S) << ", last at "
                             << (to->deliveryTimes.empty() ? Time() : to->deliveryTimes.back())
                                    .As(Time::S));
            NS_TEST_EXPECT_MSG_EQ(inOutage, 0, name << ": nothing crosses the outage");
            NS_TEST_EXPECT_MSG_GT(resumed, run.outageEnd, name << ": deliveries after it");
            // Recovery starts with the first probe after the outage (3 s apart), plus the TBF
            // establishment and a round trip of a few seconds on a loaded GPRS link.
            NS_TEST_EXPECT_MSG_LT(resumed,
                                  run.outageEnd + Seconds(3 + 5),
                                  name << ": recovery within a probe interval and 5 s");
        }
        const std::array<std::pair<const EndRecord*, const char*>, 2> ends{
            {{&run.client, "client"}, {&run.server, "server"}}};
        for (const auto& [end, name] : ends)
        {
            uint32_t probesInOutage = 0;
            for (Time t : end->probeTimes)
            {
                probesInOutage += t > run.outageStart && t < run.outageEnd ? 1 : 0;
            }
            // Both ends have data outstanding when the outage starts; 10 s hold at least three
            // probe intervals of 3 s.
            NS_TEST_EXPECT_MSG_GT_OR_EQ(probesInOutage, 3, name << ": probes in the outage");
            NS_LOG_INFO(name << ": credit " << end->creditChanges.size() << " changes, last "
                             << (end->creditChanges.empty() ? 0 : end->creditChanges.back()));
            NS_TEST_EXPECT_MSG_GT(end->creditChanges.size(),
                                  0,
                                  name << ": the credit follows the measured rate and RTT");
        }
        NS_TEST_EXPECT_MSG_GT(c.retransmissions + sv.retransmissions,
                              0,
                              "the outage loses segments that must be sent again");
        NS_TEST_EXPECT_MSG_EQ(c.messagesAcked, c.messagesSent, "uplink all acknowledged");
        NS_TEST_EXPECT_MSG_EQ(sv.messagesAcked, sv.messagesSent, "downlink all acknowledged");
    }
};

/**
 * 2. Conservation: both ends Close in the middle of the outage; every message given to Send is
 * delivered, or in the Drop or the Unconfirmed trace, once; none delivered is dropped (the
 * segments sent just before the outage arrive, their acknowledgements do not); the sender's
 * counts add up (acknowledged + dropped + unconfirmed = sent), and a message wholly
 * acknowledged is neither dropped nor unconfirmed.
 */
class TransportCloseTestCase : public TestCase
{
  public:
    TransportCloseTestCase()
        : TestCase("GPRSWeb transport: Close during an outage, every message delivered or "
                   "dropped")
    {
    }

  private:
    void DoRun() override
    {
        TransportRun run;
        run.closeAt = Seconds(17);
        RunTransport(run);
        for (const auto& [to, from, counters, name] :
             {std::make_tuple(&run.server, &run.client, &run.clientCounters, "uplink"),
              std::make_tuple(&run.client, &run.server, &run.serverCounters, "downlink")})
        {
            uint32_t lost = 0;
            uint32_t deliveredAndDropped = 0;
            for (const auto& [id, octets] : from->sent)
            {
                const bool delivered = to->delivered.count(id);
                const bool dropped = from->dropped.count(id);
                lost += delivered || dropped || from->unconfirmed.count(id) ? 0 : 1;
                deliveredAndDropped += delivered && dropped ? 1 : 0;
                NS_TEST_EXPECT_MSG_EQ(dropped && from->unconfirmed.count(id),
                                      false,
                                      name << ": message " << id << " dropped and unconfirmed");
            }
            NS_LOG_INFO(name << ": sent " << from->sent.size() << ", delivered "
                             << to->delivered.size() << ", dropped " << from->dropped.size()
                             << ", unconfirmed " << from->unconfirmed.size()
                             << ", delivered and dropped " << deliveredAndDropped);
            NS_TEST_EXPECT_MSG_EQ(lost, 0, name << ": messages neither delivered nor reported");
            NS_TEST_EXPECT_MSG_EQ(deliveredAndDropped, 0, name << ": delivered, yet dropped");
            NS_TEST_EXPECT_MSG_GT(from->dropped.size(), 0, name << ": Close in the outage drops");
            NS_TEST_EXPECT_MSG_GT(to->delivered.size(), 0, name << ": some arrived before");
            NS_TEST_EXPECT_MSG_EQ(counters->messagesAcked + counters->messagesDropped +
                                      counters->messagesUnconfirmed,
                                  counters->messagesSent,
                                  name << ": acknowledged + dropped + unconfirmed = sent");
            for (const auto& reported : {&from->dropped, &from->unconfirmed})
            {
                for (const auto& [id, n] : *reported)
                {
                    NS_TEST_EXPECT_MSG_EQ(n, 1, name << ": message " << id << " reported once");
                }
            }
        }
    }
};

/// 3. Bad attribute values are refused.
class TransportAttributesTestCase : public TestCase
{
  public:
    TransportAttributesTestCase()
        : TestCase("GPRSWeb transport: out-of-range attributes are refused")
    {
    }

  private:
    void DoRun() override
    {
        auto t = CreateObject<GprsWebTransport>();
        const std::vector<std::pair<std::string, Ptr<AttributeValue>>> bad = {
            {"SegmentSize", Create<UintegerValue>(0)},
            {"SegmentSize", Create<UintegerValue>(65000)},
            {"InitialCredit", Create<UintegerValue>(0)},
            {"CreditMargin", Create<DoubleValue>(-0.1)},
            {"CreditMargin", Create<DoubleValue>(11)},
            {"RateSamples", Create<UintegerValue>(0)},
            {"ProbeInterval", Create<TimeValue>(Seconds(0))},
            {"ProbeInterval", Create<TimeValue>(Seconds(-1))},
            {"AckDelay", Create<TimeValue>(Seconds(-1))},
            {"AckEvery", Create<UintegerValue>(0)},
            {"MaxNacks", Create<UintegerValue>(0)},
            {"MaxNacks", Create<UintegerValue>(256)},
        };
        for (const auto& [name, value] : bad)
        {
            NS_TEST_EXPECT_MSG_EQ(t->SetAttributeFailSafe(name, *value),
                                  false,
                                  name << " = " << value->SerializeToString(nullptr)
                                       << " accepted");
        }
        for (const auto& [name, value] : std::vector<std::pair<std::string, Ptr<AttributeValue>>>{
                 {"SegmentSize", Create<UintegerValue>(536)},
                 {"ProbeInterval", Create<TimeValue>(Seconds(5))},
                 {"AckDelay", Create<TimeValue>(Seconds(0))},
                 {"MaxNacks", Create<UintegerValue>(255)}})
        {
            NS_TEST_EXPECT_MSG_EQ(t->SetAttributeFailSafe(name, *value), true, name);
        }
    }
};

/// The suite "gprs-web-transport".
class GprsWebTransportTestSuite : public GprsTestSuite
{
  public:
    GprsWebTransportTestSuite()
        : GprsTestSuite("gprs-web-transport")
    {
        Add<TransportAttributesTestCase>();
        Add<TransportOutageTestCase>();
        Add<TransportCloseTestCase>();
    }
};

/// Registers the suite.
GprsWebTransportTestSuite g_gprsWebTransportTestSuite;

} // namespace
