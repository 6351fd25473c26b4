/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The downlink scheduler in a busy cell, through the PCU's test seam (gprs-pcu-fixture.h).

#include "gprs-pcu-fixture.h"

#include <gtest/gtest.h>

using namespace ns3;
using namespace gprs_pcu_test;

namespace
{

/// Downlink blocks that resend a block pending acknowledgement, and all downlink data blocks.
struct Resends
{
    uint32_t pendingAck{0}; //!< PENDING_ACK blocks
    uint32_t blocks{0};     //!< all data blocks
    Time delay;             //!< sum of the packets' delays
    uint32_t packets{0};    //!< packets delivered
};

/**
 * Eight mobiles on 4 PDCHs, each with a 1400-octet downlink packet every 3 s or so at 9 dB: TBFs
 * that end (their last blocks pending acknowledgement) while others have new data; about 60 %
 * of the cell's capacity.
 * \param scheduler a GprsScheduler type
 * \return the downlink blocks sent
 */
Resends
RunBusyCell(const std::string& scheduler)
{
    PcuFixture f(8);
    f.Pcu("Scheduler", StringValue(scheduler));
    for (uint32_t ms = 0; ms < 8; ++ms)
    {
        f.Ms(ms).SetRadio("9");
        f.SendDown(ms, 1400, MilliSeconds(3000 + 100 * ms), 12, Seconds(1) + MilliSeconds(50 * ms));
    }
    f.RunUntil(Seconds(40));
    Resends r;
    for (const Delivery& d : f.Rec().deliveries[0])
    {
        r.delay += d.delay;
        ++r.packets;
    }
    for (const TimedBlock& b : f.Rec().Blocks(GprsDirection::DOWNLINK))
    {
        ++r.blocks;
        r.pendingAck += b.record.kind == GprsRlcTxKind::PENDING_ACK ? 1 : 0;
    }
    return r;
}

} // namespace

// osmo-pcu ranks a TBF that only resends blocks pending acknowledgement below every TBF with new
// or NACKed data (tbf_compute_priority: DL_PRIO_SENT_DATA); round robin gives it equal turns, so
// that its copies, which the mobile may already have, take blocks from the others. Measured
// (same seed): pending-ack resends 20.0 % of the downlink blocks with round robin, 14.6 % with the
// priorities; mean packet delay 1.148 s and 0.994 s.
TEST(GprsPcuScheduler, PriorityRanksCutPendingAckResendsAndDelayAgainstRoundRobin)
{
    const Resends rr = RunBusyCell("ns3::GprsRoundRobinScheduler");
    const Resends prio = RunBusyCell("ns3::GprsPriorityScheduler");
    const double rrShare = double(rr.pendingAck) / rr.blocks;
    const double prioShare = double(prio.pendingAck) / prio.blocks;
    RecordProperty("round_robin_pending_ack_share", std::to_string(rrShare));
    RecordProperty("priority_pending_ack_share", std::to_string(prioShare));
    ASSERT_GT(rr.packets, 0u);
    ASSERT_GT(prio.packets, 0u);
    const Time rrDelay = rr.delay / rr.packets;
    const Time prioDelay = prio.delay / prio.packets;
    RecordProperty("round_robin_mean_delay_s", std::to_string(rrDelay.GetSeconds()));
    RecordProperty("priority_mean_delay_s", std::to_string(prioDelay.GetSeconds()));
    EXPECT_EQ(prio.packets, rr.packets) << "every packet delivered either way";
    EXPECT_GT(rr.pendingAck, 100u) << "round robin resends pending-ack blocks in this cell";
    EXPECT_LT(prioShare, rrShare) << "round robin " << rr.pendingAck << " of " << rr.blocks
                                  << ", priorities " << prio.pendingAck << " of " << prio.blocks;
    // New data no longer waits behind copies: the packets arrive sooner.
    EXPECT_LT(prioDelay, rrDelay * 0.95)
        << "mean delay " << prioDelay.As(Time::MS) << " against " << rrDelay.As(Time::MS);
}
