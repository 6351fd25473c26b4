/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The scheduler's view of its candidates (GprsSchedulerView): what it says of each candidate in
// a loaded cell, and that asking it changes nothing.

#include "gprs-cell-fixture.h"
#include "gprs-test-suite.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/internet-module.h"
#include "ns3/test.h"

#include <set>
#include <vector>

using namespace ns3;
using namespace ns3::gprs_test;

namespace
{

/// One candidate as a scheduler saw it.
struct Seen
{
    GprsScheduler::Direction dir;  //!< direction scheduled
    uint8_t pdch;                  //!< PDCH
    uint32_t count;                //!< candidates in the decision
    uint32_t position;             //!< position of this one
    uint32_t candidate;            //!< the mobile index given in the candidate list
    GprsSchedulingCandidate about; //!< what the view said of it
};

std::vector<Seen> g_seen; //!< what the recording scheduler saw, in order

/// Round robin that asks the view about every candidate of every decision.
class GprsViewRecordingScheduler : public GprsRoundRobinScheduler
{
  public:
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::GprsViewRecordingScheduler")
                                .SetParent<GprsRoundRobinScheduler>()
                                .SetGroupName("Gprs")
                                .AddConstructor<GprsViewRecordingScheduler>();
        return tid;
    }

    uint32_t Select(Direction dir,
                    uint8_t pdch,
                    const uint32_t* candidates,
                    uint32_t count,
                    const GprsSchedulerView& view) override
    {
        for (uint32_t i = 0; i < count; ++i)
        {
            g_seen.push_back({dir, pdch, count, i, candidates[i], view.Get(i)});
        }
        return GprsRoundRobinScheduler::Select(dir, pdch, candidates, count, view);
    }
};

NS_OBJECT_ENSURE_REGISTERED(GprsViewRecordingScheduler);

/// Two mobiles download and send UDP at a C/I low enough for NACKs, with the recording scheduler
/// or round robin.
CellRecorder
RunLoadedCell(bool recording)
{
    CellSetup setup;
    setup.mobiles = 2;
    setup.radio = "9";
    // The recording scheduler is a round robin that asks the view: compared with round robin.
    setup.Pcu("Scheduler",
              StringValue(recording ? "ns3::GprsViewRecordingScheduler"
                                    : "ns3::GprsRoundRobinScheduler"));
    CellRecorder rec;
    const GprsScenario s = setup.Build(rec);
    for (uint32_t ms = 0; ms < 2; ++ms)
    {
        SendUdpDown(s, ms, 1000, MilliSeconds(100), 60, Seconds(1));
        SendUdp(s.mobiles.Get(ms),
                s.server,
                s.serverAddress,
                200,
                MilliSeconds(400),
                10,
                Seconds(2));
    }
    Simulator::Stop(Seconds(20));
    Simulator::Run();
    Simulator::Destroy();
    return rec;
}

/// Asking the view changes nothing, and it describes each candidate as the cell has it.
class GprsSchedulerViewTestCase : public TestCase
{
  public:
    GprsSchedulerViewTestCase()
        : TestCase("the scheduler's view describes each candidate and changes nothing")
    {
    }

  private:
    void DoRun() override
    {
        const CellRecorder plain = RunLoadedCell(false);
        g_seen.clear();
        const CellRecorder viewed = RunLoadedCell(true);
        NS_TEST_ASSERT_MSG_EQ(viewed.blocks.size(), plain.blocks.size(), "blocks");
        for (std::size_t i = 0; i < plain.blocks.size(); ++i)
        {
            const GprsRlcBlockRecord& a = plain.blocks[i].record;
            const GprsRlcBlockRecord& b = viewed.blocks[i].record;
            NS_TEST_ASSERT_MSG_EQ(plain.blocks[i].at, viewed.blocks[i].at, "block " << i);
            NS_TEST_ASSERT_MSG_EQ(a.ms, b.ms, "block " << i << ": the same choices");
            NS_TEST_ASSERT_MSG_EQ(a.bsn, b.bsn, "block " << i);
            NS_TEST_ASSERT_MSG_EQ(a.lost, b.lost, "block " << i << ": the same loss draws");
        }
        NS_TEST_ASSERT_MSG_GT(g_seen.size(), 100, "decisions recorded");
        std::set<GprsRlcTxKind> kinds;
        bool both = false;
        bool pollDue = false;
        for (const Seen& s : g_seen)
        {
            const GprsSchedulingCandidate& c = s.about;
            NS_TEST_ASSERT_MSG_EQ(c.ms, s.candidate, "the view describes the candidate given");
            NS_TEST_ASSERT_MSG_EQ(static_cast<int>(c.cs), 2, "CS-2, the cell's fixed scheme");
            NS_TEST_ASSERT_MSG_EQ(c.ciDb, 9.0, "the mobiles' C/I");
            NS_TEST_ASSERT_MSG_EQ(c.waiting.IsStrictlyNegative(), false, "waiting time");
            NS_TEST_ASSERT_MSG_LT(c.waiting, Seconds(2), "a TBF in transfer waits for blocks");
            both = both || s.count == 2;
            if (s.dir == GprsScheduler::DOWNLINK)
            {
                kinds.insert(c.kind);
                pollDue = pollDue || c.pollDue;
                if (c.kind == GprsRlcTxKind::NEW)
                {
                    NS_TEST_ASSERT_MSG_GT(c.queuedOctets, 0, "new data is queued data");
                }
            }
            else
            {
                NS_TEST_ASSERT_MSG_EQ(c.queuedOctets, 0, "the network sees no uplink buffer");
                NS_TEST_ASSERT_MSG_EQ(c.pollDue, false, "uplink blocks are not polled");
            }
        }
        NS_TEST_ASSERT_MSG_EQ(both, true, "both mobiles competed for a block");
        NS_TEST_ASSERT_MSG_EQ(kinds.count(GprsRlcTxKind::NEW), 1, "new data");
        NS_TEST_ASSERT_MSG_EQ(kinds.count(GprsRlcTxKind::NACKED), 1, "NACKed blocks at 9 dB");
        NS_TEST_ASSERT_MSG_EQ(pollDue, true, "polls come due");
    }
};

GprsSingleCaseTestSuite<GprsSchedulerViewTestCase> g_schedulerView(
    "gprs-scheduler-view"); //!< suite

} // namespace
