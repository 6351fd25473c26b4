/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The TBF controller of a cell (GprsTbfController) without a PCU: establishment on CCCH after
// the access delay, TFI and USF allocation, access rejects when the USFs run out, release with
// T3193 before the TFI is free again, N3105, and what it asks of the block work.

#include "gprs-fake-llc-user.h"
#include "gprs-fake-radio-source.h"

#include "ns3/double.h"
#include "ns3/gprs-ms-net-device.h"
#include "ns3/gprs-tbf-controller.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simulator.h"

#include <gtest/gtest.h>
#include <map>

using namespace ns3;

namespace
{

constexpr GprsDirection kDl = GprsDirection::DOWNLINK;
constexpr GprsDirection kUl = GprsDirection::UPLINK;

/// A cell of mobiles on PDCH 0 with a controller and a block work that records its calls.
class TbfCell : public GprsTbfControllerUser
{
  public:
    explicit TbfCell(uint32_t mobiles)
        : radio("0s:30"),
          tbfs(mss, tracked, settings, *this, established, released, rejected)
    {
        const auto access = CreateObject<ConstantRandomVariable>();
        access->SetAttribute("Constant", DoubleValue(0.1));
        settings.m_rlcMode = GprsRlcMode::ACKNOWLEDGED;
        settings.m_dlLinkAdaptation.SetTypeId("ns3::GprsFixedLinkAdaptation");
        settings.m_ulLinkAdaptation.SetTypeId("ns3::GprsFixedLinkAdaptation");
        settings.m_dlAssignmentDelay = access;
        settings.m_ulAccessDelay = access;
        settings.m_pollInterval = 16;
        settings.m_ulAckInterval = 16;
        settings.m_t3192 = MilliSeconds(500);
        settings.m_t3193 = MilliSeconds(1000);
        settings.m_t3195 = Seconds(2);
        settings.m_t3169 = Seconds(2);
        settings.m_assignmentMax = 3;
        settings.m_reselectionTime = Seconds(1);
        settings.m_bsCvMax = 6;
        settings.m_accessRejectWait = Seconds(1);
        settings.m_keepAlive = Time(0);
        settings.m_delayedRelease = Time(0);
        settings.m_extendedUplink = Time(0);
        settings.m_n3105Max = 8;
        settings.m_n3101Max = 8;
        settings.m_n3103Max = 4;
        settings.m_retryAfterAbort = false;
        const auto uniform = CreateObject<GprsUnitUniformRandomVariable>();
        uniform->SetStream(1);
        mss.reserve(mobiles);
        for (uint32_t i = 0; i < mobiles; ++i)
        {
            mss.emplace_back(i, nullptr, GprsRadioLink(&radio, &bler, uniform, [](double, bool) {
                             }));
            GprsCellMobile& ms = mss.back();
            ms.ulCount = 1;
            ms.dlCount = 1;
            for (GprsBearer* link : {&ms.dl, &ms.ul})
            {
                link->llc.Attach(&llc);
                link->llc.Configure(&llc.config, false);
                link->tbf.SetConfig(settings.GetTbfConfig(link->tbf.GetDirection()));
                link->tbf.SetStateObserver([this, i](GprsTbfState s) {
                    if (s != GprsTbfState::NONE)
                    {
                        Track(i);
                    }
                });
            }
        }
        established.ConnectWithoutContext(MakeCallback(&TbfCell::Established, this));
        released.ConnectWithoutContext(MakeCallback(&TbfCell::Released, this));
        rejected.ConnectWithoutContext(MakeCallback(&TbfCell::Rejected, this));
    }

    ~TbfCell() override
    {
        tbfs.CancelTimers();
        Simulator::Destroy();
    }

    /// Data for mobile \p i in direction \p dir: a packet in its buffer, and a TBF asked for.
    void Data(uint32_t i, GprsDirection dir)
    {
        mss[i].GetBearer(dir).llc.Enqueue(Create<Packet>(100), Simulator::Now());
        tbfs.RequestTbf(i, dir);
    }

    /// RLC takes mobile \p i's packets in direction \p dir (its TBF then has sent them all).
    void Drain(uint32_t i, GprsDirection dir)
    {
        GprsLlcLink& link = mss[i].GetBearer(dir).llc;
        while (link.HasDataForLlc())
        {
            link.HandOver(Simulator::Now());
        }
    }

    void EnsureClock() override
    {
        ++clockStarts;
    }

    void Track(uint32_t index) override
    {
        if (std::find(tracked.begin(), tracked.end(), index) == tracked.end())
        {
            tracked.push_back(index);
        }
    }

    void ForgetTbf(uint32_t index, GprsDirection dir) override
    {
        ++forgotten[{index, dir}];
    }

    void Established(uint32_t index, GprsDirection dir, Time delay)
    {
        establishedAt[{index, dir}] = Simulator::Now();
        delays[{index, dir}] = delay;
    }

    void Released(uint32_t index, GprsDirection dir, bool abnormal)
    {
        releases.push_back({index, abnormal});
    }

    void Rejected(uint32_t index, GprsDirection dir)
    {
        rejects.push_back(index);
    }

    gprs_test::FakeMobile radio;                     //!< every mobile's C/I
    GprsBlerModel bler;                              //!< default curves
    gprs_test::FakeLlcUser llc;                      //!< where the bearers' links report
    std::vector<GprsCellMobile> mss;                 //!< the mobiles
    std::vector<uint32_t> tracked;                   //!< tracked mobiles
    GprsTbfSettings settings{};                      //!< parameters
    GprsTbfController::EstablishedTrace established; //!< TbfEstablished
    GprsTbfController::ReleasedTrace released;       //!< TbfReleased
    GprsTbfController::RejectedTrace rejected;       //!< TbfRejected
    GprsTbfController tbfs;                          //!< the controller under test
    uint32_t clockStarts{0};                         //!< EnsureClock() calls
    std::map<std::pair<uint32_t, GprsDirection>, uint32_t> forgotten; //!< ForgetTbf() calls
    std::map<std::pair<uint32_t, GprsDirection>, Time> establishedAt; //!< when established
    std::map<std::pair<uint32_t, GprsDirection>, Time> delays;        //!< establishment delays
    std::vector<std::pair<uint32_t, bool>> releases;                  //!< (mobile, abnormal)
    std::vector<uint32_t> rejects;                                    //!< rejected mobiles
};

} // namespace

TEST(GprsTbfController, IdleMobileGetsItsTbfOnCcchAfterTheAccessDelayWithTheLowestFreeTfi)
{
    TbfCell cell(2);
    cell.Data(0, kDl);
    EXPECT_EQ(cell.mss[0].dl.tbf.GetState(), GprsTbfState::ACCESS_CCCH);
    EXPECT_EQ(cell.tracked, (std::vector<uint32_t>{0}));
    Simulator::Stop(MilliSeconds(50));
    Simulator::Run();
    cell.Data(1, kDl);
    Simulator::Stop(Seconds(1));
    Simulator::Run();
    ASSERT_EQ(cell.establishedAt.size(), 2U);
    EXPECT_EQ((cell.establishedAt[{0, kDl}]), MilliSeconds(100));
    EXPECT_EQ((cell.delays[{0, kDl}]), MilliSeconds(100));
    EXPECT_EQ((cell.establishedAt[{1, kDl}]), MilliSeconds(150));
    EXPECT_EQ(cell.mss[0].dl.tbf.GetState(), GprsTbfState::FLOW);
    EXPECT_EQ(cell.mss[0].dl.tfi, 0);
    EXPECT_EQ(cell.mss[1].dl.tfi, 1) << "the lowest TFI no other downlink TBF holds";
    ASSERT_TRUE(cell.mss[0].dl.tx && cell.mss[0].dl.rx) << "RLC entities for the TBF";
    EXPECT_EQ(cell.mss[0].dl.tx->GetQueuedOctets(), 0U) << "the buffer stays until RLC pulls";
    EXPECT_GE(cell.clockStarts, 2U) << "each establishment starts the block clock";
}

TEST(GprsTbfController, UplinkAccessIsRejectedWhenThePdchHasNoFreeUsfAndRetriedAfterTheWait)
{
    // USFs 0..6 on PDCH 0 (GprsTbfResources): the eighth uplink TBF finds none.
    TbfCell cell(8);
    for (uint32_t i = 0; i < 8; ++i)
    {
        cell.Data(i, kUl);
    }
    Simulator::Stop(MilliSeconds(150));
    Simulator::Run();
    EXPECT_EQ(cell.establishedAt.size(), 7U);
    ASSERT_EQ(cell.rejects, (std::vector<uint32_t>{7}));
    EXPECT_EQ(cell.mss[7].ul.tbf.GetState(), GprsTbfState::ACCESS_CCCH)
        << "the mobile tries again after the wait indication";
    for (uint32_t i = 0; i < 7; ++i)
    {
        EXPECT_EQ(cell.mss[i].ul.usf[0], i);
    }
    // One TBF ends normally, its data sent: its USF is free at once on the uplink (no T3193
    // there).
    cell.Drain(3, kUl);
    cell.tbfs.ReleaseTbf(3, kUl, false);
    Simulator::Stop(Seconds(1.5));
    Simulator::Run();
    EXPECT_EQ(cell.establishedAt.count({7, kUl}), 1U);
    EXPECT_EQ((cell.establishedAt[{7, kUl}]), MilliSeconds(100 + 1000 + 100));
    EXPECT_EQ(cell.mss[7].ul.usf[0], 3) << "the USF the released TBF held";
}

TEST(GprsTbfController, ReleasedDownlinkTfiWaitsForT3193AndTheBlockWorkForgetsTheTbf)
{
    TbfCell cell(2);
    cell.Data(0, kDl);
    Simulator::Stop(MilliSeconds(200));
    Simulator::Run();
    ASSERT_EQ(cell.mss[0].dl.tfi, 0);
    cell.Drain(0, kDl);
    cell.tbfs.ReleaseTbf(0, kDl, false);
    EXPECT_EQ(cell.mss[0].dl.tbf.GetState(), GprsTbfState::RELEASED);
    EXPECT_EQ((cell.forgotten[{0, kDl}]), 1U);
    ASSERT_EQ(cell.releases.size(), 1U);
    EXPECT_FALSE(cell.releases[0].second);
    EXPECT_FALSE(cell.mss[0].dl.tx) << "entities back to the pool";
    cell.Data(1, kDl);
    Simulator::Stop(MilliSeconds(900));
    Simulator::Run();
    EXPECT_EQ(cell.mss[1].dl.tfi, 1) << "TFI 0 is still held during T3193";
    EXPECT_EQ(cell.mss[0].dl.tbf.GetState(), GprsTbfState::RELEASED);
    Simulator::Stop(MilliSeconds(200));
    Simulator::Run();
    EXPECT_EQ(cell.mss[0].dl.tbf.GetState(), GprsTbfState::NONE) << "T3193 expired at 1.2 s";
    cell.Data(0, kDl);
    EXPECT_EQ(cell.mss[0].dl.tbf.GetState(), GprsTbfState::ACCESS_CCCH)
        << "T3192 is over too: the new TBF is assigned on CCCH";
}

TEST(GprsTbfController, N3105UnansweredPollsReleaseTheDownlinkTbfAbnormally)
{
    TbfCell cell(1);
    cell.Data(0, kDl);
    Simulator::Stop(MilliSeconds(200));
    Simulator::Run();
    for (uint32_t n = 0; n < cell.settings.m_n3105Max; ++n)
    {
        ASSERT_TRUE(cell.releases.empty()) << "after " << n << " failed polls";
        cell.tbfs.PollFailed(0);
    }
    ASSERT_EQ(cell.releases.size(), 1U);
    EXPECT_TRUE(cell.releases[0].second) << "N3105 expiry is an abnormal release";
    EXPECT_EQ(cell.mss[0].dl.tbf.GetState(), GprsTbfState::RELEASED);
}
