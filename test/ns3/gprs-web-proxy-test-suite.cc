/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// GPRSWeb's dual proxy over a GPRS cell: every page octet reaches the browser with any feature
// set; a warm client cache costs no object octets for unchanged objects; pushes arrive before
// the browser asks; each feature switched off changes the counters it should.

#include "gprs-test-suite.h"

#include "ns3/core-module.h"
#include "ns3/gprs-module.h"
#include "ns3/internet-module.h"
#include "ns3/test.h"

#include <map>

namespace
{

using namespace ns3;

/// A GPRSWeb load's settings.
struct ProxyLoad
{
    bool caching{true};      //!< Caching
    bool compression{true};  //!< Compression
    bool delta{true};        //!< Delta
    bool push{true};         //!< Push
    bool proxyDns{true};     //!< ProxyDns
    bool warmClient{false};  //!< the client's cache holds the previous visit
    bool warmServer{false};  //!< the server proxy's cache holds the page
    bool htmlChanged{false}; //!< the HTML changed since the previous visit
};

/// What a load measured.
struct ProxyRun
{
    GprsWebPageStats stats;             //!< the browser's statistics
    GprsWebProxyCounters server;        //!< the server proxy's counters
    GprsWebClientCounters client;       //!< the client proxy's counters
    std::map<uint32_t, Time> requested; //!< when the browser requested each object
    std::map<uint32_t, Time> pushSent;  //!< when the server proxy pushed each object
};

/// \param load the settings \return what GPRSWeb's STATIC-I load through the proxies measured
ProxyRun
Load(const ProxyLoad& load)
{
    GprsScenarioHelper helper;
    helper.SetProxy(true);
    const GprsScenario s = helper.Install(1);
    helper.Cell().AssignStreams(s.bssDevices, 1);
    Ptr<GprsWebServer> server = CreateObject<GprsWebServer>();
    s.server->AddApplication(server);
    GprsWebProxyHelper proxies;
    proxies.SetServerAttribute("Caching", BooleanValue(load.caching));
    proxies.SetServerAttribute("Compression", BooleanValue(load.compression));
    proxies.SetServerAttribute("Delta", BooleanValue(load.delta));
    proxies.SetServerAttribute("Push", BooleanValue(load.push));
    proxies.SetServerAttribute("ProxyDns", BooleanValue(load.proxyDns));
    proxies.SetServerAttribute("Preload", BooleanValue(load.warmServer));
    proxies.SetServerAttribute("PageVersion", UintegerValue(load.htmlChanged ? 1 : 0));
    proxies.SetClientAttribute("Preload", BooleanValue(load.warmClient));
    if (!load.proxyDns)
    {
        proxies.SetClientAttribute("DnsServer",
                                   AddressValue(InetSocketAddress(s.serverAddress, 53)));
    }
    const GprsWebProxyPair pair = proxies.Install(s.mobiles.Get(0),
                                                  s.GetMobileAddress(0),
                                                  s.proxy,
                                                  s.proxyAddress,
                                                  InetSocketAddress(s.serverAddress, 80),
                                                  "static-i");
    Ptr<GprsWebBrowser> browser = CreateObject<GprsWebBrowser>();
    browser->SetAttribute("Remote", AddressValue(proxies.GetBrowserRemote()));
    browser->SetAttribute("Page", StringValue("static-i"));
    browser->SetAttribute("Mode", StringValue("http-1.1"));
    browser->SetAttribute("PersistentConnections", UintegerValue(4));
    browser->SetAttribute("DnsLookups", UintegerValue(load.proxyDns ? 0 : 1));
    s.mobiles.Get(0)->AddApplication(browser);
    browser->SetStartTime(Seconds(1));
    ProxyRun run;
    browser->TraceConnectWithoutContext(
        "Request",
        MakeCallback(+[](ProxyRun* r, uint32_t, uint32_t object, uint32_t, uint32_t) {
            r->requested.emplace(object, Simulator::Now());
        }).Bind(&run));
    pair.server->TraceConnectWithoutContext(
        "Message",
        MakeCallback(+[](ProxyRun* r, uint8_t type, uint32_t object, uint32_t) {
            if (type == static_cast<uint8_t>(GprsWebMessageType::PUSH))
            {
                r->pushSent.emplace(object, Simulator::Now());
            }
        }).Bind(&run));
    Simulator::Stop(Seconds(300));
    Simulator::Run();
    run.stats = browser->GetStats();
    run.server = pair.server->GetCounters();
    run.client = pair.client->GetCounters();
    Simulator::Destroy();
    return run;
}

/// GprsWebServer's and GprsWebClientProxy's default response header.
constexpr uint32_t kHeader = 286;

/**
 * Every feature set (the 32 combinations of the five switches), on a first visit and on a
 * revisit with both caches warm and the HTML changed: the page completes and the browser
 * receives exactly the page's octets plus a header per object. Fails if an answer (hash,
 * delta, push, offer hit) leaves a request unanswered, answers it twice or with a wrong size.
 */
class EveryOctetTestCase : public TestCase
{
  public:
    EveryOctetTestCase()
        : TestCase("every page octet reaches the browser with every feature set, cold and warm")
    {
    }

  private:
    void DoRun() override
    {
        const GprsWebPage page = GetGprsWebPage("static-i");
        const uint32_t objects = page.objects.size() + 1;
        const uint64_t expected = page.TotalBytes() + objects * kHeader;
        for (uint32_t set = 0; set < 64; ++set)
        {
            ProxyLoad load;
            load.caching = set & 1;
            load.compression = set & 2;
            load.delta = set & 4;
            load.push = set & 8;
            load.proxyDns = set & 16;
            load.warmClient = load.warmServer = load.htmlChanged = set & 32;
            const ProxyRun run = Load(load);
            NS_TEST_ASSERT_MSG_EQ(run.stats.complete, true, "feature set " << set << " completes");
            NS_TEST_EXPECT_MSG_EQ(run.stats.objects, objects, "feature set " << set);
            NS_TEST_EXPECT_MSG_EQ(run.stats.bytesReceived, expected, "feature set " << set);
        }
    }
};

/**
 * A revisit of an unchanged page with the client's cache warm: no object octet crosses the air
 * (every object answered by hash or from the cache after the offer), with and without push;
 * the page completes. Fails if the client's REQUEST does not name its copy's hash, or if the
 * server proxy sends an object the client holds.
 */
class WarmCacheTestCase : public TestCase
{
  public:
    WarmCacheTestCase()
        : TestCase("a warm client cache sends no object octets for unchanged objects")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t total = GetGprsWebPage("static-i").TotalBytes();
        for (const bool push : {true, false})
        {
            ProxyLoad load;
            load.push = push;
            load.warmClient = true;
            const ProxyRun run = Load(load);
            NS_TEST_ASSERT_MSG_EQ(run.stats.complete, true, "push " << push);
            NS_TEST_EXPECT_MSG_EQ(run.server.objectBytes, 0U, "push " << push << ": no octets");
            NS_TEST_EXPECT_MSG_EQ(run.server.pushes + run.server.objects, 0U, "push " << push);
            NS_TEST_EXPECT_MSG_EQ(run.server.savedCaching + run.client.offerHitBytes,
                                  total,
                                  "push " << push << ": caching saved the whole page");
        }
    }
};

/**
 * A first visit (client cache empty) with the server proxy's cache warm: the proxy offers the
 * embedded objects' hashes with the HTML, the client wants them all, and every one is pushed
 * before the browser requests it (it learns them only from the HTML); the client proxy sends
 * no REQUEST but the HTML's: the browser's requests wait for the pushes. Fails if the server
 * proxy does not parse the HTML, waits for requests, or the client asks for what is pushed.
 */
class PushTestCase : public TestCase
{
  public:
    PushTestCase()
        : TestCase("push delivers embedded objects before the browser requests them")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t n = GetGprsWebPage("static-i").objects.size();
        ProxyLoad load;
        load.warmServer = true;
        const ProxyRun run = Load(load);
        NS_TEST_ASSERT_MSG_EQ(run.stats.complete, true, "the page completes");
        NS_TEST_EXPECT_MSG_EQ(run.server.pushes, n, "every embedded object pushed");
        NS_TEST_EXPECT_MSG_EQ(run.pushSent.size(), n, "each once");
        for (const auto& [object, at] : run.pushSent)
        {
            const auto asked = run.requested.find(object);
            NS_TEST_ASSERT_MSG_EQ((asked != run.requested.end()), true, "object " << object);
            NS_TEST_EXPECT_MSG_LT(at, asked->second, "object " << object << " pushed first");
        }
        NS_TEST_EXPECT_MSG_EQ(run.client.requests, 1U, "only the HTML requested over the air");
        NS_TEST_EXPECT_MSG_EQ(run.client.browserRequests, n + 1, "the browser asked for all");
    }
};

/**
 * Each switch off, against all on, changes what it should: caching off (warm client): no
 * octets saved by caching and object octets sent; compression off (cold): none saved by
 * compression; delta off (warm, HTML changed): none saved by deltas, and the HTML goes
 * compressed; push off (cold): no pushes; proxy DNS off: the proxy does no look-up and the
 * client relays the browser's one.
 */
class SwitchesTestCase : public TestCase
{
  public:
    SwitchesTestCase()
        : TestCase("switching each feature off changes its counters")
    {
    }

  private:
    void DoRun() override
    {
        ProxyLoad warm;
        warm.warmClient = warm.warmServer = warm.htmlChanged = true;
        const ProxyRun warmAll = Load(warm);
        NS_TEST_EXPECT_MSG_GT(warmAll.server.savedDelta, 0U, "all on: the delta saves");
        NS_TEST_EXPECT_MSG_GT(warmAll.server.savedCaching + warmAll.client.offerHitBytes,
                              0U,
                              "all on: caching saves");
        ProxyLoad noCaching = warm;
        noCaching.caching = false;
        const ProxyRun withoutCaching = Load(noCaching);
        NS_TEST_EXPECT_MSG_EQ(withoutCaching.server.savedCaching +
                                  withoutCaching.client.offerHitBytes,
                              0U,
                              "caching off");
        NS_TEST_EXPECT_MSG_GT(withoutCaching.server.objectBytes,
                              warmAll.server.objectBytes,
                              "caching off sends more");
        ProxyLoad noDelta = warm;
        noDelta.delta = false;
        const ProxyRun withoutDelta = Load(noDelta);
        NS_TEST_EXPECT_MSG_EQ(withoutDelta.server.savedDelta, 0U, "delta off");
        NS_TEST_EXPECT_MSG_GT(withoutDelta.server.savedCompression, 0U, "the HTML compressed");

        const ProxyRun coldAll = Load(ProxyLoad{});
        NS_TEST_EXPECT_MSG_GT(coldAll.server.savedCompression, 0U, "all on: compression saves");
        NS_TEST_EXPECT_MSG_GT(coldAll.server.pushes, 0U, "all on: pushes");
        NS_TEST_EXPECT_MSG_EQ(coldAll.server.dnsLookups, 1U, "all on: the proxy resolves");
        NS_TEST_EXPECT_MSG_EQ(coldAll.client.dnsRelayed, 0U, "all on: the browser does not");
        ProxyLoad noCompression;
        noCompression.compression = false;
        NS_TEST_EXPECT_MSG_EQ(Load(noCompression).server.savedCompression, 0U, "compression off");
        ProxyLoad noPush;
        noPush.push = false;
        NS_TEST_EXPECT_MSG_EQ(Load(noPush).server.pushes, 0U, "push off");
        ProxyLoad noDns;
        noDns.proxyDns = false;
        const ProxyRun withoutDns = Load(noDns);
        NS_TEST_EXPECT_MSG_EQ(withoutDns.server.dnsLookups, 0U, "proxy DNS off");
        NS_TEST_EXPECT_MSG_EQ(withoutDns.client.dnsRelayed, 1U, "the browser's query relayed");
        NS_TEST_EXPECT_MSG_EQ(withoutDns.stats.dnsLookups, 1U, "and answered");
    }
};

/// The suite.
class WebProxyTestSuite : public GprsTestSuite
{
  public:
    WebProxyTestSuite()
        : GprsTestSuite("gprs-web-proxy")
    {
        Add<EveryOctetTestCase>();
        Add<WarmCacheTestCase>();
        Add<PushTestCase>();
        Add<SwitchesTestCase>();
    }
};

WebProxyTestSuite g_webProxy; //!< the suite

} // namespace
