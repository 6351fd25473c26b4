/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "chakravorty-setup.h"

#include "../common/example-option-text.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"

namespace ns3
{

void
ChakravortySetup::AddOptions(ExampleOptions& options)
{
    options.AddCodingScheme("cs", "coding scheme, both directions (paper: CS-2)", cs);
    options.AddPdchs("pdchs",
                     "PDCHs in the cell (not in the paper; at least the phone's 3)",
                     pdchs);
    options.AddMultislotClass("multislot class (paper: a 3+1 phone = class 4)", msClass);
    options.AddMss("TCP MSS, octets (paper: about 1400)", mss);
    options.AddFlag("sack", "TCP selective acknowledgments, RFC 2018 (paper: on)", sack);
    options.AddFlag("timestamps",
                    "TCP timestamps, RFC 7323 (not in the paper; Linux 2.4's default: on)",
                    timestamps);
    options.AddInteger<uint32_t>("rcvBuf",
                                 "TCP receive buffer of the ends, octets (paper C5: up to 64 KB)",
                                 rcvBuf,
                                 kMinExampleMss,
                                 kMaxExampleRcvBuf);
    options.AddInteger<uint32_t>("sndBuf",
                                 "TCP send buffer of the ends, octets (not in the paper; large "
                                 "enough never to be the limit)",
                                 sndBuf,
                                 kMinExampleMss,
                                 UINT32_MAX);
    options.AddDelay("internetDelay",
                     "one-way server-GGSN delay (paper: the server sits at the CGSN)",
                     internetDelay,
                     true);
    options.AddInteger<uint64_t>("ggsnBuffer",
                                 "per-mobile downlink buffer of the GGSN/SGSN, octets (paper: "
                                 "over 120 KB measured)",
                                 ggsnBuffer,
                                 1,
                                 UINT32_MAX);
    options.AddChecked(
        "rlcMode",
        "RLC mode (not in the paper; operators run acknowledged mode)",
        rlcMode,
        "Acknowledged or Unacknowledged",
        [](const std::string& text) { return text == "Acknowledged" || text == "Unacknowledged"; });
    options.SetsAttribute("ns3::TcpSocket::RcvBufSize", {"rcvBuf"});
    options.SetsAttribute("ns3::TcpSocket::SndBufSize", {"sndBuf"});
    options.SetsAttribute("ns3::TcpSocketBase::Sack", {"sack"});
    options.SetsAttribute("ns3::TcpSocketBase::Timestamp", {"timestamps"});
    options.SetsAttribute("ns3::GprsPcu::DownlinkBufferBytes", {"ggsnBuffer"});
    options.SetsAttribute("ns3::GprsPcu::RlcMode", {"rlcMode"});
    options.SetsAttribute("ns3::GprsPcu::LlcMode");
    options.SetsAttribute("ns3::PointToPointChannel::Delay", {"internetDelay"});
    options.SetsAttribute("ns3::PointToPointNetDevice::DataRate");
    options.SetsAttribute("ns3::TcpL4Protocol::SocketType");
    options.SetsAttribute("ns3::TcpL4Protocol::RecoveryType");
    options.SetsAttribute("ns3::TcpSocket::InitialCwnd");
    options.SetsAttribute("ns3::TcpSocket::DelAckCount");
    options.SetsAttribute("ns3::TcpSocket::DelAckTimeout");
    options.SetsAttribute("ns3::TcpSocket::ConnTimeout");
    options.SetsAttribute("ns3::RttEstimator::InitialEstimation");
    options.SetsAttribute("ns3::TcpSocketBase::MinRto");
    options.SetsAttribute("ns3::TcpSocketBase::ClockGranularity");
}

std::string
ChakravortySetup::Choices()
{
    return "Testbed of Chakravorty & Pratt (JCN 2002), Vodafone UK: a 3+1 phone (3 downlink, 1 "
           "uplink timeslots: multislot class 4), CS-2, LLC unacknowledged, no header "
           "compression, the server next to the GGSN, a large GGSN buffer, Linux 2.4 TCP with "
           "SACK, MSS 1400 and delayed ACKs. Where the paper is silent this testbed chooses: "
           "4 PDCHs in the cell; RLC acknowledged; the server 5 ms from the GGSN on a 10 Mbit/s "
           "link; a 128 KiB GGSN buffer (the module's default, from the paper's measurement); "
           "Linux 2.4's TCP as ns-3 gives it: NewReno with SACK-based loss recovery "
           "(TcpClassicRecovery), timestamps on, initial window 2 segments (RFC 2581, Linux 2.4), "
           "minimum RTO 200 ms (Linux TCP_RTO_MIN), initial RTO 3 s (Linux TCP_TIMEOUT_INIT, RFC "
           "1122), 10 ms timer granularity (Linux 2.4's jiffy), delayed ACKs every 2 segments or "
           "200 ms (Linux's TCP_DELACK_MAX), 64 KB receive buffer; the module's defaults for the "
           "rest (doc/gprs.rst).";
}

void
ChakravortySetup::ConfigureTcp() const
{
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", StringValue("ns3::TcpNewReno"));
    Config::SetDefault("ns3::TcpL4Protocol::RecoveryType", StringValue("ns3::TcpClassicRecovery"));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(mss));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(rcvBuf));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(sndBuf));
    Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(2));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(2));
    Config::SetDefault("ns3::TcpSocket::DelAckTimeout", TimeValue(MilliSeconds(200)));
    Config::SetDefault("ns3::TcpSocket::ConnTimeout", TimeValue(Seconds(3)));
    Config::SetDefault("ns3::RttEstimator::InitialEstimation", TimeValue(Seconds(3)));
    Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(MilliSeconds(200)));
    Config::SetDefault("ns3::TcpSocketBase::ClockGranularity", TimeValue(MilliSeconds(10)));
    Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(sack));
    Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(timestamps));
}

GprsScenario
ChakravortySetup::Build(const std::string& radio,
                        uint32_t mobiles,
                        bool proxy,
                        int64_t stream) const
{
    const std::string scheme = ToString(ParseGprsCodingScheme(cs));
    const std::string adaptation = "ns3::GprsFixedLinkAdaptation[CodingScheme=" + scheme + "]";
    GprsScenarioHelper helper;
    helper.SetInternetLink(DataRate("10Mbps"), internetDelay, 0);
    helper.SetProxy(proxy);
    GprsHelper& cell = helper.Cell();
    cell.SetPcuAttribute("NumberOfPdchs", UintegerValue(pdchs));
    cell.SetPcuAttribute("RlcMode", StringValue(rlcMode));
    cell.SetPcuAttribute("LlcMode", StringValue("Unacknowledged"));
    cell.SetPcuAttribute("DownlinkBufferBytes", UintegerValue(ggsnBuffer));
    cell.SetPcuAttribute("DownlinkLinkAdaptation", StringValue(adaptation));
    cell.SetPcuAttribute("UplinkLinkAdaptation", StringValue(adaptation));
    cell.SetMsDeviceAttribute("MultislotClass", UintegerValue(msClass));
    cell.SetMsDeviceAttribute("RadioConditions", StringValue(radio));
    GprsScenario scenario = helper.Install(mobiles);
    cell.AssignStreams(scenario.bssDevices, stream);
    return scenario;
}

} // namespace ns3
