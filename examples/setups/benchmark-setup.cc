/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "benchmark-setup.h"

#include "rendon-setup.h"

#include "ns3/core-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

namespace ns3
{

namespace
{

/// \p sites sites and \p mobiles mobiles: nodes, Internet stack, Internet links, servers' routes.
BenchmarkTopology
CreateSites(const BenchmarkNetwork& n, uint32_t sites, uint32_t mobiles)
{
    BenchmarkTopology t;
    t.servers.Create(sites);
    t.ggsns.Create(sites);
    t.mobiles.Create(mobiles);
    InternetStackHelper stack;
    stack.Install(t.servers);
    stack.Install(t.ggsns);
    stack.Install(t.mobiles);
    PointToPointHelper internet;
    internet.SetDeviceAttribute("DataRate", DataRateValue(n.internetRate));
    internet.SetChannelAttribute("Delay", TimeValue(n.internetDelay));
    Ipv4StaticRoutingHelper routing;
    for (uint32_t s = 0; s < sites; ++s)
    {
        // One /30 per Internet link from 172.16.0.0: room for 2^18 sites.
        Ipv4AddressHelper address(Ipv4Address((172U << 24) + (16U << 16) + 4 * s),
                                  "255.255.255.252");
        const NetDeviceContainer devices = internet.Install(t.servers.Get(s), t.ggsns.Get(s));
        const Ipv4InterfaceContainer ifs = address.Assign(devices);
        // No queue disc, as GprsScenarioHelper's Internet link (and the access links below).
        TrafficControlHelper().Uninstall(devices);
        t.serverAddress.push_back(ifs.GetAddress(0));
        routing.GetStaticRouting(t.servers.Get(s)->GetObject<Ipv4>())
            ->SetDefaultRoute(ifs.GetAddress(1), 1);
    }
    return t;
}

/**
 * Give the mobiles from index \p first, attached to \p devices (the GGSN side first) at site
 * \p site, addresses in the \p net-th /16 after 10.0/16, and route them via the GGSN.
 */
void
AddressAccess(BenchmarkTopology& t,
              const NetDeviceContainer& devices,
              uint32_t site,
              uint32_t net,
              uint32_t first)
{
    // 10.0.0.0 + net * 2^16: 10.1/16, 10.2/16, ... then 11.0/16 and on for many cells.
    Ipv4AddressHelper address(Ipv4Address((10U << 24) + (net << 16)), "255.255.0.0");
    const Ipv4InterfaceContainer ifs = address.Assign(devices);
    GprsHelper::ActivatePdpContexts(devices); // none on a point-to-point access link
    Ipv4StaticRoutingHelper routing;
    for (uint32_t i = 1; i < devices.GetN(); ++i)
    {
        t.mobileAddress.push_back(ifs.GetAddress(i));
        t.mobileSite.push_back(site);
        routing.GetStaticRouting(t.mobiles.Get(first + i - 1)->GetObject<Ipv4>())
            ->SetDefaultRoute(ifs.GetAddress(0), 1);
    }
}

/// \return a cell helper for the benchmark's radio settings
GprsHelper
MakeCellHelper(const BenchmarkNetwork& n, uint32_t pdchs)
{
    GprsHelper gprs;
    gprs.SetPcuAttribute("NumberOfPdchs", UintegerValue(pdchs));
    const std::string la = "ns3::GprsFixedLinkAdaptation[CodingScheme=" + n.cs + "]";
    gprs.SetPcuAttribute("DownlinkLinkAdaptation", StringValue(la));
    gprs.SetPcuAttribute("UplinkLinkAdaptation", StringValue(la));
    gprs.SetMsDeviceAttribute("MultislotClass", UintegerValue(n.msClass));
    gprs.SetMsDeviceAttribute("RadioConditions", StringValue(n.ci));
    return gprs;
}

/// One burst: the server sends \p packets 500-byte UDP packets to every mobile, and every
/// mobile sends two 100-byte UDP packets to the server.
void
Burst(uint32_t packets,
      Ptr<Socket> server,
      std::vector<Ptr<Socket>> mobiles,
      std::vector<Ipv4Address> mobileAddress,
      Ipv4Address serverAddress)
{
    const uint16_t downPort = 6000;
    const uint16_t upPort = 7000;
    for (uint32_t i = 0; i < mobiles.size(); ++i)
    {
        for (uint32_t k = 0; k < packets; ++k)
        {
            server->SendTo(Create<Packet>(500), 0, InetSocketAddress(mobileAddress[i], downPort));
        }
        for (uint32_t k = 0; k < 2; ++k)
        {
            mobiles[i]->SendTo(Create<Packet>(100), 0, InetSocketAddress(serverAddress, upPort));
        }
    }
}

} // namespace

void
BenchmarkNetwork::AddOptions(ExampleOptions& options)
{
    options.AddCodingScheme("cs", "coding scheme of every cell, fixed", cs);
    options.AddRadioConditions("ci", "C/I of every mobile, both directions", ci);
    options.AddMultislotClass("multislot class of every mobile", msClass);
    options.AddMss("TCP segment size, octets", mss);
    options.AddRate("internetRate",
                    "rate of the server-GGSN link",
                    internetRate,
                    DataRate("1kbps"),
                    DataRate("100Gbps"));
    options.AddDelay("internetDelay", "one-way delay of the server-GGSN link", internetDelay);
}

uint32_t
BenchmarkSiteCount(uint32_t cells, uint32_t perGgsn)
{
    return perGgsn == 0 ? 1 : (cells + perGgsn - 1) / perGgsn;
}

BenchmarkTopology
CreateBenchmarkGprs(const BenchmarkNetwork& n,
                    uint32_t cells,
                    uint32_t perCell,
                    uint32_t pdchs,
                    uint32_t perGgsn)
{
    BenchmarkTopology t = CreateSites(n, BenchmarkSiteCount(cells, perGgsn), cells * perCell);
    const GprsHelper gprs = MakeCellHelper(n, pdchs);
    for (uint32_t c = 0; c < cells; ++c)
    {
        const uint32_t site = perGgsn == 0 ? 0 : c / perGgsn;
        NodeContainer mobiles;
        for (uint32_t i = 0; i < perCell; ++i)
        {
            mobiles.Add(t.mobiles.Get(c * perCell + i));
        }
        const NetDeviceContainer devices = gprs.Install(t.ggsns.Get(site), mobiles);
        gprs.AssignStreams(devices, 1000 + 10 * c);
        t.pcus.push_back(GprsHelper::GetPcu(devices));
        AddressAccess(t, devices, site, c + 1, c * perCell);
    }
    return t;
}

BenchmarkTopology
CreateBenchmarkP2p(const BenchmarkNetwork& n, DataRate rate, Time delay)
{
    BenchmarkTopology t = CreateSites(n, 1, 1);
    const uint32_t buffer = DefaultOf<UintegerValue>(GprsPcu::GetTypeId(), "DownlinkBufferBytes");
    PointToPointHelper access;
    access.SetDeviceAttribute("DataRate", DataRateValue(rate));
    access.SetChannelAttribute("Delay", TimeValue(delay));
    access.SetQueue("ns3::DropTailQueue<Packet>",
                    "MaxSize",
                    QueueSizeValue(QueueSize(QueueSizeUnit::BYTES, buffer)));
    const NetDeviceContainer devices = access.Install(t.ggsns.Get(0), t.mobiles.Get(0));
    AddressAccess(t, devices, 0, 1, 0);
    // Like the GPRS devices (no queue interface, so no queue disc), queue only in the device.
    TrafficControlHelper().Uninstall(devices);
    return t;
}

DataRate
BenchmarkNominalGprsRate(const BenchmarkNetwork& n, uint32_t pdchs)
{
    const GprsTbfTimeslots ts =
        GprsAssignTbfTimeslots(static_cast<int>(n.msClass), static_cast<int>(pdchs));
    const double perPdch = GetGprsCodingSchemeInfo(ParseGprsCodingScheme(n.cs)).dataRateBps;
    return DataRate(static_cast<uint64_t>(ts.downlinkTbf.downlink.count() * perPdch));
}

ApplicationContainer
InstallMixedTraffic(const BenchmarkNetwork& n, const BenchmarkTopology& t, Time stop)
{
    const uint16_t tcpPort = 5000;
    const uint16_t udpDownPort = 6000;
    const uint16_t udpUpPort = 7000;
    ApplicationContainer sinks;
    PacketSinkHelper udpUp("ns3::UdpSocketFactory",
                           InetSocketAddress(Ipv4Address::GetAny(), udpUpPort));
    sinks.Add(udpUp.Install(t.servers));
    const Ptr<UniformRandomVariable> startRv = CreateObject<UniformRandomVariable>();
    startRv->SetStream(1);
    PacketSinkHelper tcpSink("ns3::TcpSocketFactory",
                             InetSocketAddress(Ipv4Address::GetAny(), tcpPort));
    PacketSinkHelper udpSink("ns3::UdpSocketFactory",
                             InetSocketAddress(Ipv4Address::GetAny(), udpDownPort));
    for (uint32_t i = 0; i < t.mobiles.GetN(); ++i)
    {
        const Ptr<Node> mobile = t.mobiles.Get(i);
        const Ptr<Node> server = t.servers.Get(t.mobileSite[i]);
        const Time start = Seconds(startRv->GetValue(0, 1));
        ApplicationContainer apps;
        if (i % 2 == 0)
        {
            sinks.Add(tcpSink.Install(mobile));
            BulkSendHelper bulk("ns3::TcpSocketFactory",
                                InetSocketAddress(t.mobileAddress[i], tcpPort));
            bulk.SetAttribute("SendSize", UintegerValue(n.mss));
            apps.Add(bulk.Install(server));
        }
        else
        {
            sinks.Add(udpSink.Install(mobile));
            OnOffHelper onOff("ns3::UdpSocketFactory",
                              InetSocketAddress(t.mobileAddress[i], udpDownPort));
            onOff.SetAttribute("OnTime", StringValue("ns3::ExponentialRandomVariable[Mean=2]"));
            onOff.SetAttribute("OffTime", StringValue("ns3::ExponentialRandomVariable[Mean=8]"));
            onOff.SetAttribute("DataRate", DataRateValue(DataRate("32kbps")));
            onOff.SetAttribute("PacketSize", UintegerValue(500));
            apps.Add(onOff.Install(server));
            UdpClientHelper up(t.serverAddress[t.mobileSite[i]], udpUpPort);
            up.SetAttribute("Interval", TimeValue(Seconds(5)));
            up.SetAttribute("PacketSize", UintegerValue(100));
            up.SetAttribute("MaxPackets", UintegerValue(0));
            apps.Add(up.Install(mobile));
        }
        apps.Start(start);
        apps.Stop(stop);
    }
    return sinks;
}

std::vector<Ptr<GprsTrafficSink>>
InstallBusyTraffic(const BenchmarkTopology& t, Time stop)
{
    const uint16_t port = 8000;
    // Of every 10 users: 5 e-mail, 3 WWW, 2 FTP (rendon-proxies' busy cell).
    const std::vector<std::string> services = RendonBackgroundServices(10);
    std::vector<Ptr<GprsTrafficSink>> sinks;
    int64_t stream = 1;
    for (uint32_t i = 0; i < t.mobiles.GetN(); ++i)
    {
        const GprsTrafficApps apps = GprsTrafficHelper(services[i % services.size()])
                                         .Install(t.servers.Get(t.mobileSite[i]),
                                                  t.mobiles.Get(i),
                                                  t.mobileAddress[i],
                                                  port);
        stream += apps.generator->AssignStreams(stream);
        apps.generator->SetStopTime(stop);
        sinks.push_back(apps.sink);
    }
    return sinks;
}

ApplicationContainer
InstallBursts(const BenchmarkTopology& t, uint32_t bursts, uint32_t packets, Time gap)
{
    ApplicationContainer sinks;
    PacketSinkHelper down("ns3::UdpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), 6000));
    sinks.Add(down.Install(t.mobiles));
    PacketSinkHelper up("ns3::UdpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), 7000));
    sinks.Add(up.Install(t.servers));
    const TypeId udp = UdpSocketFactory::GetTypeId();
    std::vector<Ptr<Socket>> mobileSockets;
    for (uint32_t i = 0; i < t.mobiles.GetN(); ++i)
    {
        mobileSockets.push_back(Socket::CreateSocket(t.mobiles.Get(i), udp));
    }
    const Ptr<Socket> serverSocket = Socket::CreateSocket(t.servers.Get(0), udp);
    for (uint32_t b = 0; b < bursts; ++b)
    {
        Simulator::Schedule(Seconds(1) + gap * b,
                            &Burst,
                            packets,
                            serverSocket,
                            mobileSockets,
                            t.mobileAddress,
                            t.serverAddress[0]);
    }
    return sinks;
}

} // namespace ns3
