/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The browser's request scheduling driven without sockets: connection limits, pipeline
// depth, each object requested once, Phi and eta, under random orders of events; and the
// HTTP messages the browser and server exchange.

#include "ns3/gprs-web-scheduler.h"

#include <gtest/gtest.h>
#include <map>
#include <random>
#include <set>
#include <stdexcept>
#include <vector>

using namespace ns3;

namespace
{

/// What a driven page load did.
struct Load
{
    uint32_t maxOpen{0};                        //!< most connections open at once
    uint32_t maxOutstanding{0};                 //!< most unanswered requests on a connection
    std::map<uint32_t, uint32_t> requests;      //!< requests per object
    std::map<uint32_t, uint32_t> perConnection; //!< requests per connection
    uint32_t completed{0};                      //!< responses
    uint32_t opened{0};                         //!< OPEN actions
    uint32_t closed{0};                         //!< CLOSE actions
};

/**
 * Load a page of \p objects embedded objects: the HTML, then object i known at a random moment
 * after the HTML's request; connections established and responses completed in a random order
 * (the responses of a connection in order, as TCP delivers them).
 * \param scheduler the scheduler
 * \param objects embedded objects
 * \param seed the random order
 * \return what it did
 */
Load
Drive(GprsWebScheduler& scheduler, uint32_t objects, uint32_t seed)
{
    std::mt19937 rng(seed);
    Load run;
    std::set<uint32_t> connecting;
    std::map<uint32_t, uint32_t> outstanding;
    auto apply = [&](const std::vector<GprsWebAction>& actions) {
        for (const auto& a : actions)
        {
            if (a.kind == GprsWebAction::OPEN)
            {
                ++run.opened;
                connecting.insert(a.connection);
            }
            else if (a.kind == GprsWebAction::REQUEST)
            {
                EXPECT_EQ(connecting.count(a.connection), 0u) << "a request before the SYN/ACK";
                ++run.requests[a.object];
                ++run.perConnection[a.connection];
                ++outstanding[a.connection];
                run.maxOutstanding = std::max(run.maxOutstanding, outstanding[a.connection]);
                EXPECT_EQ(a.outstanding, outstanding[a.connection]);
            }
            else
            {
                ++run.closed;
                EXPECT_EQ(outstanding[a.connection], 0u) << "closed with a request unanswered";
            }
            run.maxOpen = std::max(run.maxOpen, scheduler.GetOpenConnections());
        }
    };
    apply(scheduler.Discover(0));
    uint32_t discovered = 0;
    while (run.completed < objects + 1)
    {
        std::vector<uint32_t> busy;
        for (const auto& [id, n] : outstanding)
        {
            if (n > 0)
            {
                busy.push_back(id);
            }
        }
        const uint32_t choice = rng() % 3;
        if (choice == 0 && !connecting.empty())
        {
            auto it = connecting.begin();
            std::advance(it, rng() % connecting.size());
            const uint32_t id = *it;
            connecting.erase(it);
            apply(scheduler.Connected(id));
        }
        else if (choice == 1 && discovered < objects && run.requests.count(0) > 0)
        {
            apply(scheduler.Discover(++discovered));
        }
        else if (!busy.empty())
        {
            const uint32_t id = busy[rng() % busy.size()];
            --outstanding[id];
            ++run.completed;
            apply(scheduler.Completed(id));
            EXPECT_EQ(scheduler.GetOutstanding(id), outstanding[id]);
        }
        else if (connecting.empty() && discovered == objects)
        {
            ADD_FAILURE() << "stalled with " << run.completed << " responses";
            break;
        }
    }
    apply(scheduler.CloseAll());
    return run;
}

/// \param run a run \param objects embedded objects \return whether each object was asked once
bool
EachOnce(const Load& run, uint32_t objects)
{
    if (run.requests.size() != objects + 1)
    {
        return false;
    }
    for (const auto& [object, n] : run.requests)
    {
        if (object > objects || n != 1)
        {
            return false;
        }
    }
    return true;
}

} // namespace

TEST(GprsWebScheduler, Http10OpensAConnectionPerObjectAndNeverMoreThanN)
{
    for (uint32_t seed = 1; seed <= 50; ++seed)
    {
        GprsWebScheduler s(GprsHttpMode::HTTP10, 8, 4);
        const Load run = Drive(s, 45, seed);
        EXPECT_LE(run.maxOpen, 8u) << "seed " << seed;
        EXPECT_EQ(run.maxOutstanding, 1u);
        EXPECT_TRUE(EachOnce(run, 45)) << "seed " << seed;
        EXPECT_EQ(run.opened, 46u);
        EXPECT_EQ(s.GetConnectionsOpened(), 46u);
        EXPECT_EQ(run.closed, 46u);
        EXPECT_TRUE(s.IsIdle());
        EXPECT_DOUBLE_EQ(s.GetPhi(), 1);
    }
}

TEST(GprsWebScheduler, PersistentReusesAtMostMConnectionsOneRequestAtATime)
{
    for (uint32_t seed = 1; seed <= 50; ++seed)
    {
        GprsWebScheduler s(GprsHttpMode::PERSISTENT, 6, 4);
        const Load run = Drive(s, 45, seed);
        EXPECT_LE(run.maxOpen, 6u);
        EXPECT_LE(run.opened, 6u);
        EXPECT_EQ(run.maxOutstanding, 1u);
        EXPECT_TRUE(EachOnce(run, 45)) << "seed " << seed;
        EXPECT_EQ(run.closed, run.opened) << "CloseAll closes what is open";
        EXPECT_EQ(s.GetRequests(), 46u);
        EXPECT_EQ(s.GetCompleted(), 46u);
    }
}

TEST(GprsWebScheduler, PipeliningNeverExceedsKPerConnection)
{
    for (const uint32_t depth : {1u, 2u, 4u, 8u})
    {
        for (uint32_t seed = 1; seed <= 50; ++seed)
        {
            GprsWebScheduler s(GprsHttpMode::PIPELINED, 6, depth);
            const Load run = Drive(s, 45, seed);
            EXPECT_LE(run.maxOutstanding, depth) << "depth " << depth << " seed " << seed;
            EXPECT_LE(run.maxOpen, 6u);
            EXPECT_TRUE(EachOnce(run, 45)) << "depth " << depth << " seed " << seed;
            EXPECT_GE(s.GetPhi(), 1);
            EXPECT_LE(s.GetPhi(), depth);
            EXPECT_DOUBLE_EQ(s.GetEta(), s.GetPhi() / depth);
        }
    }
}

TEST(GprsWebScheduler, PipeliningFillsOneConnectionBeforeOpeningAnother)
{
    // All objects known while the HTML's connection is still connecting: four requests on it
    // (the HTML and three objects), then a second connection for the next four, and so on.
    GprsWebScheduler s(GprsHttpMode::PIPELINED, 6, 4);
    std::vector<GprsWebAction> actions = s.Discover(0);
    for (uint32_t i = 1; i <= 9; ++i)
    {
        const auto more = s.Discover(i);
        actions.insert(actions.end(), more.begin(), more.end());
    }
    EXPECT_EQ(actions,
              (std::vector<GprsWebAction>{{GprsWebAction::OPEN, 0, 0},
                                          {GprsWebAction::OPEN, 1, 0},
                                          {GprsWebAction::OPEN, 2, 0}}));
    const auto sent = s.Connected(0);
    ASSERT_EQ(sent.size(), 4u);
    for (uint32_t i = 0; i < 4; ++i)
    {
        EXPECT_EQ(sent[i], (GprsWebAction{GprsWebAction::REQUEST, 0, i, i + 1}));
    }
    // Requests sent with 1, 2, 3 and 4 outstanding.
    EXPECT_DOUBLE_EQ(s.GetPhi(), 2.5);
    EXPECT_DOUBLE_EQ(s.GetEta(), 2.5 / 4);
    EXPECT_EQ(s.GetFront(0), 0u);
    EXPECT_TRUE(s.Completed(0).empty()) << "the connection stays open";
    EXPECT_EQ(s.GetFront(0), 1u);
}

TEST(GprsWebScheduler, Http10WaitsForAFreeConnection)
{
    GprsWebScheduler s(GprsHttpMode::HTTP10, 2, 4);
    s.Discover(0);
    s.Discover(1);
    EXPECT_TRUE(s.Discover(2).empty()) << "a third connection over the limit of 2";
    s.Connected(0);
    const auto after = s.Completed(0);
    EXPECT_EQ(
        after,
        (std::vector<GprsWebAction>{{GprsWebAction::CLOSE, 0, 0}, {GprsWebAction::OPEN, 2, 0}}));
}

TEST(GprsWebScheduler, RefusesMisuse)
{
    EXPECT_THROW(GprsWebScheduler(GprsHttpMode::HTTP10, 0, 1), std::invalid_argument);
    EXPECT_THROW(GprsWebScheduler(GprsHttpMode::PIPELINED, 1, 0), std::invalid_argument);
    GprsWebScheduler s(GprsHttpMode::PERSISTENT, 1, 1);
    EXPECT_THROW(s.Completed(0), std::logic_error);
    s.Discover(0);
    EXPECT_THROW(s.Completed(0), std::logic_error) << "no request sent yet";
}

TEST(GprsWebScheduler, ParsesModes)
{
    GprsHttpMode mode = GprsHttpMode::HTTP10;
    EXPECT_TRUE(ParseGprsHttpMode("pipelined", &mode));
    EXPECT_EQ(mode, GprsHttpMode::PIPELINED);
    EXPECT_TRUE(ParseGprsHttpMode("http-1.1", &mode));
    EXPECT_EQ(mode, GprsHttpMode::PERSISTENT);
    EXPECT_FALSE(ParseGprsHttpMode("HTTP/1.0", &mode));
}

TEST(GprsHttpMessage, RequestsAndResponseHeadersHaveTheirSizeAndNameTheObjectSize)
{
    const std::string request = MakeGprsHttpRequest(40960, 433);
    EXPECT_EQ(request.size(), 433u);
    EXPECT_EQ(request.rfind("GET /40960 HTTP/1.1\r\n", 0), 0u);
    EXPECT_EQ(request.find("\r\n\r\n"), request.size() - 4) << "one empty line, at the end";
    EXPECT_EQ(ReadGprsHttpSize(request), 40960);
    const std::string header = MakeGprsHttpResponseHeader(123, 286);
    EXPECT_EQ(header.size(), 286u);
    EXPECT_EQ(header.find("\r\n\r\n"), header.size() - 4);
    EXPECT_EQ(ReadGprsHttpSize(header), 123);
    EXPECT_EQ(MakeGprsHttpResponseHeader(100000000, kGprsMinHttpHeaderBytes).size(),
              kGprsMinHttpHeaderBytes);
    EXPECT_THROW(MakeGprsHttpRequest(1, kGprsMinHttpHeaderBytes - 1), std::invalid_argument);
    EXPECT_EQ(ReadGprsHttpSize("HTTP/1.1 200 OK\r\n\r\n"), -1);
    EXPECT_EQ(ReadGprsHttpSize("GET /12a HTTP/1.1\r\n\r\n"), -1);
}
