/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The control messages of a cell's PACCH (GprsPacch) without a PCU: which message a mobile is
// due and where, what sending it changes, what an answer to a poll and a granted uplink block
// do when they arrive or are lost.

#include "gprs-tbf-cell.h"

#include "ns3/gprs-pacch.h"

#include <gtest/gtest.h>

using namespace ns3;

using gprs_test::kDl;
using gprs_test::kUl;
using gprs_test::TbfCell;

namespace
{

/// A cell of one mobile whose uplink TBF is established on PDCH 0, and its PACCH.
struct PacchCell : TbfCell
{
    PacchCell()
        : TbfCell(1),
          pacch(mss, tbfs)
    {
        Data(0, kUl);
        Simulator::Stop(MilliSeconds(200));
        Simulator::Run();
    }

    /// \param air an uplink control block of mobile 0 answering a poll for \p purpose
    static GprsAirBlock Answer(GprsPollPurpose purpose, bool lost)
    {
        GprsAirBlock air;
        air.kind = GprsAirBlock::CONTROL;
        air.ms = 0;
        air.purpose = purpose;
        air.lost = lost;
        return air;
    }

    GprsPacch pacch; //!< under test
};

} // namespace

TEST(GprsPacch, UplinkAckNackComesBeforeAnAssignmentAndOnlyOnTheUplinkTimeslot)
{
    PacchCell cell;
    ASSERT_EQ(cell.mss[0].ul.tbf.GetState(), GprsTbfState::FLOW);
    EXPECT_FALSE(cell.pacch.GetDue(0, 0)) << "nothing owed yet";
    cell.Data(0, kDl); // the mobile is on PACCH: the downlink TBF is assigned there
    ASSERT_EQ(cell.mss[0].dl.tbf.GetState(), GprsTbfState::ASSIGN_PACCH);
    cell.mss[0].ul.ackOwed = true;

    std::optional<GprsDueControl> due = cell.pacch.GetDue(0, 0);
    ASSERT_TRUE(due);
    EXPECT_EQ(due->msg, GprsControlMessage::PACKET_UPLINK_ACK_NACK);
    EXPECT_FALSE(due->poll) << "not final: no RRBP";
    EXPECT_FALSE(due->final);
    EXPECT_FALSE(cell.pacch.GetDue(0, 1)) << "PDCH 1 is none of the mobile's timeslots";

    cell.mss[0].ul.blocksSinceAck = 5;
    cell.pacch.Sent(0, due->msg);
    EXPECT_FALSE(cell.mss[0].ul.ackOwed);
    EXPECT_EQ(cell.mss[0].ul.blocksSinceAck, 0U);

    due = cell.pacch.GetDue(0, 0);
    ASSERT_TRUE(due);
    EXPECT_EQ(due->msg, GprsControlMessage::PACKET_DOWNLINK_ASSIGNMENT);
    EXPECT_EQ(due->poll, GprsPollPurpose::DL_ASSIGNMENT) << "its Packet Control Ack activates it";
    cell.pacch.Sent(0, due->msg);
    EXPECT_TRUE(cell.mss[0].dl.tbf.IsAssignmentPending());
    EXPECT_FALSE(cell.pacch.GetDue(0, 0)) << "sent once, then the answer is awaited";
}

TEST(GprsPacch, PacketControlAckActivatesTheAssignmentAndALostOneDoesNot)
{
    PacchCell cell;
    cell.Data(0, kDl);
    cell.pacch.Sent(0, GprsControlMessage::PACKET_DOWNLINK_ASSIGNMENT);
    cell.pacch.Receive(PacchCell::Answer(GprsPollPurpose::DL_ASSIGNMENT, true));
    EXPECT_EQ(cell.mss[0].dl.tbf.GetState(), GprsTbfState::ASSIGN_PACCH);
    EXPECT_EQ(cell.establishedAt.count({0, kDl}), 0U);
    cell.pacch.Sent(0, GprsControlMessage::PACKET_DOWNLINK_ASSIGNMENT);
    cell.pacch.Receive(PacchCell::Answer(GprsPollPurpose::DL_ASSIGNMENT, false));
    EXPECT_EQ(cell.mss[0].dl.tbf.GetState(), GprsTbfState::FLOW);
    EXPECT_EQ(cell.establishedAt.count({0, kDl}), 1U);
}

TEST(GprsPacch, N3101UnansweredGrantsInARowReleaseTheUplinkTbfAbnormally)
{
    PacchCell cell;
    const uint32_t max = cell.settings.m_n3101Max;
    for (uint32_t n = 0; n + 1 < max; ++n)
    {
        EXPECT_FALSE(cell.pacch.GrantAnswered(0, false));
    }
    EXPECT_TRUE(cell.pacch.GrantAnswered(0, true)) << "an answer resets N3101";
    for (uint32_t n = 0; n + 1 < max; ++n)
    {
        cell.pacch.GrantAnswered(0, false);
    }
    EXPECT_TRUE(cell.releases.empty()) << max - 1 << " in a row since the last answer";
    cell.pacch.GrantAnswered(0, false);
    ASSERT_EQ(cell.releases.size(), 1U);
    EXPECT_TRUE(cell.releases[0].second) << "N3101 expiry is an abnormal release";
    EXPECT_EQ(cell.mss[0].ul.tbf.GetState(), GprsTbfState::RELEASED);
}

TEST(GprsPacch, PacketControlAckToTheFinalUplinkAckNackEndsTheTbf)
{
    PacchCell cell;
    cell.Drain(0, kUl);
    cell.mss[0].ul.tbf.Finish();
    cell.mss[0].ul.ackOwed = true;
    const std::optional<GprsDueControl> due = cell.pacch.GetDue(0, 0);
    ASSERT_TRUE(due);
    EXPECT_TRUE(due->final);
    EXPECT_EQ(due->poll, GprsPollPurpose::UL_FINAL);
    cell.pacch.Receive(PacchCell::Answer(GprsPollPurpose::UL_FINAL, false));
    ASSERT_EQ(cell.releases.size(), 1U);
    EXPECT_FALSE(cell.releases[0].second) << "a normal release";
}
