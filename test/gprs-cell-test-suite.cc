/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Scenario tests of a whole GPRS cell (GprsPcu with its devices, driven by the ns-3 simulator
// through GprsScenarioHelper): throughput against the radio tables, ARQ, reliability of TCP,
// fairness, multislot limits, outages, the GGSN buffer, TBF timing, determinism and the
// rejection of bad attribute values. Every expected figure is derived from the protocol
// tables (coding schemes, block timing, LLC/SNDCP framing, multislot classes), never copied
// from a previous run.

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/internet-module.h"
#include "ns3/test.h"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

using namespace ns3;

namespace
{

/// Radio blocks per second on one PDCH (TS 45.002: 12 blocks per 240 ms 52-multiframe).
constexpr double kBlocksPerSecond = GprsBlockTiming::kBlocksPerSecond;

/**
 * \param name a file of test/data
 * \return its path: test/data beside this source file
 */
std::string
DataFile(const std::string& name)
{
    const std::string source = __FILE__;
    return source.substr(0, source.find_last_of('/')) + "/data/" + name;
}

/// A delivered IP packet, from the PCU's PacketDelivered trace.
struct Delivery
{
    Time at;        //!< delivery time
    uint32_t ms;    //!< mobile
    uint32_t bytes; //!< IP octets
    Time delay;     //!< since the sending device accepted it
};

/// A TBF establishment, from the TbfEstablished trace.
struct TbfStart
{
    Time at;           //!< when
    uint32_t ms;       //!< mobile
    GprsDirection dir; //!< direction
    Time delay;        //!< since the data that asked for it
};

/// An RLC data block on the air with its time, from the RlcBlock trace.
struct TimedBlock
{
    Time at;                   //!< when sent
    GprsRlcBlockRecord record; //!< the block
};

/// An RLC/MAC control block on the air, from the ControlBlock trace.
struct TimedControl
{
    Time at;                //!< when sent
    uint32_t ms;            //!< mobile
    GprsControlMessage msg; //!< message
    uint8_t pdch;           //!< timeslot
    bool lost;              //!< not decoded
};

/// Everything the PCU's trace sources report during one run.
struct CellRecorder
{
    std::vector<Delivery> deliveries[2]; //!< [DirIndex] delivered IP packets
    std::vector<TbfStart> tbfs;          //!< TBF establishments
    std::vector<TimedBlock> blocks;      //!< RLC data blocks
    std::vector<TimedControl> controls;  //!< control blocks
    uint32_t bufferDrops{0};             //!< BufferDrop count
    uint32_t framesLost{0};              //!< LlcFrameLost count
    uint32_t stopAfterDownlink{0};       //!< stop the simulation after this many DL deliveries
    bool keepBlocks{false};              //!< record RLC blocks and control blocks

    /**
     * \param dir a direction
     * \return its index in deliveries
     */
    static int Index(GprsDirection dir)
    {
        return dir == GprsDirection::DOWNLINK ? 0 : 1;
    }

    /**
     * Connect to the PCU's trace sources.
     * \param pcu the PCU
     */
    void Connect(Ptr<GprsPcu> pcu)
    {
        pcu->TraceConnectWithoutContext("PacketDelivered",
                                        MakeCallback(&CellRecorder::OnDelivered, this));
        pcu->TraceConnectWithoutContext("TbfEstablished", MakeCallback(&CellRecorder::OnTbf, this));
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
        auto& list = deliveries[Index(dir)];
        list.push_back({Simulator::Now(), ms, packet->GetSize(), delay});
        if (dir == GprsDirection::DOWNLINK && list.size() == stopAfterDownlink)
        {
            Simulator::Stop();
        }
    }

    /// TbfEstablished sink.
    void OnTbf(uint32_t ms, GprsDirection dir, Time delay)
    {
        tbfs.push_back({Simulator::Now(), ms, dir, delay});
    }

    /// RlcBlock sink.
    void OnBlock(const GprsRlcBlockRecord& r)
    {
        if (keepBlocks)
        {
            blocks.push_back({Simulator::Now(), r});
        }
    }

    /// ControlBlock sink.
    void OnControl(uint32_t ms, GprsControlMessage msg, uint8_t pdch, bool lost)
    {
        if (keepBlocks)
        {
            controls.push_back({Simulator::Now(), ms, msg, pdch, lost});
        }
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
     * \param dir a direction
     * \param ms a mobile
     * \return the deliveries to that mobile in that direction
     */
    std::vector<Delivery> DeliveredTo(GprsDirection dir, uint32_t ms) const
    {
        std::vector<Delivery> out;
        std::copy_if(deliveries[Index(dir)].begin(),
                     deliveries[Index(dir)].end(),
                     std::back_inserter(out),
                     [ms](const Delivery& d) { return d.ms == ms; });
        return out;
    }
};

/// A cell as the tests build it: one fixed coding scheme in both directions.
struct CellSetup
{
    uint32_t pdchs{4};              //!< NumberOfPdchs
    GprsCodingScheme cs{GprsCodingScheme::CS2}; //!< coding scheme, both directions
    uint32_t msClass{8};            //!< multislot class of every mobile
    std::string blerFile;           //!< BlerFile, empty: default curves
    std::string radio{"24"};        //!< RadioConditions of every mobile
    std::string outages;            //!< Outages of every mobile
    uint32_t mobiles{1};            //!< mobiles
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> pcu; //!< more PCU attributes
    uint32_t seedRun{1};            //!< RngSeedManager run number

    /**
     * Build the scenario (server -- 10 Mbit/s, 10 ms -- GGSN -- cell -- mobiles).
     * \param recorder connected to the PCU
     * \return the scenario
     */
    GprsScenario Build(CellRecorder& recorder) const
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(seedRun);
        GprsScenarioHelper helper;
        helper.SetInternetLink(DataRate("10Mbps"), MilliSeconds(10), 0);
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
        GprsScenario s = helper.Install(mobiles);
        cell.AssignStreams(s.cellDevices, 1000);
        recorder.Connect(s.pcu);
        return s;
    }

    /**
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
};

/**
 * Send UDP packets of a fixed IP size from the server to a mobile.
 * \param s the scenario
 * \param ms the mobile
 * \param ipOctets IP packet size (IP 20 + UDP 8 + payload)
 * \param interval time between packets
 * \param count packets to send
 * \param start first packet
 * \return the client application
 */
Ptr<UdpClient>
SendUdp(const GprsScenario& s,
        uint32_t ms,
        uint32_t ipOctets,
        Time interval,
        uint32_t count,
        Time start)
{
    constexpr uint32_t kIpUdpHeaders = 28; // IPv4 20 + UDP 8
    const uint16_t port = 9 + ms;
    UdpServerHelper server(port);
    server.Install(s.mobiles.Get(ms)).Start(Seconds(0));
    UdpClientHelper client(s.GetMobileAddress(ms), port);
    client.SetAttribute("PacketSize", UintegerValue(ipOctets - kIpUdpHeaders));
    client.SetAttribute("Interval", TimeValue(interval));
    client.SetAttribute("MaxPackets", UintegerValue(count));
    ApplicationContainer app = client.Install(s.server);
    app.Start(start);
    return DynamicCast<UdpClient>(app.Get(0));
}

/**
 * RLC data octets one IP packet costs: its LLC frames (SNDCP and LLC headers per the PCU's
 * attributes, GprsLlcFraming) plus one Length Indicator octet per LLC frame, the octet that
 * delimits a frame ending inside an RLC data block (TS 44.060 clause 10.4.14).
 * \param pcu the PCU whose N201U, LlcOverhead, SndcpFirstHeader, SndcpNextHeader apply
 * \param ipOctets the IP packet size
 * \return octets of RLC data fields
 */
double
RlcOctetsPerPacket(Ptr<GprsPcu> pcu, uint32_t ipOctets)
{
    auto get = [&pcu](const std::string& name) {
        UintegerValue v;
        pcu->GetAttribute(name, v);
        return static_cast<uint32_t>(v.Get());
    };
    const GprsLlcFraming framing(get("N201U"),
                                 get("LlcOverhead"),
                                 get("SndcpFirstHeader"),
                                 get("SndcpNextHeader"));
    return framing.TotalOctets(ipOctets) + framing.FrameCount(ipOctets);
}

/**
 * \param msClass multislot class
 * \param pdchs PDCHs of the cell
 * \return downlink PDCHs of a downlink TBF (GprsAssignTbfTimeslots)
 */
uint32_t
DownlinkPdchs(uint32_t msClass, uint32_t pdchs)
{
    return static_cast<uint32_t>(GprsAssignTbfTimeslots(static_cast<int>(msClass),
                                                        static_cast<int>(pdchs))
                                     .downlinkTbf.downlink.count());
}

/**
 * Goodput of a window of downlink deliveries: the IP octets of packets first+1 .. last over the
 * time from the delivery of packet first to that of packet last. Timing from delivery to
 * delivery cancels the start-up and the granularity of whole packets.
 * \param d deliveries in order
 * \param first index of the packet that opens the window
 * \param last index of the packet that closes it
 * \return octets per second
 */
double
Goodput(const std::vector<Delivery>& d, std::size_t first, std::size_t last)
{
    double octets = 0;
    for (std::size_t i = first + 1; i <= last; ++i)
    {
        octets += d[i].bytes;
    }
    return octets / (d[last].at - d[first].at).GetSeconds();
}

/// IP size of the saturating UDP packets.
constexpr uint32_t kUdpIpOctets = 500;
/// Deliveries skipped before the measurement window (TBF establishment, start-up).
constexpr std::size_t kSkipPackets = 3;
/// Packets in the measurement window.
constexpr std::size_t kWindowPackets = 30;

/**
 * Run a saturating downlink UDP flow to every mobile of a cell.
 * \param setup the cell
 * \param recorder receives the traces
 * \param packetsPerMobile stop once the cell delivered this many packets in total
 * \return the PCU (for its attributes)
 */
Ptr<GprsPcu>
RunSaturatingUdp(const CellSetup& setup, CellRecorder& recorder, uint32_t packetsPerMobile)
{
    GprsScenario s = setup.Build(recorder);
    // Offered: one packet every 10 ms = 50 kB/s per mobile, more than 8 PDCHs of CS-4 carry
    // (8 x 50 blocks/s x 50 octets = 20 kB/s).
    for (uint32_t m = 0; m < setup.mobiles; ++m)
    {
        SendUdp(s, m, kUdpIpOctets, MilliSeconds(10), 100000, Seconds(0.5));
    }
    recorder.stopAfterDownlink = packetsPerMobile * setup.mobiles;
    Simulator::Stop(Seconds(200));
    Simulator::Run();
    Ptr<GprsPcu> pcu = s.pcu;
    return pcu;
}

/**
 * Predicted downlink goodput of a saturated TBF: PDCHs x 50 blocks/s x RLC data octets of the
 * CS x (1 - BLER) x IP octets / RLC octets per IP packet.
 * \param pcu the PCU (framing attributes)
 * \param pdchs downlink PDCHs of the TBF
 * \param cs coding scheme
 * \param bler block error rate
 * \return IP octets per second
 */
double
PredictedGoodput(Ptr<GprsPcu> pcu, uint32_t pdchs, GprsCodingScheme cs, double bler)
{
    return pdchs * kBlocksPerSecond * GprsRlcDataOctets(cs) * (1 - bler) * kUdpIpOctets /
           RlcOctetsPerPacket(pcu, kUdpIpOctets);
}

/**
 * 1. Saturating downlink UDP with BLER 0 achieves PDCHs x 50 blocks/s x RLC data octets x
 * framing efficiency, for every CS and 1, 2, 4 and 8 PDCHs.
 */
class GprsCellSaturationTestCase : public TestCase
{
  public:
    GprsCellSaturationTestCase()
        : TestCase("saturating downlink UDP, BLER 0: goodput = PDCHs x 50 x RLC octets x "
                   "framing efficiency, CS-1..CS-4, 1/2/4/8 PDCHs")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t pdchs : {1U, 2U, 4U, 8U})
        {
            // Class 8 (4+1) for up to 4 PDCHs, class 18 (8+8, type 2) for 8.
            const uint32_t msClass = pdchs <= 4 ? 8 : 18;
            const uint32_t used = DownlinkPdchs(msClass, pdchs);
            NS_TEST_ASSERT_MSG_EQ(used, pdchs, "class " << msClass << " on " << pdchs << " PDCHs");
            for (GprsCodingScheme cs : kGprsCodingSchemes)
            {
                CellSetup setup;
                setup.pdchs = pdchs;
                setup.cs = cs;
                setup.msClass = msClass;
                setup.blerFile = "cell-bler-zero.txt";
                CellRecorder rec;
                Ptr<GprsPcu> pcu =
                    RunSaturatingUdp(setup, rec, kSkipPackets + kWindowPackets + 1);
                const auto& d = rec.deliveries[0];
                NS_TEST_ASSERT_MSG_EQ(d.size(),
                                      kSkipPackets + kWindowPackets + 1,
                                      "deliveries, " << ToString(cs) << ", " << pdchs << " PDCHs");
                const double measured = Goodput(d, kSkipPackets, kSkipPackets + kWindowPackets);
                const double predicted = PredictedGoodput(pcu, used, cs, 0);
                std::cout << "saturation " << ToString(cs) << " " << pdchs
                          << " PDCHs: measured " << measured << " predicted " << predicted
                          << " B/s\n";
                NS_TEST_EXPECT_MSG_EQ_TOL(measured,
                                          predicted,
                                          0.02 * predicted,
                                          ToString(cs) << ", " << pdchs << " PDCHs");
                Simulator::Destroy();
            }
        }
    }
};

/// The scenario test suite.
class GprsCellTestSuite : public TestSuite
{
  public:
    GprsCellTestSuite()
        : TestSuite("gprs-cell", UNIT)
    {
        AddTestCase(new GprsCellSaturationTestCase, TestCase::QUICK);
    }
};

/// Registers the suite.
GprsCellTestSuite g_gprsCellTestSuite;

} // namespace
