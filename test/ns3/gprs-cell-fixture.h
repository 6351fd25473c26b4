/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_CELL_FIXTURE_H
#define GPRS_CELL_FIXTURE_H

// Scenario helpers shared by the ns-3 TestSuites (gprs-cell-test-suite.cc,
// gprs-llc-test-suite.cc and others): a cell built through GprsScenarioHelper, a recorder of the
// PCU's trace sources, UDP and TCP traffic, the packet count of every device, the fate of every
// packet, a scratch directory for the files a test writes, and two wired nodes for the TCP
// socket tests.

#include "../gprs-pcu-records.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/gprs-ns3-compat.h"
#include "ns3/internet-module.h"
#include "ns3/point-to-point-module.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{
namespace gprs_test
{

/// Two nodes with the Internet stack on a point-to-point link, addresses from 10.9.0.0/24.
struct WiredPair
{
    NodeContainer nodes;               //!< node 0 and node 1
    NetDeviceContainer devices;        //!< their devices, in the same order
    Ipv4InterfaceContainer interfaces; //!< their addresses, in the same order
};

/**
 * \return two wired nodes on a 1 Mbit/s link with a 20 ms one-way delay: the TCP socket tests'
 *         setting, where a segment's way is short and lossless unless a test adds an error model
 */
inline WiredPair
MakeWiredPair()
{
    WiredPair pair;
    pair.nodes.Create(2);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("1Mbps"));
    p2p.SetChannelAttribute("Delay", StringValue("20ms"));
    pair.devices = p2p.Install(pair.nodes);
    InternetStackHelper().Install(pair.nodes);
    Ipv4AddressHelper addresses("10.9.0.0", "255.255.255.0");
    pair.interfaces = addresses.Assign(pair.devices);
    return pair;
}

/**
 * \param name a file of test/data
 * \return its path: test/data, beside test/ns3 where this source file is
 */
inline std::string
DataFile(const std::string& name)
{
    return (std::filesystem::path(__FILE__).parent_path().parent_path() / "data" / name).string();
}

/// A scratch directory for one test case's files, removed afterwards.
class ScratchDir
{
  public:
    /// \param name its name in the system's temporary directory, unique to the test case
    explicit ScratchDir(const std::string& name)
        : m_path(std::filesystem::temp_directory_path() / name)
    {
        std::filesystem::remove_all(m_path);
        std::filesystem::create_directories(m_path);
    }

    ~ScratchDir()
    {
        std::filesystem::remove_all(m_path);
    }

    /// \return the path
    std::string Get() const
    {
        return m_path.string();
    }

  private:
    std::filesystem::path m_path; //!< the directory
};

/// A delivered IP packet, from the PCU's PacketDelivered trace.
struct Delivery
{
    Time at;        //!< delivery time
    uint32_t ms;    //!< mobile
    uint32_t bytes; //!< IP octets
    Time delay;     //!< since the sending device accepted it
};

using gprs_records::TbfEvent;
using gprs_records::TimedBlock;
using gprs_records::TimedControl;

/// Everything the PCU's trace sources report during one run.
struct CellRecorder
{
    std::vector<Delivery> deliveries[2]; //!< [GprsDirIndex] delivered IP packets
    std::vector<TbfEvent> established;   //!< TBF establishments
    std::vector<TbfEvent> released;      //!< TBF releases
    std::vector<TimedBlock> blocks;      //!< RLC data blocks
    std::vector<TimedControl> controls;  //!< control blocks
    uint32_t bufferDrops{0};             //!< BufferDrop count
    uint32_t framesLost{0};              //!< LlcFrameLost count
    std::size_t stopAfterDownlink{0};    //!< stop the simulation after this many DL deliveries
    uint32_t maxTracked{0}; //!< most mobiles the PCU's per-block work tracked at an RLC block
    /// The PCU connected to; not a Ptr, which would keep it and the trace files' streams that
    /// its trace sources hold open after Simulator::Destroy().
    const GprsPcu* connected{nullptr};

    /**
     * Connect to the PCU's trace sources.
     * \param pcu the PCU
     */
    void Connect(Ptr<GprsPcu> pcu)
    {
        connected = PeekPointer(pcu);
        pcu->TraceConnectWithoutContext("PacketDelivered",
                                        MakeCallback(&CellRecorder::OnDelivered, this));
        pcu->TraceConnectWithoutContext("TbfEstablished",
                                        MakeCallback(&CellRecorder::OnEstablished, this));
        pcu->TraceConnectWithoutContext("TbfReleased",
                                        MakeCallback(&CellRecorder::OnReleased, this));
        pcu->TraceConnectWithoutContext("RlcBlock", MakeCallback(&CellRecorder::OnBlock, this));
        pcu->TraceConnectWithoutContext("ControlBlock",
                                        MakeCallback(&CellRecorder::OnControl, this));
        pcu->TraceConnectWithoutContext("BufferDrop", MakeCallback(&CellRecorder::OnDrop, this));
        pcu->TraceConnectWithoutContext("LlcFrameLost",
                                        MakeCallback(&CellRecorder::OnFrameLost, this));
    }

    /// PacketDelivered sink.
    void OnDelivered(uint32_t ms, GprsDirection dir, Ptr<const Packet> packet, Time delay)
    {
        auto& list = deliveries[GprsDirIndex(dir)];
        list.push_back({Simulator::Now(), ms, packet->GetSize(), delay});
        if (dir == GprsDirection::DOWNLINK && list.size() == stopAfterDownlink)
        {
            Simulator::Stop();
        }
    }

    /// TbfEstablished sink.
    void OnEstablished(uint32_t ms, GprsDirection dir, Time delay)
    {
        established.push_back({Simulator::Now(), ms, dir, delay, false});
    }

    /// TbfReleased sink.
    void OnReleased(uint32_t ms, GprsDirection dir, bool abnormal)
    {
        released.push_back({Simulator::Now(), ms, dir, Time(), abnormal});
    }

    /// RlcBlock sink.
    void OnBlock(const GprsRlcBlockRecord& r)
    {
        maxTracked = std::max(maxTracked, connected->GetTrackedMobiles());
        blocks.push_back({Simulator::Now(), r});
    }

    /// ControlBlock sink.
    void OnControl(uint32_t ms, GprsControlMessage msg, uint8_t pdch, bool lost)
    {
        controls.push_back({Simulator::Now(), ms, msg, pdch, lost});
    }

    /// BufferDrop sink.
    void OnDrop(uint32_t, GprsDirection, Ptr<const Packet>)
    {
        ++bufferDrops;
    }

    /// LlcFrameLost sink.
    void OnFrameLost(uint32_t, GprsDirection, uint32_t)
    {
        ++framesLost;
    }

    /**
     * \param ms a mobile
     * \return the downlink deliveries to that mobile
     */
    std::vector<Delivery> DeliveredTo(uint32_t ms) const
    {
        std::vector<Delivery> out;
        std::copy_if(deliveries[0].begin(),
                     deliveries[0].end(),
                     std::back_inserter(out),
                     [ms](const Delivery& d) { return d.ms == ms; });
        return out;
    }

    /**
     * \param dir a direction
     * \param from start of an interval
     * \param to end of the interval
     * \return TBFs established in that direction in [from, to)
     */
    std::vector<TbfEvent> EstablishedIn(GprsDirection dir, Time from, Time to) const
    {
        std::vector<TbfEvent> out;
        std::copy_if(established.begin(),
                     established.end(),
                     std::back_inserter(out),
                     [&](const TbfEvent& e) { return e.dir == dir && e.at >= from && e.at < to; });
        return out;
    }

    /**
     * \return the abnormal releases
     */
    std::size_t AbnormalReleases() const
    {
        return std::count_if(released.begin(), released.end(), [](const TbfEvent& e) {
            return e.abnormal;
        });
    }
};

/// A cell as the tests build it: one fixed coding scheme in both directions.
struct CellSetup
{
    uint32_t pdchs{4};                          //!< NumberOfPdchs
    GprsCodingScheme cs{GprsCodingScheme::CS2}; //!< coding scheme, both directions
    uint32_t msClass{8};                        //!< multislot class of every mobile
    std::string blerFile;                       //!< BlerFile in test/data, empty: default curves
    std::string radio{"24"};                    //!< RadioConditions of every mobile
    std::string outages;                        //!< Outages of every mobile
    uint32_t mobiles{1};                        //!< mobiles
    uint32_t run{1};                            //!< RngSeedManager run number
    bool proxy{false};                          //!< a proxy node between Internet and GGSN
    double internetLoss{0};                     //!< Internet link loss rate, each direction
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> pcu; //!< more PCU attributes
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> ms;  //!< more mobile attributes
    /// more BSS attributes (the Gb is off unless set here)
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> bss;

    /**
     * Set one more PCU attribute.
     * \param name PCU attribute
     * \param value its value
     * \return this setup, for chaining
     */
    template <typename V>
    CellSetup& Pcu(const std::string& name, const V& value)
    {
        pcu.emplace_back(name, Create<V>(value));
        return *this;
    }

    /**
     * Set one more attribute of every mobile's device.
     * \param name GprsMsNetDevice attribute
     * \param value its value
     * \return this setup, for chaining
     */
    template <typename V>
    CellSetup& Ms(const std::string& name, const V& value)
    {
        ms.emplace_back(name, Create<V>(value));
        return *this;
    }

    /**
     * Set one more attribute of the cell's network-side device.
     * \param name GprsBssNetDevice attribute
     * \param value its value
     * \return this setup, for chaining
     */
    template <typename V>
    CellSetup& Bss(const std::string& name, const V& value)
    {
        bss.emplace_back(name, Create<V>(value));
        return *this;
    }

    /**
     * Build the scenario (server -- 10 Mbit/s, 10 ms -- [proxy --] GGSN -- cell -- mobiles)
     * with seed 1 and the run number, and connect the recorder to the PCU.
     * \param recorder the recorder
     * \return the scenario
     */
    GprsScenario Build(CellRecorder& recorder) const
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(run);
        GprsScenarioHelper helper;
        helper.SetInternetLink(DataRate("10Mbps"), MilliSeconds(10), internetLoss);
        helper.SetProxy(proxy);
        GprsHelper& cell = helper.Cell();
        cell.SetPcuAttribute("NumberOfPdchs", UintegerValue(pdchs));
        const std::string la = "ns3::GprsFixedLinkAdaptation[CodingScheme=" + ToString(cs) + "]";
        cell.SetPcuAttribute("DownlinkLinkAdaptation", StringValue(la));
        cell.SetPcuAttribute("UplinkLinkAdaptation", StringValue(la));
        if (!blerFile.empty())
        {
            cell.SetPcuAttribute("BlerFile", StringValue(DataFile(blerFile)));
        }
        for (const auto& [name, value] : pcu)
        {
            cell.SetPcuAttribute(name, *value);
        }
        cell.SetMsDeviceAttribute("MultislotClass", UintegerValue(msClass));
        cell.SetMsDeviceAttribute("RadioConditions", StringValue(radio));
        cell.SetMsDeviceAttribute("Outages", StringValue(outages));
        for (const auto& [name, value] : ms)
        {
            cell.SetMsDeviceAttribute(name, *value);
        }
        // The cell alone unless a test asks for the Gb: its own tests are gprs-link's.
        cell.SetBssDeviceAttribute("GbCommittedInformationRate", DataRateValue(DataRate(0)));
        for (const auto& [name, value] : bss)
        {
            cell.SetBssDeviceAttribute(name, *value);
        }
        GprsScenario s = helper.Install(mobiles);
        GprsScenarioHelper::AssignStreams(s, 1000);
        recorder.Connect(s.pcu);
        return s;
    }
};

/**
 * Send UDP packets of a fixed IP size.
 * \param from sending node
 * \param to receiving node
 * \param toAddress its address
 * \param ipOctets IP packet size (IP 20 + UDP 8 + payload)
 * \param interval time between packets
 * \param count packets to send
 * \param start first packet
 * \return the client application
 */
inline Ptr<UdpClient>
SendUdp(Ptr<Node> from,
        Ptr<Node> to,
        Ipv4Address toAddress,
        uint32_t ipOctets,
        Time interval,
        uint32_t count,
        Time start)
{
    constexpr uint32_t kIpUdpHeaders = 28; // IPv4 20 + UDP 8
    const auto port = static_cast<uint16_t>(1000 + to->GetId() * 10 + to->GetNApplications());
    UdpServerHelper server(port);
    server.Install(to).Start(Seconds(0));
    UdpClientHelper client(toAddress, port);
    client.SetAttribute("PacketSize", UintegerValue(ipOctets - kIpUdpHeaders));
    client.SetAttribute("Interval", TimeValue(interval));
    client.SetAttribute("MaxPackets", UintegerValue(count));
    ApplicationContainer app = client.Install(from);
    app.Start(start);
    return DynamicCast<UdpClient>(app.Get(0));
}

/**
 * Send UDP packets of a fixed IP size from the server to a mobile.
 * \param s the scenario
 * \param ms the mobile
 * \param ipOctets IP packet size
 * \param interval time between packets
 * \param count packets to send
 * \param start first packet
 * \return the client application
 */
inline Ptr<UdpClient>
SendUdpDown(const GprsScenario& s,
            uint32_t ms,
            uint32_t ipOctets,
            Time interval,
            uint32_t count,
            Time start)
{
    return SendUdp(s.server,
                   s.mobiles.Get(ms),
                   s.GetMobileAddress(ms),
                   ipOctets,
                   interval,
                   count,
                   start);
}

/// Checks that TCP data reaches a mobile in order: watches the IP packets its device delivers.
struct TcpReceiverCheck
{
    std::optional<SequenceNumber32> next; //!< next sequence number expected (RCV.NXT)
    uint32_t gaps{0};                     //!< segments that started beyond RCV.NXT
    uint32_t duplicates{0};               //!< segments entirely below RCV.NXT
    uint64_t inOrderBytes{0};             //!< payload octets that advanced RCV.NXT

    /**
     * MacRx sink of the mobile's device.
     * \param packet an IP packet
     */
    void OnMacRx(Ptr<const Packet> packet)
    {
        Ptr<Packet> p = packet->Copy();
        Ipv4Header ip;
        p->RemoveHeader(ip);
        if (ip.GetProtocol() != gprs::kTcpProtocolNumber)
        {
            return;
        }
        TcpHeader tcp;
        p->RemoveHeader(tcp);
        const uint32_t length = p->GetSize();
        if (tcp.GetFlags() & TcpHeader::SYN)
        {
            next = tcp.GetSequenceNumber() + 1;
            return;
        }
        if (length == 0 || !next)
        {
            return;
        }
        const SequenceNumber32 seq = tcp.GetSequenceNumber();
        const SequenceNumber32 end = seq + length;
        if (seq > *next)
        {
            ++gaps;
        }
        else if (end <= *next)
        {
            ++duplicates;
        }
        else
        {
            inOrderBytes += end - *next;
            next = end;
        }
    }
};

/// Result of a TCP download.
struct TcpDownload
{
    uint64_t sinkBytes{0};   //!< bytes the PacketSink received
    Time completed;          //!< when the last byte arrived (zero if it did not)
    TcpReceiverCheck order;  //!< order of the segments at the mobile
    uint32_t bssMacDrops{0}; //!< IP packets the network-side device could not deliver
};

/**
 * Download bytes by TCP (BulkSend -> PacketSink, ns-3 default TCP) from the server to mobile 0.
 * \param setup the cell
 * \param bytes bytes to send
 * \param start when the download starts
 * \param stop simulation end
 * \param[out] recorder the traces
 * \return what arrived
 */
inline TcpDownload
RunTcpDownload(const CellSetup& setup,
               uint32_t bytes,
               Time start,
               Time stop,
               CellRecorder& recorder)
{
    const GprsScenario s = setup.Build(recorder);
    TcpDownload result;
    const uint16_t port = 5000;
    PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), port));
    ApplicationContainer sink = sinkHelper.Install(s.mobiles.Get(0));
    BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(s.GetMobileAddress(0), port));
    bulk.SetAttribute("MaxBytes", UintegerValue(bytes));
    bulk.Install(s.server).Start(start);
    const Ptr<PacketSink> packetSink = DynamicCast<PacketSink>(sink.Get(0));
    packetSink->TraceConnectWithoutContext(
        "Rx",
        MakeCallback(+[](TcpDownload* r, uint32_t total, Ptr<const Packet> p, const Address&) {
            r->sinkBytes += p->GetSize();
            if (r->sinkBytes >= total)
            {
                r->completed = Simulator::Now();
                Simulator::Stop();
            }
        }).Bind(&result, bytes));
    s.msDevices.Get(0)->TraceConnectWithoutContext(
        "MacRx",
        MakeCallback(&TcpReceiverCheck::OnMacRx, &result.order));
    s.bssDevices.Get(0)->TraceConnectWithoutContext(
        "MacTxDrop",
        MakeCallback(+[](uint32_t* n, Ptr<const Packet>) { ++*n; }).Bind(&result.bssMacDrops));
    Simulator::Stop(stop);
    Simulator::Run();
    result.sinkBytes = packetSink->GetTotalRx();
    return result;
}

/// GGSN buffer for the TCP tests: far above the TCP receive window, so nothing overflows.
constexpr uint32_t kLargeBuffer = 4 * 1024 * 1024;

/**
 * Packets in and out of every device of a cell: accepted for transmission (MacTx), passed up at
 * the far end (MacRx) or dropped with a trace (MacTxDrop).
 */
struct Conservation
{
    uint64_t accepted{0}; //!< MacTx
    uint64_t received{0}; //!< MacRx
    uint64_t dropped{0};  //!< MacTxDrop

    /**
     * Count the packets of all devices.
     * \param devices the cell's devices
     */
    void Connect(const NetDeviceContainer& devices)
    {
        for (uint32_t i = 0; i < devices.GetN(); ++i)
        {
            devices.Get(i)->TraceConnectWithoutContext(
                "MacTx",
                MakeCallback(+[](uint64_t* n, Ptr<const Packet>) { ++*n; }).Bind(&accepted));
            devices.Get(i)->TraceConnectWithoutContext(
                "MacRx",
                MakeCallback(+[](uint64_t* n, Ptr<const Packet>) { ++*n; }).Bind(&received));
            devices.Get(i)->TraceConnectWithoutContext(
                "MacTxDrop",
                MakeCallback(+[](uint64_t* n, Ptr<const Packet>) { ++*n; }).Bind(&dropped));
        }
    }
};

/// The id a PacketLedger gives a packet when a device accepts it, carried as a packet tag.
class LedgerTag : public Tag
{
  public:
    /// \return the type
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::GprsTestLedgerTag")
                                .SetParent<Tag>()
                                .SetGroupName("Gprs")
                                .AddConstructor<LedgerTag>();
        return tid;
    }

    TypeId GetInstanceTypeId() const override
    {
        return GetTypeId();
    }

    uint32_t GetSerializedSize() const override
    {
        return sizeof(id);
    }

    void Serialize(TagBuffer buffer) const override
    {
        buffer.WriteU64(id);
    }

    void Deserialize(TagBuffer buffer) override
    {
        id = buffer.ReadU64();
    }

    void Print(std::ostream& os) const override
    {
        os << "ledger id " << id;
    }

    uint64_t id{0}; //!< 1, 2, ... in the order the devices accepted the packets
};

/**
 * The fate of every packet a device of a cell accepts (MacTx), followed one by one through a
 * LedgerTag: it must end passed up at the far end (MacRx, after the PCU's PacketDelivered) or
 * in exactly one drop trace of a device (MacTxDrop; the PCU's BufferDrop comes with one; after
 * the PCU's PacketDelivered only the uplink Gb or the downlink terminal link can drop it),
 * never in two places, twice, or nowhere. Totals alone miss a packet counted twice that hides one
 * missing.
 */
class PacketLedger
{
  public:
    /**
     * Follow the packets of a cell.
     * \param devices the cell's devices
     * \param pcu its PCU
     */
    void Connect(const NetDeviceContainer& devices, Ptr<GprsPcu> pcu)
    {
        for (uint32_t i = 0; i < devices.GetN(); ++i)
        {
            devices.Get(i)->TraceConnectWithoutContext(
                "MacTx",
                MakeCallback(&PacketLedger::OnAccepted, this));
            devices.Get(i)->TraceConnectWithoutContext(
                "MacRx",
                MakeCallback(&PacketLedger::OnPassedUp, this));
            devices.Get(i)->TraceConnectWithoutContext(
                "MacTxDrop",
                MakeCallback(&PacketLedger::OnDropped, this));
        }
        pcu->TraceConnectWithoutContext("PacketDelivered",
                                        MakeCallback(&PacketLedger::OnPcuDelivered, this));
        pcu->TraceConnectWithoutContext("BufferDrop",
                                        MakeCallback(&PacketLedger::OnBufferDrop, this));
    }

    /// \return packets accepted
    uint64_t Accepted() const
    {
        return m_entries.size();
    }

    /// \return packets passed up at the far end
    uint64_t Delivered() const
    {
        return Count([](const Entry& e) { return e.passedUp > 0; });
    }

    /// \return packets in a device's drop trace
    uint64_t Dropped() const
    {
        return Count([](const Entry& e) { return e.dropped > 0; });
    }

    /// \return packets the PCU's BufferDrop reported (GGSN or uplink buffer full)
    uint64_t BufferDropped() const
    {
        return Count([](const Entry& e) { return e.bufferDropped > 0; });
    }

    /**
     * \return every inconsistency, each naming the packet: seen in the traces, and, once the
     *         simulation has ended, packets that ended nowhere
     */
    std::vector<std::string> Problems() const
    {
        std::vector<std::string> problems = m_problems;
        for (uint64_t id = 1; id <= m_entries.size(); ++id)
        {
            const Entry& e = m_entries[id - 1];
            const auto problem = [&problems, id, &e](const std::string& what) {
                problems.push_back("packet " + std::to_string(id) + " (" + std::to_string(e.size) +
                                   " octets, accepted at " +
                                   std::to_string(e.accepted.GetSeconds()) + " s): " + what);
            };
            if (e.passedUp + e.dropped == 0)
            {
                problem("neither delivered nor dropped");
            }
            if (e.passedUp + e.dropped > 1)
            {
                problem("passed up " + std::to_string(e.passedUp) + " times, dropped " +
                        std::to_string(e.dropped) + " times");
            }
            if (e.pcuDelivered != e.passedUp + e.droppedAfterPcu)
            {
                problem("delivered by the PCU " + std::to_string(e.pcuDelivered) +
                        " times, passed up " + std::to_string(e.passedUp) + " times, dropped " +
                        std::to_string(e.droppedAfterPcu) + " times after it");
            }
            if (e.bufferDropped > 0 && (e.bufferDropped > 1 || e.dropped != 1))
            {
                problem("in BufferDrop " + std::to_string(e.bufferDropped) + " times, MacTxDrop " +
                        std::to_string(e.dropped) + " times");
            }
        }
        return problems;
    }

  private:
    /// What became of one packet.
    struct Entry
    {
        Time accepted;               //!< when a device accepted it
        uint32_t size{0};            //!< its size then
        uint32_t pcuDelivered{0};    //!< PacketDelivered
        uint32_t passedUp{0};        //!< MacRx
        uint32_t dropped{0};         //!< MacTxDrop
        uint32_t droppedAfterPcu{0}; //!< MacTxDrop after PacketDelivered
        uint32_t bufferDropped{0};   //!< BufferDrop
    };

    /**
     * \param packet a packet in a trace
     * \param trace the trace, for the message when it has no id
     * \return its entry, or null (a problem recorded) when it has none
     */
    Entry* Find(Ptr<const Packet> packet, const std::string& trace)
    {
        LedgerTag tag;
        if (!packet->PeekPacketTag(tag) || tag.id == 0 || tag.id > m_entries.size())
        {
            m_problems.push_back("a packet of " + std::to_string(packet->GetSize()) +
                                 " octets in " + trace + " at " +
                                 std::to_string(Simulator::Now().GetSeconds()) +
                                 " s that no device accepted");
            return nullptr;
        }
        return &m_entries[tag.id - 1];
    }

    /**
     * \param predicate a property of an entry
     * \return how many entries have it
     */
    template <typename P>
    uint64_t Count(P predicate) const
    {
        return std::count_if(m_entries.begin(), m_entries.end(), predicate);
    }

    /// MacTx sink: the packet gets its id.
    void OnAccepted(Ptr<const Packet> packet)
    {
        LedgerTag tag;
        if (packet->PeekPacketTag(tag))
        {
            m_problems.push_back("packet " + std::to_string(tag.id) + " accepted again at " +
                                 std::to_string(Simulator::Now().GetSeconds()) + " s");
            return;
        }
        m_entries.push_back({Simulator::Now(), packet->GetSize()});
        tag.id = m_entries.size();
        packet->AddPacketTag(tag);
    }

    /// MacRx sink.
    void OnPassedUp(Ptr<const Packet> packet)
    {
        if (Entry* e = Find(packet, "MacRx"))
        {
            ++e->passedUp;
        }
    }

    /// MacTxDrop sink.
    void OnDropped(Ptr<const Packet> packet)
    {
        if (Entry* e = Find(packet, "MacTxDrop"))
        {
            ++e->dropped;
            e->droppedAfterPcu += e->pcuDelivered > 0;
        }
    }

    /// PacketDelivered sink of the PCU.
    void OnPcuDelivered(uint32_t, GprsDirection, Ptr<const Packet> packet, Time)
    {
        if (Entry* e = Find(packet, "PacketDelivered"))
        {
            ++e->pcuDelivered;
        }
    }

    /// BufferDrop sink of the PCU.
    void OnBufferDrop(uint32_t, GprsDirection, Ptr<const Packet> packet)
    {
        if (Entry* e = Find(packet, "BufferDrop"))
        {
            ++e->bufferDropped;
        }
    }

    std::vector<Entry> m_entries;        //!< by id - 1
    std::vector<std::string> m_problems; //!< seen in the traces
};

/**
 * A cell of 10 mobiles (C/I 20, 9, then 16 dB) with UDP both ways, about half the cell's
 * capacity in each direction: every third mobile has an outage (4-6 s), every third reselects a
 * cell (5 s), every third loses blocks by a Gilbert-Elliott process. The last packets leave
 * at 31.4 s.
 * \param setup the cell; mobiles and radio are set here
 * \param[out] recorder the traces
 * \param before called with the scenario before the simulation runs, e.g. to connect traces
 * \param stop simulation end
 * \return the packets in and out of the cell's devices
 */
inline Conservation
RunConservationScenario(CellSetup setup,
                        CellRecorder& recorder,
                        const std::function<void(const GprsScenario&)>& before = {},
                        Time stop = Seconds(120))
{
    setup.mobiles = 10;
    setup.radio = "0s:20,3s:9,6s:16";
    const GprsScenario s = setup.Build(recorder);
    Conservation c;
    c.Connect(NetDeviceContainer(s.bssDevices, s.msDevices));
    for (uint32_t ms = 0; ms < 10; ++ms)
    {
        const Ptr<NetDevice> dev = s.msDevices.Get(ms);
        if (ms % 3 == 0)
        {
            dev->SetAttribute("Outages", StringValue("4s-6s"));
        }
        if (ms % 3 == 1)
        {
            dev->SetAttribute("CellReselections", StringValue("5s"));
        }
        if (ms % 3 == 2)
        {
            dev->SetAttribute("UseGilbertElliott", BooleanValue(true));
            dev->SetAttribute("GeGoodToBad", DoubleValue(0.05));
            dev->SetAttribute("GeLossBad", DoubleValue(0.8));
        }
        // About half the cell's capacity in each direction, so that all can drain.
        SendUdpDown(s, ms, 200 + 20 * ms, Seconds(1), 30, Seconds(1 + 0.1 * ms));
        SendUdp(s.mobiles.Get(ms),
                s.server,
                s.serverAddress,
                120,
                Seconds(1.5),
                20,
                Seconds(1.5 + 0.1 * ms));
    }
    if (before)
    {
        before(s);
    }
    Simulator::Stop(stop);
    Simulator::Run();
    return c;
}

} // namespace gprs_test
} // namespace ns3

#endif /* GPRS_CELL_FIXTURE_H */
