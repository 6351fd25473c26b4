/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_PCU_FIXTURE_H
#define GPRS_PCU_FIXTURE_H

// The PCU test seam: a GprsPcu alone, with fake mobiles (GprsCellMsUser) and a fake network
// side (GprsCellNetworkUser) at its boundary (model/cell/gprs-cell-sap.h): no node, device, IP
// stack or application. A test sets the PCU's attributes and the mobiles' radio, injects IP
// packets at given times (EnqueueDownlink / EnqueueUplink), runs the simulation to a time or
// block period by block period, and asserts on what the PCU's trace sources and the fakes
// recorded, as osmo-pcu's tests/tbf/TbfTest.cpp and ns-3 LTE's RLC tests drive their layer
// between stub entities.

#include "../gprs-pcu-records.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/gprs-block-timing.h"
#include "ns3/gprs-cell-sap.h"
#include "ns3/gprs-coding-scheme.h"
#include "ns3/gprs-enum-text.h"
#include "ns3/gprs-llc-framing.h"
#include "ns3/gprs-pcu.h"
#include "ns3/gprs-radio-block-record.h"
#include "ns3/gprs-rlcmac-types.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace gprs_pcu_test
{

using namespace ns3;
using ns3::gprs_records::kMaxBlockPeriodNs;
using ns3::gprs_records::RlcOctetsPerPacket;

/// A packet with the time it was handed over or dropped.
struct TimedPacket
{
    Time at;                  //!< when
    Ptr<const Packet> packet; //!< the packet
};

/**
 * A mobile as the PCU sees it (GprsCellMsUser): configuration the PCU reads when it starts,
 * the C/I and outages over time, and a record of the downlink packets handed to it and the
 * uplink packets the cell lost or refused.
 */
class FakeMobile : public GprsCellMsUser
{
  public:
    /// \param tlli the mobile's TLLI
    explicit FakeMobile(uint32_t tlli)
        : GprsCellMsUser(GprsRadioConditions::FromSpec("24")),
          m_tlli(tlli)
    {
    }

    /// \param spec C/I schedule, as GprsRadioConditions::FromSpec() reads it ("24",
    ///        "0s:20,3s:9"); replaces the outages too
    /// \return this mobile
    FakeMobile& SetRadio(const std::string& spec)
    {
        m_radio = GprsRadioConditions::FromSpec(spec);
        return *this;
    }

    /// \param spec outages to add ("5s-10s"), as GprsRadioConditions::AddOutages() reads them
    /// \return this mobile
    FakeMobile& AddOutages(const std::string& spec)
    {
        m_radio.AddOutages(spec);
        return *this;
    }

    /// Lose blocks by a Gilbert-Elliott process (as GprsMsNetDevice's UseGilbertElliott).
    /// \return this mobile
    FakeMobile& UseGilbertElliott(double goodToBad,
                                  double badToGood,
                                  double lossGood,
                                  double lossBad)
    {
        m_useGilbertElliott = true;
        m_geParams = {goodToBad, badToGood, lossGood, lossBad};
        return *this;
    }

    /// \param msClass multislot class (TS 45.002 Annex B)
    /// \return this mobile
    FakeMobile& SetMultislotClass(uint32_t msClass)
    {
        m_msClass = msClass;
        return *this;
    }

    /// \param mode LLC mode (CELL: the PCU's)
    /// \return this mobile
    FakeMobile& SetLlcMode(GprsLlcMode mode)
    {
        m_llcMode = mode;
        return *this;
    }

    /// \param times when the mobile reselects a cell
    /// \return this mobile
    FakeMobile& SetCellReselections(std::vector<Time> times)
    {
        m_reselections = std::move(times);
        return *this;
    }

    /// \return downlink packets handed to the mobile, in order
    const std::vector<TimedPacket>& GetReceived() const
    {
        return m_received;
    }

    /// \return uplink packets the cell lost (NotifyDrop) or refused (EnqueueUplink false)
    const std::vector<TimedPacket>& GetDrops() const
    {
        return m_drops;
    }

    /// Record an uplink packet EnqueueUplink() refused, as GprsMsNetDevice's MacTxDrop.
    /// \param packet the packet
    void RecordRefused(Ptr<const Packet> packet)
    {
        m_drops.push_back({Simulator::Now(), packet});
    }

    uint32_t GetMultislotClass() const override
    {
        return m_msClass;
    }

    GprsLlcMode GetLlcMode() const override
    {
        return m_llcMode;
    }

    const std::vector<Time>& GetCellReselections() const override
    {
        return m_reselections;
    }

    uint32_t GetTlli() const override
    {
        return m_tlli;
    }

    void Receive(Ptr<Packet> packet) override
    {
        m_received.push_back({Simulator::Now(), packet});
    }

    void NotifyDrop(Ptr<const Packet> packet) override
    {
        m_drops.push_back({Simulator::Now(), packet});
    }

  private:
    GprsGilbertElliott* MakeGilbertElliott() override
    {
        return &m_ge.emplace(m_geParams[0], m_geParams[1], m_geParams[2], m_geParams[3], false);
    }

    uint32_t m_tlli;                                   //!< TLLI
    uint32_t m_msClass{8};                             //!< multislot class
    GprsLlcMode m_llcMode{GprsLlcMode::CELL};          //!< LLC mode
    std::vector<Time> m_reselections;                  //!< cell reselections
    std::array<double, 4> m_geParams{0.01, 0.1, 0, 1}; //!< Gilbert-Elliott parameters
    std::vector<TimedPacket> m_received;               //!< downlink packets received
    std::vector<TimedPacket> m_drops;                  //!< uplink packets lost
};

/// An uplink packet the network side received.
struct UplinkDelivery
{
    Time at;                  //!< when
    uint32_t ms;              //!< from which mobile
    Ptr<const Packet> packet; //!< the packet
};

/**
 * The network side as the PCU sees it (GprsCellNetworkUser): records the uplink packets it
 * receives, per mobile, and the downlink packets the cell lost.
 */
class FakeNetwork : public GprsCellNetworkUser
{
  public:
    uint32_t GetCellContext() const override
    {
        return 0;
    }

    void ReceiveFromCell(Ptr<Packet> packet, uint32_t ms) override
    {
        m_received.push_back({Simulator::Now(), ms, packet});
    }

    void NotifyDrop(Ptr<const Packet> packet) override
    {
        m_drops.push_back({Simulator::Now(), packet});
    }

    /// \return uplink packets received, in order
    const std::vector<UplinkDelivery>& GetReceived() const
    {
        return m_received;
    }

    /// \param ms a mobile
    /// \return the uplink packets received from it
    std::vector<UplinkDelivery> ReceivedFrom(uint32_t ms) const
    {
        std::vector<UplinkDelivery> out;
        std::copy_if(m_received.begin(),
                     m_received.end(),
                     std::back_inserter(out),
                     [ms](const UplinkDelivery& d) { return d.ms == ms; });
        return out;
    }

    /// \return downlink packets the cell lost (buffer full, lifetime, LLC loss)
    const std::vector<TimedPacket>& GetDrops() const
    {
        return m_drops;
    }

  private:
    std::vector<UplinkDelivery> m_received; //!< uplink packets
    std::vector<TimedPacket> m_drops;       //!< downlink packets lost
};

/// A delivered IP packet, from the PCU's PacketDelivered trace.
struct Delivery
{
    Time at;           //!< delivery time
    uint32_t ms;       //!< mobile
    GprsDirection dir; //!< direction
    uint32_t bytes;    //!< IP octets
    Time delay;        //!< since it entered the PCU
};

using ns3::gprs_records::TbfEvent;
using ns3::gprs_records::TimedBlock;
using ns3::gprs_records::TimedControl;

/// Everything the PCU's trace sources report.
struct PcuRecorder
{
    std::vector<Delivery> deliveries[2];     //!< [GprsDirIndex] PacketDelivered
    std::vector<TbfEvent> established;       //!< TbfEstablished
    std::vector<TbfEvent> released;          //!< TbfReleased
    std::vector<TbfEvent> rejected;          //!< TbfRejected
    std::vector<TimedBlock> blocks;          //!< RlcBlock
    std::vector<TimedControl> controls;      //!< ControlBlock
    std::vector<TimedPacket> bufferDrops[2]; //!< [GprsDirIndex] BufferDrop
    uint32_t framesLost[2]{0, 0};            //!< [GprsDirIndex] LlcFrameLost

    /// \param pcu the PCU whose trace sources to record
    void Connect(Ptr<GprsPcu> pcu)
    {
        pcu->TraceConnectWithoutContext("PacketDelivered",
                                        MakeCallback(&PcuRecorder::OnDelivered, this));
        pcu->TraceConnectWithoutContext("TbfEstablished",
                                        MakeCallback(&PcuRecorder::OnEstablished, this));
        pcu->TraceConnectWithoutContext("TbfReleased",
                                        MakeCallback(&PcuRecorder::OnReleased, this));
        pcu->TraceConnectWithoutContext("TbfRejected",
                                        MakeCallback(&PcuRecorder::OnRejected, this));
        pcu->TraceConnectWithoutContext("RlcBlock", MakeCallback(&PcuRecorder::OnBlock, this));
        pcu->TraceConnectWithoutContext("ControlBlock",
                                        MakeCallback(&PcuRecorder::OnControl, this));
        pcu->TraceConnectWithoutContext("BufferDrop", MakeCallback(&PcuRecorder::OnDrop, this));
        pcu->TraceConnectWithoutContext("LlcFrameLost",
                                        MakeCallback(&PcuRecorder::OnFrameLost, this));
    }

    /// \param dir a direction
    /// \return BufferDrop reports in that direction
    std::size_t BufferDrops(GprsDirection dir) const
    {
        return bufferDrops[GprsDirIndex(dir)].size();
    }

    /// \param dir a direction
    /// \return LlcFrameLost reports in that direction
    uint32_t FramesLost(GprsDirection dir) const
    {
        return framesLost[GprsDirIndex(dir)];
    }

    /// \param ms a mobile
    /// \param dir a direction
    /// \return the packets delivered to (downlink) or from (uplink) that mobile
    std::vector<Delivery> DeliveredTo(uint32_t ms,
                                      GprsDirection dir = GprsDirection::DOWNLINK) const
    {
        std::vector<Delivery> out;
        const auto& list = deliveries[GprsDirIndex(dir)];
        std::copy_if(list.begin(), list.end(), std::back_inserter(out), [ms](const Delivery& d) {
            return d.ms == ms;
        });
        return out;
    }

    /// \return TBFs established in direction \p dir in [from, to)
    std::vector<TbfEvent> EstablishedIn(GprsDirection dir, Time from, Time to) const
    {
        return In(established, dir, from, to);
    }

    /// \return TBFs released in direction \p dir in [from, to)
    std::vector<TbfEvent> ReleasedIn(GprsDirection dir, Time from, Time to) const
    {
        return In(released, dir, from, to);
    }

    /// \return the abnormal releases
    std::size_t AbnormalReleases() const
    {
        return std::count_if(released.begin(), released.end(), [](const TbfEvent& e) {
            return e.abnormal;
        });
    }

    /// \param dir a direction
    /// \return the RLC data blocks sent in that direction
    std::vector<TimedBlock> Blocks(GprsDirection dir) const
    {
        std::vector<TimedBlock> out;
        std::copy_if(blocks.begin(), blocks.end(), std::back_inserter(out), [dir](const auto& b) {
            return b.record.dir == dir;
        });
        return out;
    }

    /// \param msg a control message
    /// \return the control blocks of that message, in order
    std::vector<TimedControl> Controls(GprsControlMessage msg) const
    {
        std::vector<TimedControl> out;
        std::copy_if(controls.begin(),
                     controls.end(),
                     std::back_inserter(out),
                     [msg](const TimedControl& c) { return c.msg == msg; });
        return out;
    }

  private:
    static std::vector<TbfEvent> In(const std::vector<TbfEvent>& list,
                                    GprsDirection dir,
                                    Time from,
                                    Time to)
    {
        std::vector<TbfEvent> out;
        std::copy_if(list.begin(), list.end(), std::back_inserter(out), [&](const TbfEvent& e) {
            return e.dir == dir && e.at >= from && e.at < to;
        });
        return out;
    }

    void OnDelivered(uint32_t ms, GprsDirection dir, Ptr<const Packet> packet, Time delay)
    {
        deliveries[GprsDirIndex(dir)].push_back(
            {Simulator::Now(), ms, dir, packet->GetSize(), delay});
    }

    void OnEstablished(uint32_t ms, GprsDirection dir, Time delay)
    {
        established.push_back({Simulator::Now(), ms, dir, delay, false});
    }

    void OnReleased(uint32_t ms, GprsDirection dir, bool abnormal)
    {
        released.push_back({Simulator::Now(), ms, dir, Time(), abnormal});
    }

    void OnRejected(uint32_t ms, GprsDirection dir)
    {
        rejected.push_back({Simulator::Now(), ms, dir, Time(), false});
    }

    void OnBlock(const GprsRlcBlockRecord& r)
    {
        blocks.push_back({Simulator::Now(), r});
    }

    void OnControl(uint32_t ms, GprsControlMessage msg, uint8_t pdch, bool lost)
    {
        controls.push_back({Simulator::Now(), ms, msg, pdch, lost});
    }

    void OnDrop(uint32_t, GprsDirection dir, Ptr<const Packet> packet)
    {
        bufferDrops[GprsDirIndex(dir)].push_back({Simulator::Now(), packet});
    }

    void OnFrameLost(uint32_t, GprsDirection dir, uint32_t)
    {
        ++framesLost[GprsDirIndex(dir)];
    }
};

/**
 * \param name a file of test/data
 * \return its path
 */
inline std::string
PcuDataFile(const std::string& name)
{
    return std::string(GPRS_TEST_DATA_DIR) + "/" + name;
}

/**
 * A GprsPcu between fake mobiles and a fake network side, configured as the cell tests
 * configure their cell (test/ns3/gprs-cell-fixture.h CellSetup): 4 PDCHs, CS-2 fixed in both
 * directions, multislot class 8, C/I 24 dB, seed 1 and run \p run, the PCU's streams from 1000.
 *
 * Use: set attributes (Pcu(), UseBlerFile()) and the mobiles (Ms()), schedule traffic
 * (SendDown(), SendUp()), then RunUntil() or RunBlockPeriods(); Start() (called by the first
 * run) attaches the mobiles and initializes the PCU, which then reads its attributes. Assert
 * on Rec() (the PCU's traces), the fakes and CheckConservation(). The destructor disposes of
 * the PCU and calls Simulator::Destroy().
 */
class PcuFixture
{
  public:
    /**
     * \param mobiles fake mobiles attached to the PCU
     * \param run RngSeedManager run number
     */
    explicit PcuFixture(uint32_t mobiles = 1, uint32_t run = 1)
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(run);
        m_pcu = CreateObject<GprsPcu>();
        Pcu("NumberOfPdchs", UintegerValue(4));
        const std::string la = "ns3::GprsFixedLinkAdaptation[CodingScheme=CS-2]";
        Pcu("DownlinkLinkAdaptation", StringValue(la));
        Pcu("UplinkLinkAdaptation", StringValue(la));
        // The tests set the access delays they need (DownlinkAssignmentDelay,
        // UplinkAccessDelay); those of the CCCH (gprs-pcu-ccch-gtest.cc) turn CcchAccess on.
        Pcu("CcchAccess", BooleanValue(false));
        for (uint32_t i = 0; i < mobiles; ++i)
        {
            m_mobiles.push_back(std::make_unique<FakeMobile>(0xc0000000 + i));
        }
    }

    ~PcuFixture()
    {
        m_pcu->Dispose();
        m_pcu = nullptr;
        Simulator::Destroy();
    }

    PcuFixture(const PcuFixture&) = delete;
    PcuFixture& operator=(const PcuFixture&) = delete;

    /**
     * Set a PCU attribute (before Start()).
     * \param name attribute
     * \param value value
     * \return this fixture
     */
    PcuFixture& Pcu(const std::string& name, const AttributeValue& value)
    {
        m_pcu->SetAttribute(name, value);
        return *this;
    }

    /// \param name a BLER table of test/data for the PCU's BlerFile
    /// \return this fixture
    PcuFixture& UseBlerFile(const std::string& name)
    {
        return Pcu("BlerFile", StringValue(PcuDataFile(name)));
    }

    /// \return the PCU
    Ptr<GprsPcu> GetPcu() const
    {
        return m_pcu;
    }

    /// \param ms index
    /// \return that fake mobile
    FakeMobile& Ms(uint32_t ms)
    {
        return *m_mobiles.at(ms);
    }

    /// \return the number of fake mobiles
    uint32_t GetNMs() const
    {
        return static_cast<uint32_t>(m_mobiles.size());
    }

    /// \return the fake network side
    FakeNetwork& Network()
    {
        return m_network;
    }

    /// \return the PCU's traces
    const PcuRecorder& Rec() const
    {
        return m_rec;
    }

    /// Attach the mobiles and the network side, assign streams, initialize the PCU and record
    /// its traces. Called by the first run if not before.
    void Start()
    {
        if (m_started)
        {
            return;
        }
        m_started = true;
        m_pcu->SetBss(&m_network);
        for (const auto& ms : m_mobiles)
        {
            m_pcu->AddMs(ms.get());
        }
        m_pcu->AssignStreams(1000);
        m_pcu->Initialize();
        m_rec.Connect(m_pcu);
    }

    /**
     * Schedule downlink IP packets for mobile \p ms, entering the PCU (its GGSN buffer) as a
     * BSS device hands them over after the core network.
     * \param ms mobile
     * \param ipOctets IP size of each packet
     * \param interval time between packets
     * \param count packets
     * \param start first packet
     */
    void SendDown(uint32_t ms, uint32_t ipOctets, Time interval, uint32_t count, Time start)
    {
        for (uint32_t i = 0; i < count; ++i)
        {
            Simulator::Schedule(start + interval * i, &PcuFixture::InjectDown, this, ms, ipOctets);
        }
    }

    /// One downlink packet of \p ipOctets for mobile \p ms at \p at.
    void SendDown(uint32_t ms, uint32_t ipOctets, Time at)
    {
        SendDown(ms, ipOctets, Seconds(0), 1, at);
    }

    /**
     * Schedule uplink IP packets of mobile \p ms, entering its uplink buffer as the mobile's
     * device sends them; one the buffer refuses is the mobile's drop (FakeMobile::GetDrops()).
     * \param ms mobile
     * \param ipOctets IP size of each packet
     * \param interval time between packets
     * \param count packets
     * \param start first packet
     */
    void SendUp(uint32_t ms, uint32_t ipOctets, Time interval, uint32_t count, Time start)
    {
        for (uint32_t i = 0; i < count; ++i)
        {
            Simulator::Schedule(start + interval * i, &PcuFixture::InjectUp, this, ms, ipOctets);
        }
    }

    /// One uplink packet of \p ipOctets from mobile \p ms at \p at.
    void SendUp(uint32_t ms, uint32_t ipOctets, Time at)
    {
        SendUp(ms, ipOctets, Seconds(0), 1, at);
    }

    /// Run the simulation until \p t (events at \p t included).
    void RunUntil(Time t)
    {
        Start();
        Simulator::Stop(t - Simulator::Now() + NanoSeconds(1));
        Simulator::Run();
    }

    /**
     * Run \p n radio block periods: up to just after the n-th next block boundary (TS 45.002
     * 52-multiframe: 4 TDMA frames, 5 at an idle frame), the PCU's block event there included.
     * \param n block periods
     */
    void RunBlockPeriods(uint32_t n)
    {
        Start();
        uint64_t frame = GprsBlockTiming::FrameAt(Simulator::Now());
        for (uint32_t i = 0; i < n; ++i)
        {
            frame = GprsBlockTiming::NextBlockStartFrame(frame + 1);
        }
        Simulator::Stop(GprsBlockTiming::FrameStart(frame) - Simulator::Now() + NanoSeconds(1));
        Simulator::Run();
    }

    /// \return packets injected so far, both directions
    std::size_t Injected() const
    {
        return m_ledger.size();
    }

    /**
     * The fate of every injected packet (conservation): it must end exactly once handed to its
     * receiver (FakeMobile::Receive downlink, FakeNetwork::ReceiveFromCell uplink) or in a
     * drop (FakeNetwork::NotifyDrop downlink, FakeMobile drops uplink: NotifyDrop or refused
     * by EnqueueUplink); the PCU's PacketDelivered must have reported each hand-over, and a
     * BufferDrop report must come with one drop. Call after the run.
     * \return every problem found, each naming the packet; empty if none
     */
    std::vector<std::string> CheckConservation() const
    {
        struct Fate
        {
            uint32_t received{0};
            uint32_t dropped{0};
            uint32_t traced{0};
            uint32_t bufferDropped{0};
        };

        std::map<uint64_t, Fate> fates;
        std::vector<std::string> problems;
        const auto fate = [&](Ptr<const Packet> p, const std::string& where) -> Fate* {
            const auto it = m_ledger.find(p->GetUid());
            if (it == m_ledger.end())
            {
                problems.push_back("packet uid " + std::to_string(p->GetUid()) + " in " + where +
                                   " was never injected");
                return nullptr;
            }
            return &fates[p->GetUid()];
        };
        for (const auto& ms : m_mobiles)
        {
            for (const TimedPacket& r : ms->GetReceived())
            {
                if (Fate* f = fate(r.packet, "a mobile's Receive"))
                {
                    ++f->received;
                }
            }
            for (const TimedPacket& r : ms->GetDrops())
            {
                if (Fate* f = fate(r.packet, "a mobile's drops"))
                {
                    ++f->dropped;
                }
            }
        }
        for (const UplinkDelivery& r : m_network.GetReceived())
        {
            if (Fate* f = fate(r.packet, "the network's ReceiveFromCell"))
            {
                ++f->received;
            }
        }
        for (const TimedPacket& r : m_network.GetDrops())
        {
            if (Fate* f = fate(r.packet, "the network's NotifyDrop"))
            {
                ++f->dropped;
            }
        }
        for (const auto& list : m_rec.bufferDrops)
        {
            for (const TimedPacket& r : list)
            {
                if (Fate* f = fate(r.packet, "BufferDrop"))
                {
                    ++f->bufferDropped;
                }
            }
        }
        std::size_t traced = m_rec.deliveries[0].size() + m_rec.deliveries[1].size();
        std::size_t received = 0;
        for (const auto& [uid, entry] : m_ledger)
        {
            const Fate f = fates.count(uid) ? fates.at(uid) : Fate{};
            received += f.received;
            const std::string name = "packet uid " + std::to_string(uid) + " (" +
                                     ToString(entry.dir) + ", MS " + std::to_string(entry.ms) +
                                     ", injected at " + std::to_string(entry.at.GetSeconds()) +
                                     " s): ";
            if (f.received + f.dropped == 0)
            {
                problems.push_back(name + "neither delivered nor dropped");
            }
            else if (f.received + f.dropped > 1)
            {
                problems.push_back(name + "delivered " + std::to_string(f.received) +
                                   " times, dropped " + std::to_string(f.dropped) + " times");
            }
            if (f.bufferDropped > 1 || (f.bufferDropped == 1 && f.dropped != 1))
            {
                problems.push_back(name + "in BufferDrop " + std::to_string(f.bufferDropped) +
                                   " times, dropped " + std::to_string(f.dropped) + " times");
            }
        }
        if (traced != received)
        {
            problems.push_back("PacketDelivered reported " + std::to_string(traced) +
                               " packets, the receivers got " + std::to_string(received));
        }
        return problems;
    }

  private:
    /// An injected packet.
    struct Entry
    {
        GprsDirection dir; //!< direction
        uint32_t ms;       //!< mobile
        Time at;           //!< when injected
    };

    void InjectDown(uint32_t ms, uint32_t ipOctets)
    {
        const Ptr<Packet> p = Create<Packet>(ipOctets);
        m_ledger[p->GetUid()] = {GprsDirection::DOWNLINK, ms, Simulator::Now()};
        m_pcu->EnqueueDownlink(ms, p, Simulator::Now());
    }

    void InjectUp(uint32_t ms, uint32_t ipOctets)
    {
        const Ptr<Packet> p = Create<Packet>(ipOctets);
        m_ledger[p->GetUid()] = {GprsDirection::UPLINK, ms, Simulator::Now()};
        if (!m_pcu->EnqueueUplink(ms, p))
        {
            m_mobiles.at(ms)->RecordRefused(p);
        }
    }

    Ptr<GprsPcu> m_pcu;                                 //!< the PCU under test
    std::vector<std::unique_ptr<FakeMobile>> m_mobiles; //!< its mobiles
    FakeNetwork m_network;                              //!< its network side
    PcuRecorder m_rec;                                  //!< its traces
    std::map<uint64_t, Entry> m_ledger;                 //!< injected packets by uid
    bool m_started{false};                              //!< Start() done
};

/**
 * \param pcu the PCU
 * \param name an attribute holding a UniformRandomVariable (DownlinkAssignmentDelay, ...)
 * \return its [min, max] in seconds
 */
inline std::pair<Time, Time>
UniformBounds(Ptr<GprsPcu> pcu, const std::string& name)
{
    PointerValue v;
    pcu->GetAttribute(name, v);
    const Ptr<UniformRandomVariable> u = v.Get<UniformRandomVariable>();
    return u ? std::pair{Seconds(u->GetMin()), Seconds(u->GetMax())}
             : std::pair{Seconds(-1), Seconds(-1)};
}

/**
 * \param pcu the PCU
 * \param name a Time attribute
 * \return its value
 */
inline Time
TimeAttribute(Ptr<GprsPcu> pcu, const std::string& name)
{
    TimeValue v;
    pcu->GetAttribute(name, v);
    return v.Get();
}

/**
 * \param pcu the PCU
 * \param name an unsigned integer attribute
 * \return its value
 */
inline uint64_t
UintegerAttribute(Ptr<GprsPcu> pcu, const std::string& name)
{
    UintegerValue v;
    pcu->GetAttribute(name, v);
    return v.Get();
}

} // namespace gprs_pcu_test

#endif /* GPRS_PCU_FIXTURE_H */
