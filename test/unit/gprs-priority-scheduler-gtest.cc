/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// GprsPriorityScheduler: osmo-pcu's downlink ranks, driven through a view of made-up candidates.

#include "ns3/gprs-scheduler.h"

#include <gtest/gtest.h>
#include <vector>

using namespace ns3;

namespace
{

/// A view that describes the candidates it was given.
class ListView : public GprsSchedulerView
{
  public:
    explicit ListView(std::vector<GprsSchedulingCandidate> candidates)
        : m_candidates(std::move(candidates))
    {
    }

    GprsSchedulingCandidate Get(uint32_t position) const override
    {
        return m_candidates.at(position);
    }

    /// \return the candidates' mobile indices, ascending as the PCU gives them
    std::vector<uint32_t> Indices() const
    {
        std::vector<uint32_t> out;
        for (const GprsSchedulingCandidate& c : m_candidates)
        {
            out.push_back(c.ms);
        }
        return out;
    }

  private:
    std::vector<GprsSchedulingCandidate> m_candidates; //!< the candidates
};

/// \return a downlink candidate of mobile \p ms sending \p kind, answering polls on TN 0
GprsSchedulingCandidate
Candidate(uint32_t ms, GprsRlcTxKind kind)
{
    GprsSchedulingCandidate c;
    c.ms = ms;
    c.kind = kind;
    c.ackTimeslot = 0;
    return c;
}

/// \return the mobile the scheduler picks on PDCH \p pdch
uint32_t
Pick(GprsPriorityScheduler& s, const ListView& view, uint8_t pdch = 0)
{
    const std::vector<uint32_t> indices = view.Indices();
    const uint32_t position = s.Select(GprsScheduler::DOWNLINK,
                                       pdch,
                                       indices.data(),
                                       static_cast<uint32_t>(indices.size()),
                                       view);
    return indices.at(position);
}

} // namespace

TEST(GprsPriorityScheduler, NewDataGoesBeforePendingAckResendsAndTiesTakeTurns)
{
    const auto s = CreateObject<GprsPriorityScheduler>();
    const ListView view({Candidate(0, GprsRlcTxKind::PENDING_ACK),
                         Candidate(1, GprsRlcTxKind::NEW),
                         Candidate(2, GprsRlcTxKind::NACKED),
                         Candidate(3, GprsRlcTxKind::PENDING_ACK)});
    // Mobiles 1 and 2 rank NEW_DATA and take turns; 0 and 3 wait.
    std::vector<uint32_t> picks;
    for (int i = 0; i < 4; ++i)
    {
        picks.push_back(Pick(*s, view));
    }
    EXPECT_EQ(picks, (std::vector<uint32_t>{1, 2, 1, 2}));
}

TEST(GprsPriorityScheduler, ADuePollOnTheAckTimeslotGoesFirstElsewhereItDoesNotCount)
{
    const auto s = CreateObject<GprsPriorityScheduler>();
    GprsSchedulingCandidate polling = Candidate(3, GprsRlcTxKind::PENDING_ACK);
    polling.pollDue = true;
    const ListView view({Candidate(1, GprsRlcTxKind::NEW), polling});
    EXPECT_EQ(Pick(*s, view, 0), 3u) << "CONTROL on its Ack/Nack timeslot";
    EXPECT_EQ(Pick(*s, view, 0), 3u) << "still due: first again";
    EXPECT_EQ(Pick(*s, view, 1), 1u) << "on another PDCH its poll cannot go: new data first";
}

TEST(GprsPriorityScheduler, AgeRanksAKeepAliveAboveResendsAndALongUnpolledTbfAboveNewData)
{
    const auto s = CreateObject<GprsPriorityScheduler>();
    GprsSchedulingCandidate held = Candidate(0, GprsRlcTxKind::NEW);
    held.keepAlive = true;
    held.sincePoll = MilliSeconds(150);
    GprsSchedulingCandidate resend = Candidate(1, GprsRlcTxKind::PENDING_ACK);
    EXPECT_EQ(s->GetRank(held, 0), GprsPriorityScheduler::SENT_DATA) << "keep-alive not due";
    held.sincePoll = MilliSeconds(250);
    EXPECT_EQ(s->GetRank(held, 0), GprsPriorityScheduler::LOW_AGE) << "after LowAge 200 ms";
    EXPECT_EQ(s->GetRank(held, 1), GprsPriorityScheduler::SENT_DATA) << "not its timeslot";
    EXPECT_EQ(Pick(*s, ListView({held, resend})), 0u);
    resend.sincePoll = Seconds(3);
    EXPECT_EQ(s->GetRank(resend, 0), GprsPriorityScheduler::HIGH_AGE) << "after HighAge 2.5 s";
    EXPECT_EQ(Pick(*s, ListView({Candidate(0, GprsRlcTxKind::NEW), resend})), 1u);
    s->SetAttribute("HighAge", TimeValue(Seconds(0)));
    EXPECT_EQ(s->GetRank(resend, 0), GprsPriorityScheduler::SENT_DATA) << "HighAge 0: off";
}

TEST(GprsPriorityScheduler, UplinkGrantsGoRoundRobin)
{
    const auto s = CreateObject<GprsPriorityScheduler>();
    const ListView view(
        {Candidate(0, GprsRlcTxKind::PENDING_ACK), Candidate(1, GprsRlcTxKind::NEW)});
    const std::vector<uint32_t> indices = view.Indices();
    std::vector<uint32_t> picks;
    for (int i = 0; i < 4; ++i)
    {
        picks.push_back(indices.at(s->Select(GprsScheduler::UPLINK, 0, indices.data(), 2, view)));
    }
    EXPECT_EQ(picks, (std::vector<uint32_t>{0, 1, 0, 1}));
}
