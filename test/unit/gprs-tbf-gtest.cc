/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The TBF life cycle (GprsTbf) driven event by event, without the simulator: every state
// transition, counter and timer of TS 44.060 clauses 8.1, 9.3 and 13 that it models.

#include "ns3/gprs-tbf.h"

#include <gtest/gtest.h>
#include <stdexcept>
#include <vector>

using namespace ns3;

namespace
{

/// Downlink timers and counters as GprsPcu's defaults give them.
GprsTbfConfig
DownlinkConfig()
{
    GprsTbfConfig c;
    c.releaseNormal = Seconds(2);       // T3193
    c.releaseAbnormal = Seconds(5);     // T3195
    c.pacchAfterRelease = Seconds(1.5); // T3192
    c.pollMax = 8;                      // N3105
    c.assignmentMax = 3;
    return c;
}

/// Uplink timers and counters as GprsPcu's defaults give them.
GprsTbfConfig
UplinkConfig()
{
    GprsTbfConfig c;
    c.releaseAbnormal = Seconds(5); // T3169
    c.pollMax = 4;                  // N3103
    c.grantMax = 10;                // N3101
    c.assignmentMax = 3;
    return c;
}

/// A TBF established through CCCH at 1 s (requested at 0.5 s).
GprsTbf
Established(GprsDirection dir, const GprsTbfConfig& config)
{
    GprsTbf tbf(dir, config);
    tbf.StartAccess(Seconds(0.5), Seconds(0.5));
    tbf.Expire(Seconds(1));
    tbf.Establish(Seconds(1));
    return tbf;
}

} // namespace

TEST(GprsTbf, StartsWithNothing)
{
    const GprsTbf tbf(GprsDirection::DOWNLINK, DownlinkConfig());
    EXPECT_EQ(tbf.GetState(), GprsTbfState::NONE);
    EXPECT_TRUE(tbf.CanRequest());
    EXPECT_FALSE(tbf.IsOpen());
    EXPECT_FALSE(tbf.KeepsMobileOnPacch(Seconds(0)));
    EXPECT_FALSE(tbf.GetDeadline().has_value());
}

TEST(GprsTbf, CcchAccessRunsItsTimerThenEstablishes)
{
    GprsTbf tbf(GprsDirection::DOWNLINK, DownlinkConfig());
    tbf.StartAccess(Seconds(1), MilliSeconds(150));
    EXPECT_EQ(tbf.GetState(), GprsTbfState::ACCESS_CCCH);
    ASSERT_TRUE(tbf.GetDeadline().has_value());
    EXPECT_EQ(*tbf.GetDeadline(), Seconds(1.15));
    EXPECT_FALSE(tbf.CanRequest());
    EXPECT_THROW(tbf.Expire(Seconds(1.1)), std::logic_error) << "before the deadline";
    EXPECT_EQ(tbf.Expire(Seconds(1.15)), GprsTbfTimer::ACCESS);
    EXPECT_EQ(tbf.GetState(), GprsTbfState::ACCESS_CCCH);
    EXPECT_FALSE(tbf.GetDeadline().has_value());
    // A lost attempt: another one; the delay still counts from the first request.
    tbf.StartAccess(Seconds(1.15), MilliSeconds(100));
    EXPECT_EQ(*tbf.GetDeadline(), Seconds(1.25));
    tbf.Expire(Seconds(1.25));
    EXPECT_EQ(tbf.Establish(Seconds(1.25)), MilliSeconds(250));
    EXPECT_EQ(tbf.GetState(), GprsTbfState::FLOW);
    EXPECT_TRUE(tbf.IsOpen());
    EXPECT_TRUE(tbf.KeepsMobileOnPacch(Seconds(1.25)));
}

TEST(GprsTbf, OnlyAnUplinkTbfThroughCcchIsOnePhaseAccess)
{
    // TS 44.060 7.1.2.3: contention resolution after one phase access on CCCH; none for a TBF
    // assigned on PACCH, nor for a downlink TBF.
    GprsTbf ccch(GprsDirection::UPLINK, UplinkConfig());
    EXPECT_FALSE(ccch.IsOnePhaseAccess());
    ccch.StartAccess(Seconds(1), MilliSeconds(100));
    ccch.Expire(Seconds(1.1));
    ccch.Establish(Seconds(1.1));
    EXPECT_TRUE(ccch.IsOnePhaseAccess());
    GprsTbf pacch(GprsDirection::UPLINK, UplinkConfig());
    pacch.RequestOnAckNack(Seconds(1));
    pacch.RequestOnPacch(Seconds(1.2));
    pacch.AssignmentSent();
    pacch.Establish(Seconds(1.26));
    EXPECT_FALSE(pacch.IsOnePhaseAccess());
    GprsTbf dl(GprsDirection::DOWNLINK, DownlinkConfig());
    dl.StartAccess(Seconds(1), MilliSeconds(100));
    dl.Expire(Seconds(1.1));
    dl.Establish(Seconds(1.1));
    EXPECT_FALSE(dl.IsOnePhaseAccess());
}

TEST(GprsTbf, NegativeAccessDelayIsRejected)
{
    GprsTbf tbf(GprsDirection::UPLINK, UplinkConfig());
    EXPECT_THROW(tbf.StartAccess(Seconds(1), Seconds(-1)), std::logic_error);
}

TEST(GprsTbf, PacchAssignmentIsRepeatedOnlyWhenUnansweredThenFallsBackToCcch)
{
    GprsTbf tbf(GprsDirection::DOWNLINK, DownlinkConfig());
    tbf.RequestOnPacch(Seconds(2));
    EXPECT_EQ(tbf.GetState(), GprsTbfState::ASSIGN_PACCH);
    EXPECT_FALSE(tbf.IsAssignmentPending());
    tbf.AssignmentSent();
    EXPECT_TRUE(tbf.IsAssignmentPending());
    EXPECT_THROW(tbf.AssignmentSent(), std::logic_error) << "one assignment at a time";
    EXPECT_FALSE(tbf.AssignmentFailed()) << "1 of 3";
    EXPECT_FALSE(tbf.IsAssignmentPending()) << "to be sent again";
    tbf.AssignmentSent();
    EXPECT_FALSE(tbf.AssignmentFailed()) << "2 of 3";
    tbf.AssignmentSent();
    EXPECT_TRUE(tbf.AssignmentFailed()) << "3 of 3: not on PACCH";
    tbf.StartAccess(Seconds(3), MilliSeconds(100));
    EXPECT_EQ(tbf.GetState(), GprsTbfState::ACCESS_CCCH);
    tbf.Expire(Seconds(3.1));
    EXPECT_EQ(tbf.Establish(Seconds(3.1)), Seconds(1.1)) << "since the first request";
}

TEST(GprsTbf, AnsweredPacchAssignmentEstablishes)
{
    GprsTbf tbf(GprsDirection::UPLINK, UplinkConfig());
    tbf.RequestOnPacch(Seconds(2));
    tbf.AssignmentSent();
    EXPECT_EQ(tbf.Establish(Seconds(2.06)), MilliSeconds(60));
    EXPECT_FALSE(tbf.IsAssignmentPending());
    EXPECT_THROW(tbf.AssignmentFailed(), std::logic_error);
}

TEST(GprsTbf, UplinkRequestRidesOnTheAckNackThenPacch)
{
    GprsTbf tbf(GprsDirection::UPLINK, UplinkConfig());
    tbf.RequestOnAckNack(Seconds(1));
    EXPECT_EQ(tbf.GetState(), GprsTbfState::CHANNEL_REQUEST);
    EXPECT_FALSE(tbf.CanRequest());
    tbf.RequestOnPacch(Seconds(1.2));
    tbf.AssignmentSent();
    EXPECT_EQ(tbf.Establish(Seconds(1.26)), MilliSeconds(260));
    GprsTbf dl(GprsDirection::DOWNLINK, DownlinkConfig());
    EXPECT_THROW(dl.RequestOnAckNack(Seconds(1)), std::logic_error) << "uplink only";
}

TEST(GprsTbf, ChannelRequestFallsBackToRandomAccess)
{
    GprsTbf tbf(GprsDirection::UPLINK, UplinkConfig());
    tbf.RequestOnAckNack(Seconds(1));
    tbf.StartAccess(Seconds(1.5), MilliSeconds(100));
    tbf.Expire(Seconds(1.6));
    EXPECT_EQ(tbf.Establish(Seconds(1.6)), MilliSeconds(600));
}

TEST(GprsTbf, N3105CountsUnansweredPollsAndResetsOnAnAnswer)
{
    GprsTbf tbf = Established(GprsDirection::DOWNLINK, DownlinkConfig());
    for (uint32_t i = 1; i < 8; ++i)
    {
        EXPECT_FALSE(tbf.PollFailed()) << i;
        EXPECT_EQ(tbf.GetPollCounter(), i);
    }
    tbf.PollAnswered();
    EXPECT_EQ(tbf.GetPollCounter(), 0u);
    for (uint32_t i = 1; i < 8; ++i)
    {
        EXPECT_FALSE(tbf.PollFailed()) << i;
    }
    EXPECT_TRUE(tbf.PollFailed()) << "N3105 = N3105max";
}

TEST(GprsTbf, AbnormalDownlinkReleaseHoldsTheTfiForT3195AndLeavesPacch)
{
    GprsTbf tbf = Established(GprsDirection::DOWNLINK, DownlinkConfig());
    tbf.Release(Seconds(4), true);
    EXPECT_EQ(tbf.GetState(), GprsTbfState::RELEASED);
    EXPECT_TRUE(tbf.IsReleasedAbnormally());
    EXPECT_FALSE(tbf.CanRequest()) << "no new TBF while T3195 runs";
    EXPECT_FALSE(tbf.KeepsMobileOnPacch(Seconds(4))) << "the mobile is gone";
    ASSERT_TRUE(tbf.GetDeadline().has_value());
    EXPECT_EQ(*tbf.GetDeadline(), Seconds(9));
    EXPECT_THROW(tbf.RequestOnPacch(Seconds(5)), std::logic_error);
    EXPECT_EQ(tbf.Expire(Seconds(9)), GprsTbfTimer::RELEASE);
    EXPECT_EQ(tbf.GetState(), GprsTbfState::NONE);
    EXPECT_TRUE(tbf.CanRequest());
}

TEST(GprsTbf, T3191RunsFromEachPolledFinalBlockAndItsExpiryFreesTheTfiAtOnce)
{
    GprsTbfConfig config = DownlinkConfig();
    config.finalAckWait = Seconds(5);
    GprsTbf tbf = Established(GprsDirection::DOWNLINK, config);
    EXPECT_THROW(tbf.FinalBlockPolled(Seconds(2)), std::logic_error) << "no final block yet";
    tbf.Finish();
    EXPECT_FALSE(tbf.GetDeadline().has_value()) << "T3191 starts with the poll";
    tbf.FinalBlockPolled(Seconds(2));
    EXPECT_EQ(*tbf.GetDeadline(), Seconds(7));
    tbf.FinalBlockPolled(Seconds(3));
    EXPECT_EQ(*tbf.GetDeadline(), Seconds(8)) << "restarted by the next polled final block";
    EXPECT_EQ(tbf.Expire(Seconds(8)), GprsTbfTimer::FINAL_ACK);
    EXPECT_EQ(tbf.GetState(), GprsTbfState::FINISHED) << "the owner releases";
    tbf.Release(Seconds(8), true);
    EXPECT_EQ(tbf.GetState(), GprsTbfState::NONE) << "no T3195 after T3191";
    EXPECT_TRUE(tbf.CanRequest());
    // The next TBF's abnormal release waits for T3195 again.
    tbf.StartAccess(Seconds(9), MilliSeconds(100));
    tbf.Expire(Seconds(9.1));
    tbf.Establish(Seconds(9.1));
    tbf.Release(Seconds(10), true);
    EXPECT_EQ(tbf.GetState(), GprsTbfState::RELEASED);
}

TEST(GprsTbf, NormalDownlinkReleaseKeepsTheMobileOnPacchForT3192)
{
    GprsTbf tbf = Established(GprsDirection::DOWNLINK, DownlinkConfig());
    tbf.Finish();
    EXPECT_EQ(tbf.GetState(), GprsTbfState::FINISHED);
    EXPECT_TRUE(tbf.IsOpen());
    tbf.Release(Seconds(4), false);
    EXPECT_EQ(tbf.GetState(), GprsTbfState::RELEASED);
    EXPECT_FALSE(tbf.IsReleasedAbnormally());
    EXPECT_TRUE(tbf.CanRequest()) << "a new TFI may be assigned at once";
    EXPECT_TRUE(tbf.KeepsMobileOnPacch(Seconds(5.49)));
    EXPECT_FALSE(tbf.KeepsMobileOnPacch(Seconds(5.5))) << "T3192 expired";
    EXPECT_EQ(*tbf.GetDeadline(), Seconds(6)) << "T3193";
    // New data within T3192: assignment on PACCH ends the wait.
    tbf.RequestOnPacch(Seconds(5));
    EXPECT_EQ(tbf.GetState(), GprsTbfState::ASSIGN_PACCH);
    EXPECT_FALSE(tbf.GetDeadline().has_value());
}

TEST(GprsTbf, ReleaseWithoutTimersGoesStraightToNone)
{
    GprsTbf tbf = Established(GprsDirection::UPLINK, UplinkConfig());
    tbf.Finish();
    tbf.Release(Seconds(3), false);
    EXPECT_EQ(tbf.GetState(), GprsTbfState::NONE);
    EXPECT_FALSE(tbf.GetDeadline().has_value());
    EXPECT_THROW(tbf.Release(Seconds(3), false), std::logic_error) << "nothing to release";
}

TEST(GprsTbf, T3169AfterAnAbnormalUplinkRelease)
{
    GprsTbf tbf = Established(GprsDirection::UPLINK, UplinkConfig());
    tbf.Release(Seconds(3), true);
    EXPECT_FALSE(tbf.CanRequest());
    EXPECT_EQ(*tbf.GetDeadline(), Seconds(8));
    tbf.Expire(Seconds(8));
    EXPECT_TRUE(tbf.CanRequest());
}

TEST(GprsTbf, N3101AndN3103AreSeparateCounters)
{
    GprsTbf tbf = Established(GprsDirection::UPLINK, UplinkConfig());
    for (uint32_t i = 1; i < 10; ++i)
    {
        EXPECT_FALSE(tbf.GrantUnused()) << i;
    }
    EXPECT_EQ(tbf.GetPollCounter(), 0u) << "N3101 does not touch N3103";
    tbf.GrantUsed();
    EXPECT_EQ(tbf.GetGrantCounter(), 0u);
    for (uint32_t i = 1; i < 10; ++i)
    {
        tbf.GrantUnused();
    }
    EXPECT_TRUE(tbf.GrantUnused()) << "N3101 = N3101max";
    tbf.Finish();
    EXPECT_EQ(tbf.GetGrantCounter(), 10u) << "N3103 starts, N3101 stays";
    EXPECT_EQ(tbf.GetPollCounter(), 0u);
    for (uint32_t i = 1; i < 4; ++i)
    {
        EXPECT_FALSE(tbf.PollFailed()) << i;
    }
    EXPECT_TRUE(tbf.PollFailed()) << "N3103 = N3103max";
    GprsTbf dl = Established(GprsDirection::DOWNLINK, DownlinkConfig());
    EXPECT_THROW(dl.GrantUnused(), std::logic_error) << "no USF on the downlink";
}

TEST(GprsTbf, HoldRunsItsTimerAndResumes)
{
    GprsTbfConfig c = DownlinkConfig();
    GprsTbf none = Established(GprsDirection::DOWNLINK, c);
    EXPECT_THROW(none.Hold(Seconds(2)), std::logic_error) << "no delayed release configured";
    c.hold = Seconds(1);
    GprsTbf tbf = Established(GprsDirection::DOWNLINK, c);
    tbf.Hold(Seconds(2));
    EXPECT_EQ(tbf.GetState(), GprsTbfState::HOLD);
    EXPECT_TRUE(tbf.IsOpen());
    EXPECT_TRUE(tbf.KeepsMobileOnPacch(Seconds(2.5)));
    EXPECT_EQ(*tbf.GetDeadline(), Seconds(3));
    tbf.Resume();
    EXPECT_EQ(tbf.GetState(), GprsTbfState::FLOW);
    EXPECT_FALSE(tbf.GetDeadline().has_value());
    tbf.Hold(Seconds(4));
    EXPECT_EQ(tbf.Expire(Seconds(5)), GprsTbfTimer::HOLD);
    EXPECT_EQ(tbf.GetState(), GprsTbfState::HOLD) << "the owner sends the final block";
    tbf.Finish();
    EXPECT_EQ(tbf.GetState(), GprsTbfState::FINISHED);
}

TEST(GprsTbf, IllegalEventsThrowWithTheState)
{
    GprsTbf tbf(GprsDirection::DOWNLINK, DownlinkConfig());
    try
    {
        tbf.Finish();
        FAIL() << "Finish in NONE";
    }
    catch (const std::logic_error& e)
    {
        EXPECT_STREQ(e.what(), "DL TBF: Finish in state NONE");
    }
    EXPECT_THROW(tbf.Establish(Seconds(0)), std::logic_error);
    EXPECT_THROW(tbf.PollFailed(), std::logic_error);
    EXPECT_THROW(tbf.Resume(), std::logic_error);
    EXPECT_THROW(tbf.Expire(Seconds(0)), std::logic_error) << "no timer runs";
}

TEST(GprsTbf, ResetForgetsTheTbfAndItsTimer)
{
    GprsTbf tbf = Established(GprsDirection::DOWNLINK, DownlinkConfig());
    tbf.Release(Seconds(4), true);
    ASSERT_TRUE(tbf.GetDeadline().has_value());
    tbf.Reset();
    EXPECT_EQ(tbf.GetState(), GprsTbfState::NONE);
    EXPECT_FALSE(tbf.GetDeadline().has_value()) << "T3195 belongs to the old cell";
    EXPECT_TRUE(tbf.CanRequest());
    EXPECT_FALSE(tbf.KeepsMobileOnPacch(Seconds(4)));
}

TEST(GprsTbf, HoldSendsKeepAlivesUntilItEnds)
{
    GprsTbfConfig c = DownlinkConfig();
    c.hold = Seconds(1);
    c.keepAlive = MilliSeconds(300);
    GprsTbf tbf = Established(GprsDirection::DOWNLINK, c);
    tbf.Hold(Seconds(2));
    std::vector<Time> keepAlives;
    while (tbf.GetDeadline() && tbf.GetState() == GprsTbfState::HOLD)
    {
        const Time at = *tbf.GetDeadline();
        if (tbf.Expire(at) == GprsTbfTimer::HOLD)
        {
            EXPECT_EQ(at, Seconds(3)) << "the hold ends on time";
            break;
        }
        keepAlives.push_back(at);
    }
    const std::vector<Time> expected = {Seconds(2.3), Seconds(2.6), Seconds(2.9)};
    EXPECT_EQ(keepAlives, expected);
    EXPECT_EQ(tbf.GetState(), GprsTbfState::HOLD) << "the owner ends it with the final block";
    EXPECT_FALSE(tbf.GetDeadline().has_value());
}
