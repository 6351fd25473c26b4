/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rendon-setup.h"

#include "ns3/core-module.h"
#include "ns3/error-model.h"
#include "ns3/internet-module.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace ns3
{

namespace
{

constexpr uint16_t kBackgroundPort = 7000;  //!< background user i's sink: kBackgroundPort + i
constexpr uint32_t kTcpIpHeaderOctets = 40; //!< IPv4 and TCP headers without options

/**
 * \param variant a variant of rendon-proxies
 * \return its GprsProxyHelper variant
 */
std::string
ProxyOf(const std::string& variant)
{
    if (variant == "reno" || variant == "reno-llc-ack")
    {
        return "none";
    }
    return variant == "split-llc-ack" ? "split" : variant;
}

} // namespace

uint32_t
RendonSetup::GetClamp() const
{
    return clamp > 0 ? clamp
                     : GprsProxyHelper::DeriveClamp(pdchs, ParseGprsCodingScheme(cs), Seconds(1));
}

double
RendonFtpDatagrams(uint64_t ftpCallBytes)
{
    // The UMTS 30.03 datagram sizes, GprsTrafficGenerator's defaults.
    const double datagram = GprsTruncatedPareto(1.1, 81.5, 66666).GetMean();
    return std::max(1.0, static_cast<double>(ftpCallBytes) / datagram);
}

std::vector<std::string>
RendonBackgroundServices(uint32_t users)
{
    const std::vector<std::pair<std::string, double>> mix{{"email", 0.5},
                                                          {"www", 0.3},
                                                          {"ftp", 0.2}};
    std::vector<uint32_t> counts;
    std::vector<std::pair<double, std::size_t>> remainders;
    uint32_t given = 0;
    for (std::size_t i = 0; i < mix.size(); ++i)
    {
        const double share = mix[i].second * users;
        counts.push_back(static_cast<uint32_t>(std::floor(share)));
        given += counts.back();
        remainders.emplace_back(share - counts.back(), i);
    }
    std::stable_sort(remainders.begin(), remainders.end(), [](const auto& a, const auto& b) {
        return a.first > b.first;
    });
    for (std::size_t i = 0; given < users; ++i, ++given)
    {
        ++counts[remainders[i].second];
    }
    std::vector<std::string> services;
    for (std::size_t i = 0; i < mix.size(); ++i)
    {
        services.insert(services.end(), counts[i], mix[i].first);
    }
    return services;
}

void
ConfigureRendonStatisticalRadio(GprsStatisticalHelper& radio, const RendonSetup& setup)
{
    const GprsCodingScheme cs = ParseGprsCodingScheme(setup.cs);
    const auto timeslotRate = static_cast<uint64_t>(GetGprsCodingSchemeInfo(cs).dataRateBps);
    radio.SetChannelAttribute("DownlinkRate", DataRateValue(DataRate(timeslotRate * setup.pdchs)));
    radio.SetChannelAttribute("UplinkRate", DataRateValue(DataRate(timeslotRate)));
    radio.SetChannelAttribute("CodingScheme", GprsCodingSchemeValue(cs));
    const double bler = GprsBlerModel().GetBler(cs, ParseGprsNumber(setup.ci, "--ci"));
    const uint32_t segmentBlocks =
        GprsRlcBlocks(GprsStatisticalLlcOctets(setup.mss + kTcpIpHeaderOctets),
                      GprsRlcDataOctets(cs));
    radio.SetChannelAttribute("BlockErrorRate", DoubleValue(bler));
    radio.SetChannelAttribute("PacketErrorRate",
                              DoubleValue(GprsPacketErrorRate(bler, segmentBlocks)));
}

RendonRun
BuildRendonRun(const RendonSetup& setup, const std::string& variant, bool busy)
{
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", StringValue("ns3::TcpNewReno"));
    Config::SetDefault("ns3::TcpL4Protocol::RecoveryType", StringValue("ns3::TcpClassicRecovery"));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(setup.mss));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(65535));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(32768));
    Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(setup.sack));
    Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(false));

    const std::string la =
        "ns3::GprsFixedLinkAdaptation[CodingScheme=" + ToString(ParseGprsCodingScheme(setup.cs)) +
        "]";
    GprsScenarioHelper helper;
    helper.SetInternetLink(DataRate("10Mbps"), setup.internetDelay, setup.internetLoss);
    helper.SetInternetDelayVariation(setup.delayStdev, !setup.reorder);
    helper.SetProxy(true, MilliSeconds(1), DataRate("2Mbps"));
    const bool statistical = setup.radio == "statistical";
    helper.SetStatisticalRadio(statistical);
    if (statistical)
    {
        ConfigureRendonStatisticalRadio(helper.StatisticalRadio(), setup);
    }
    GprsHelper& cell = helper.Cell();
    cell.SetPcuAttribute("NumberOfPdchs", UintegerValue(setup.pdchs));
    cell.SetPcuAttribute("RlcMode", StringValue(setup.rlcMode));
    cell.SetPcuAttribute("LlcN200", UintegerValue(setup.llcN200));
    cell.SetPcuAttribute("DownlinkLinkAdaptation", StringValue(la));
    cell.SetPcuAttribute("UplinkLinkAdaptation", StringValue(la));
    cell.SetMsDeviceAttribute("MultislotClass", UintegerValue(8));
    cell.SetMsDeviceAttribute("RadioConditions", StringValue(setup.ci));
    // Co-channel cells load the block-level cell only: the statistical radio has no blocks.
    const uint32_t coChannelCells = busy && !statistical ? setup.coChannelCells : 0;
    if (coChannelCells > 0)
    {
        helper.SetCoChannelInterference(CreateObject<GprsCoChannelInterference>());
    }
    // The measured cell first, then its co-channel cells of setup.users each.
    std::vector<uint32_t> cells{busy ? 1 + setup.users : 1};
    cells.insert(cells.end(), coChannelCells, setup.users);
    RendonRun run;
    run.scenario = helper.Install(cells);
    const GprsScenario& s = run.scenario;

    // Every random stream fixed, so that the variants of a run see the same draws.
    int64_t stream = 100;
    stream += cell.AssignStreams(s.bssDevices, stream);
    stream += GprsStatisticalHelper::AssignStreams(s.bssDevices, stream);
    if (s.internetDelay)
    {
        s.internetDelay->SetStream(stream++);
    }
    for (uint32_t i = 0; i < 2; ++i)
    {
        PointerValue model;
        s.internetDevices.Get(i)->GetAttribute("ReceiveErrorModel", model);
        if (const auto em = model.Get<RateErrorModel>())
        {
            stream += em->AssignStreams(stream);
        }
    }

    // The variant: LLC acknowledged mode and the proxy apply to the measured mobile only, so
    // the background users are the same in every variant.
    const bool llcAck = variant == "reno-llc-ack" || variant == "split-llc-ack";
    if (llcAck && statistical)
    {
        s.msDevices.Get(0)->SetAttribute("MaxRetransmissions", UintegerValue(setup.llcN200));
    }
    else if (llcAck)
    {
        s.msDevices.Get(0)->SetAttribute("LlcMode", StringValue("Acknowledged"));
    }
    GprsProxyHelper proxies(ProxyOf(variant));
    proxies.SetClamp(setup.GetClamp());
    if (ProxyOf(variant) == "split" || ProxyOf(variant) == "clamp")
    {
        // Room for the whole download: the server leg's window never closes, and ns-3 before
        // 3.41 crashes a sender limited by its peer's window at its first duplicate ACK.
        proxies.SetProxyAttribute("RelayBufferSize", UintegerValue(2 * setup.bytes));
    }
    run.proxy = proxies.Install(s);
    if (run.proxy)
    {
        run.proxy->SetAttribute("MobileNetwork", Ipv4AddressValue(s.GetMobileAddress(0)));
        run.proxy->SetAttribute("MobileMask", Ipv4MaskValue("255.255.255.255"));
    }

    if (busy)
    {
        const std::vector<std::string> services = RendonBackgroundServices(setup.users);
        // Mobiles 1 .. users are the busy cell's, then each co-channel cell's users in turn.
        for (uint32_t i = 0; i < services.size() * (1 + coChannelCells); ++i)
        {
            const std::string& service = services[i % services.size()];
            GprsTrafficHelper traffic(service);
            if (service == "ftp")
            {
                traffic.SetAttribute("DatagramsPerPacketCall",
                                     DoubleValue(RendonFtpDatagrams(setup.ftpCallBytes)));
            }
            const GprsTrafficApps apps = traffic.Install(s, 1 + i, kBackgroundPort + i);
            stream += apps.generator->AssignStreams(stream);
            if (i < services.size())
            {
                run.backgroundSinks.push_back(apps.sink);
                run.backgroundGenerators.push_back(apps.generator);
            }
        }
    }
    return run;
}

} // namespace ns3
