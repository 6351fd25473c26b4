/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// TBF establishment through the protocol's CCCH (CcchAccess, model/ccch/), through the PCU's
// test seam (gprs-pcu-fixture.h): DRX paging blocks and non-DRX mode for downlink assignments
// (TS 45.002 6.5, TS 44.060 5.5.1.5), RACH slots, collisions and retries for uplink access
// (TS 44.018 3.3.1.1.2).

#include "gprs-pcu-fixture.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <set>

using namespace ns3;
using namespace gprs_pcu_test;

namespace
{

/// A 51-multiframe: 51 TDMA frames of 60/13 ms.
const Time kMultiframe = NanoSeconds(int64_t{51} * 60'000'000 / 13);

/**
 * \param rec what the PCU traced
 * \param dir a direction
 * \return the establishment delays of the TBFs of that direction
 */
std::vector<Time>
Delays(const PcuRecorder& rec, GprsDirection dir)
{
    std::vector<Time> delays;
    for (const TbfEvent& e : rec.established)
    {
        if (e.dir == dir)
        {
            delays.push_back(e.delay);
        }
    }
    return delays;
}

/// \param delays some delays \return their mean in seconds
double
MeanSeconds(const std::vector<Time>& delays)
{
    double sum = 0;
    for (const Time& d : delays)
    {
        sum += d.GetSeconds();
    }
    return delays.empty() ? 0 : sum / delays.size();
}

/**
 * One mobile gets 100-octet downlink packets from 1 s on.
 * \param ccch CcchAccess
 * \param interval between packets: 10 s leaves T3192 (1.5 s) and NonDrxTimer (4 s) behind
 *        each time, 3 s only T3192
 * \param packets how many
 * \return the establishment delays of the downlink TBFs
 */
std::vector<Time>
EstablishDownlink(bool ccch, Time interval, uint32_t packets)
{
    PcuFixture f;
    f.Pcu("CcchAccess", BooleanValue(ccch));
    f.UseBlerFile("cell-bler-zero.txt");
    f.SendDown(0, 100, interval, packets, Seconds(1));
    f.RunUntil(Seconds(1) + interval * packets + Seconds(5));
    return Delays(f.Rec(), GprsDirection::DOWNLINK);
}

} // namespace

// A mobile idle for long is in DRX mode: its downlink assignment waits for its paging block,
// one in every BS_PA_MFRMS = 5 multiframes (1.18 s), so the establishment takes half a DRX cycle
// on average and never more than a cycle and a block. Right after a transfer (T3192 over,
// NonDrxTimer = 4 s running) it hears the next CCCH block: a tenth of that. The delay draws
// (CcchAccess false, uniform 0.1..0.2 s) know neither.
TEST(GprsPcuCcch, DownlinkAssignmentWaitsForThePagingBlockInDrxModeOnly)
{
    constexpr uint32_t kPackets = 40;
    for (const bool ccch : {true, false})
    {
        const std::vector<Time> drx = EstablishDownlink(ccch, Seconds(10.013), kPackets);
        const std::vector<Time> nonDrx = EstablishDownlink(ccch, Seconds(3.007), kPackets);
        ASSERT_EQ(drx.size(), kPackets);
        ASSERT_EQ(nonDrx.size(), kPackets);
        if (ccch)
        {
            EXPECT_GT(MeanSeconds(drx), 0.4) << "half a DRX cycle of 1.18 s";
            EXPECT_LT(*std::max_element(drx.begin(), drx.end()), 5 * kMultiframe + kMultiframe);
            // The first packet finds the mobile in DRX mode; the others in non-DRX mode.
            const std::vector<Time> later(nonDrx.begin() + 1, nonDrx.end());
            EXPECT_LT(MeanSeconds(later), 0.15) << "the next of 3 CCCH blocks per multiframe";
            EXPECT_LT(*std::max_element(later.begin(), later.end()), kMultiframe);
        }
        else
        {
            EXPECT_LT(MeanSeconds(drx), 0.2);
            EXPECT_GT(MeanSeconds(nonDrx), 0.1);
        }
    }
}

// Six mobiles ask for an uplink TBF at the same moment: each sends its first CHANNEL REQUEST in
// one of the next max(T, 8) = 12 RACH slots; two in one slot are lost and try again S..S+T-1
// slots later (115..126 slots of the combined CCCH: about 1 s). Each decoded request gets its
// own IMMEDIATE ASSIGNMENT, one per CCCH block, so no two TBFs are established in the same
// block. Over 10 runs some requests collide; all TBFs are established.
TEST(GprsPcuCcch, SimultaneousRandomAccessesCollideRetryAndGetOneBlockEach)
{
    constexpr uint32_t kMobiles = 6;
    uint32_t retried = 0;
    for (uint32_t run = 1; run <= 10; ++run)
    {
        PcuFixture f(kMobiles, run);
        f.Pcu("CcchAccess", BooleanValue(true));
        f.UseBlerFile("cell-bler-zero.txt");
        for (uint32_t ms = 0; ms < kMobiles; ++ms)
        {
            f.SendUp(ms, 100, Seconds(1));
        }
        f.RunUntil(Seconds(6));
        const PcuRecorder& rec = f.Rec();
        std::set<int64_t> at;
        uint32_t established = 0;
        for (const TbfEvent& e : rec.established)
        {
            if (e.dir == GprsDirection::UPLINK)
            {
                ++established;
                EXPECT_TRUE(at.insert(e.at.GetNanoSeconds()).second)
                    << "run " << run << ": two assignments in one CCCH block";
                retried += e.delay > Seconds(0.8) ? 1 : 0;
            }
        }
        EXPECT_EQ(established, kMobiles) << "run " << run;
    }
    EXPECT_GT(retried, 0u) << "no CHANNEL REQUEST collided in 10 runs of 6 mobiles";
}
