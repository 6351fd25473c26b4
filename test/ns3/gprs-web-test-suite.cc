/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The web browser and server over a GPRS cell: a page completes with every octet delivered in
// each mode; HTTP/1.0 opens a connection per object, pipelining fewer and keeps more than one
// request outstanding.

#include "gprs-test-suite.h"

#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/gprs-web-browser.h"
#include "ns3/gprs-web-server.h"
#include "ns3/internet-module.h"
#include "ns3/test.h"

namespace
{

using namespace ns3;

/// What one page load measured.
struct PageRun
{
    GprsWebPageStats stats;     //!< the browser's statistics
    uint32_t maxOutstanding{0}; //!< most requests unanswered on a connection (Request trace)
    uint64_t responseBytes{0};  //!< HTTP octets of the completed responses (Response trace)
};

/**
 * GPRSWeb's STATIC-I page (17 KB HTML, 8 objects) from a GprsWebServer next to the GGSN to a
 * GprsWebBrowser on a mobile of a default cell, in each mode.
 *
 * Each mode must deliver every object with its header: the browser's octets received are the
 * page's octets plus a ResponseHeaderBytes header per object, and the Response trace sums to
 * the same. HTTP/1.0 opens one connection per object (9); pipelining, at most 4 requests per
 * connection, opens fewer (the objects trickle in as the HTML arrives, so the HTML's
 * connection takes the first ones), never has more than 4 outstanding, and has more than one
 * outstanding at some moment (Phi > 1). Fails if a response is lost, cut or counted twice, or
 * if the scheduler ignores the mode.
 */
class WebPageTestCase : public TestCase
{
  public:
    WebPageTestCase()
        : TestCase("web page: every octet in each mode; pipelining opens fewer connections")
    {
    }

  private:
    static constexpr uint32_t kHeader = 286; //!< GprsWebServer's default response header

    /**
     * \param mode the browser's Mode
     * \return what the load measured
     */
    PageRun Load(const std::string& mode)
    {
        GprsScenarioHelper helper;
        const GprsScenario s = helper.Install(1);
        helper.Cell().AssignStreams(s.bssDevices, 1);
        Ptr<GprsWebServer> server = CreateObject<GprsWebServer>();
        s.server->AddApplication(server);
        Ptr<GprsWebBrowser> browser = CreateObject<GprsWebBrowser>();
        browser->SetAttribute("Remote", AddressValue(InetSocketAddress(s.serverAddress, 80)));
        browser->SetAttribute("Page", StringValue("static-i"));
        browser->SetAttribute("Mode", StringValue(mode));
        s.mobiles.Get(0)->AddApplication(browser);
        browser->SetStartTime(Seconds(1));

        PageRun run;
        browser->TraceConnectWithoutContext(
            "Request",
            MakeCallback(+[](PageRun* r, uint32_t, uint32_t, uint32_t, uint32_t outstanding) {
                r->maxOutstanding = std::max(r->maxOutstanding, outstanding);
            }).Bind(&run));
        browser->TraceConnectWithoutContext(
            "Response",
            MakeCallback(+[](PageRun* r, uint32_t, uint32_t, uint32_t bytes) {
                r->responseBytes += bytes;
            }).Bind(&run));
        Simulator::Stop(Seconds(300));
        Simulator::Run();
        run.stats = browser->GetStats();
        Simulator::Destroy();
        return run;
    }

    void DoRun() override
    {
        const GprsWebPage page = GetGprsWebPage("static-i");
        const uint32_t objects = page.objects.size() + 1;
        const uint64_t expected = page.TotalBytes() + objects * kHeader;
        uint32_t http10Connections = 0;
        for (const std::string mode : {"http-1.0", "http-1.1", "pipelined"})
        {
            const PageRun run = Load(mode);
            NS_TEST_ASSERT_MSG_EQ(run.stats.complete, true, mode << ": the page completed");
            NS_TEST_EXPECT_MSG_EQ(run.stats.objects, objects, mode << ": every object");
            NS_TEST_EXPECT_MSG_EQ(run.stats.bytesReceived, expected, mode << ": every octet");
            NS_TEST_EXPECT_MSG_EQ(run.responseBytes, expected, mode << ": responses whole");
            NS_TEST_EXPECT_MSG_EQ(run.stats.dnsLookups, 1U, mode << ": one DNS look-up");
            NS_TEST_EXPECT_MSG_GT(run.stats.GetDownloadTime(), Seconds(0), mode);
            if (std::string(mode) == "http-1.0")
            {
                http10Connections = run.stats.connections;
                NS_TEST_EXPECT_MSG_EQ(run.stats.connections, objects, "one per object");
                NS_TEST_EXPECT_MSG_EQ(run.maxOutstanding, 1U, "HTTP/1.0: one at a time");
            }
            else if (std::string(mode) == "http-1.1")
            {
                NS_TEST_EXPECT_MSG_LT_OR_EQ(run.stats.connections, 6U, "at most 6 persistent");
                NS_TEST_EXPECT_MSG_EQ(run.maxOutstanding, 1U, "HTTP/1.1: one at a time");
            }
            else
            {
                NS_TEST_EXPECT_MSG_LT(run.stats.connections,
                                      http10Connections,
                                      "pipelining opens fewer connections than HTTP/1.0");
                NS_TEST_EXPECT_MSG_LT_OR_EQ(run.maxOutstanding, 4U, "at most PipelineDepth");
                NS_TEST_EXPECT_MSG_GT(run.maxOutstanding, 1U, "requests pipelined");
                NS_TEST_EXPECT_MSG_GT(run.stats.phi, 1, "Phi above 1");
            }
        }
    }
};

GprsSingleCaseTestSuite<WebPageTestCase> g_webPage("gprs-web"); //!< the suite

} // namespace
