/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "meyer-setup.h"

#include "../common/example-option-text.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"

namespace ns3
{

void
MeyerSetup::AddOptions(ExampleOptions& options, bool withCs)
{
    if (withCs)
    {
        options.AddCodingScheme("cs", "downlink coding scheme", cs);
    }
    options.AddChecked(
        "ulCs",
        "uplink coding scheme (default: as the downlink's)",
        ulCs,
        "empty or " + kCodingSchemeNames,
        [](const std::string& text) { return text.empty() || IsCodingSchemeName(text); });
    options.AddPdchs("pdchs", "PDCHs in the cell (paper: 4)", pdchs);
    options.AddMultislotClass("multislot class (paper: 4+1 = class 8)", msClass);
    options.AddMss("TCP MSS, octets (paper: 512)", mss);
    options.AddInteger<uint32_t>("sendWindow",
                                 "TCP maximum send window, octets, at least the MSS (paper: 8192)",
                                 sendWindow,
                                 kMinExampleMss,
                                 UINT32_MAX);
    options.AddDelay("internetDelay",
                     "one-way server-GGSN delay (not in the paper)",
                     internetDelay,
                     true);
    options.AddInteger<uint32_t>("pollInterval",
                                 "RRBP poll every N downlink blocks (not in the paper)",
                                 pollInterval,
                                 1,
                                 64);
    options.AddChecked(
        "rlcMode",
        "RLC mode (paper: Acknowledged)",
        rlcMode,
        "Acknowledged or Unacknowledged",
        [](const std::string& text) { return text == "Acknowledged" || text == "Unacknowledged"; });
    options.AddFlag("sack",
                    "TCP selective acknowledgments, RFC 2018 (not in the paper; default off, as "
                    "in a 1999 stack)",
                    sack);
    options.Require("sendWindow", "at least the MSS, --mss", [this]() {
        return sendWindow >= mss;
    });
    // What BuildMeyerRun() sets from these options (besides those Add... declare), and what it
    // fixes.
    options.SetsAttribute("ns3::GprsPcu::UplinkLinkAdaptation", {"ulCs"}, false);
    options.SetsAttribute("ns3::TcpSocket::SndBufSize", {"sendWindow"});
    options.SetsAttribute("ns3::PointToPointChannel::Delay", {"internetDelay"});
    options.SetsAttribute("ns3::GprsPcu::PollInterval", {"pollInterval"});
    options.SetsAttribute("ns3::GprsPcu::RlcMode", {"rlcMode"});
    options.SetsAttribute("ns3::TcpSocketBase::Sack", {"sack"});
    options.SetsAttribute("ns3::TcpSocketBase::Timestamp");
    options.SetsAttribute("ns3::TcpL4Protocol::SocketType");
    options.SetsAttribute("ns3::PointToPointNetDevice::DataRate");
    options.SetsAttribute("ns3::GprsBssNetDevice::GbCommittedInformationRate");
}

std::string
MeyerSetup::Choices()
{
    return "Setup of Meyer (WCNC 1999): one user alone in the cell, 4 PDCHs, multislot 4 down / "
           "1 up, TCP maximum send window 8192 bytes (the sender's buffer), MSS 512, no header "
           "compression, LLC unacknowledged, RLC acknowledged, bulk download. Where the paper "
           "is silent this example chooses: Internet one-way delay 50 ms on a 10 Mbit/s link; "
           "RRBP poll every 16 blocks; no Gb interface (the paper simulates the radio link; "
           "the module's 64 kbit/s Gb would cap CS-3 and CS-4 on 4 PDCHs); the uplink (TCP ACKs) "
           "uses the downlink's coding scheme; "
           "TCP NewReno without SACK (--sack) and timestamps (a 1999 stack), ns-3's delayed ACKs "
           "(2 segments, 200 ms), minimum RTO 1 s; the module's defaults for the rest "
           "(doc/gprs.rst): C/I applies to both directions, TBF set-up 100-200 ms, 128 KiB "
           "GGSN buffer.";
}

MeyerRun
BuildMeyerRun(const MeyerSetup& setup, const std::string& radio, uint64_t bytes, int64_t stream)
{
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", StringValue("ns3::TcpNewReno"));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(setup.mss));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(setup.sendWindow));
    Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(setup.sack));
    Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(false));

    const std::string dl = ToString(ParseGprsCodingScheme(setup.cs));
    const std::string ul = setup.ulCs.empty() ? dl : ToString(ParseGprsCodingScheme(setup.ulCs));
    GprsScenarioHelper helper;
    helper.SetInternetLink(DataRate("10Mbps"), setup.internetDelay, 0);
    GprsHelper& cell = helper.Cell();
    cell.SetPcuAttribute("NumberOfPdchs", UintegerValue(setup.pdchs));
    // The paper simulates the radio link alone: no Gb interface (at its 64 kbit/s default it
    // would cap CS-3 and CS-4 on 4 PDCHs).
    cell.SetBssDeviceAttribute("GbCommittedInformationRate", DataRateValue(DataRate(0)));
    cell.SetPcuAttribute("PollInterval", UintegerValue(setup.pollInterval));
    cell.SetPcuAttribute("RlcMode", StringValue(setup.rlcMode));
    cell.SetPcuAttribute("DownlinkLinkAdaptation",
                         StringValue("ns3::GprsFixedLinkAdaptation[CodingScheme=" + dl + "]"));
    cell.SetPcuAttribute("UplinkLinkAdaptation",
                         StringValue("ns3::GprsFixedLinkAdaptation[CodingScheme=" + ul + "]"));
    cell.SetMsDeviceAttribute("MultislotClass", UintegerValue(setup.msClass));
    cell.SetMsDeviceAttribute("RadioConditions", StringValue(radio));

    MeyerRun run;
    run.scenario = helper.Install(1);
    cell.AssignStreams(run.scenario.bssDevices, stream);
    run.start = Seconds(0);

    const uint16_t port = 5000;
    PacketSinkHelper sink("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), port));
    run.sink = DynamicCast<PacketSink>(sink.Install(run.scenario.mobiles.Get(0)).Get(0));
    BulkSendHelper bulk("ns3::TcpSocketFactory",
                        InetSocketAddress(run.scenario.GetMobileAddress(0), port));
    bulk.SetAttribute("MaxBytes", UintegerValue(bytes));
    bulk.Install(run.scenario.server).Start(run.start);
    return run;
}

} // namespace ns3
