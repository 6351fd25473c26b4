/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-ms-net-device.h"

#include "gprs-bss-net-device.h"
#include "gprs-channel.h"
#include "gprs-pcu.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/gprs-multislot-class.h"
#include "ns3/gprs-ns3-compat.h"
#include "ns3/gprs-rlcmac-encoder.h"
#include "ns3/gprs-text-input.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsMsNetDevice");

NS_OBJECT_ENSURE_REGISTERED(GprsMsNetDevice);

TypeId
GprsMsNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GprsMsNetDevice")
            .SetParent<GprsNetDevice>()
            .SetGroupName("Gprs")
            .AddConstructor<GprsMsNetDevice>()
            .AddAttribute("MultislotClass",
                          "Multislot class (TS 45.002 Annex B, 1..45): limits the timeslots of "
                          "its TBFs. Default 8 (4 downlink + 1 uplink), Meyer's mobile.",
                          UintegerValue(8),
                          MakeUintegerAccessor(&GprsMsNetDevice::m_multislotClass),
                          MakeUintegerChecker<uint32_t>(GprsMultislotClass::kMinClass,
                                                        GprsMultislotClass::kMaxClass))
            .AddAttribute(
                "RadioConditions",
                "C/I seen by the mobile, both directions: a constant in dB ('24'), a "
                "piecewise schedule ('0s:13,10s:6,20s:13') or a trace file "
                "('file:PATH', lines 'time_s ci_db'). Default 24 dB, the C/I of "
                "Rendon et al.'s scenario.",
                StringValue("24"),
                MakeStringAccessor(&GprsMsNetDevice::SetRadioSpec, &GprsMsNetDevice::GetRadioSpec),
                MakeStringChecker())
            .AddAttribute("Outages",
                          "Intervals during which no block gets through in either direction, "
                          "e.g. '40s-70s,100s-101s'. Default none.",
                          StringValue(""),
                          MakeStringAccessor(&GprsMsNetDevice::SetOutageSpec,
                                             &GprsMsNetDevice::GetOutageSpec),
                          MakeStringChecker())
            .AddAttribute("UseGilbertElliott",
                          "Draw this mobile's block losses (both directions) from a two-state "
                          "Gilbert-Elliott process instead of BLER(CS, C/I); outages still "
                          "apply. Default false.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&GprsMsNetDevice::m_useGilbertElliott),
                          MakeBooleanChecker())
            .AddAttribute("GeGoodToBad",
                          "Gilbert-Elliott: probability per block of moving good -> bad.",
                          DoubleValue(0),
                          MakeDoubleAccessor(&GprsMsNetDevice::m_geGoodToBad),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("GeBadToGood",
                          "Gilbert-Elliott: probability per block of moving bad -> good.",
                          DoubleValue(1),
                          MakeDoubleAccessor(&GprsMsNetDevice::m_geBadToGood),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("GeLossGood",
                          "Gilbert-Elliott: block loss probability in the good state.",
                          DoubleValue(0),
                          MakeDoubleAccessor(&GprsMsNetDevice::m_geLossGood),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("GeLossBad",
                          "Gilbert-Elliott: block loss probability in the bad state.",
                          DoubleValue(1),
                          MakeDoubleAccessor(&GprsMsNetDevice::m_geLossBad),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("CellReselections",
                          "Times at which the mobile reselects a cell, e.g. '30s,60s': its TBFs "
                          "end and the LLC frames queued in RLC are flushed (lost, as after "
                          "BSSGP FLUSH-LL, TS 48.018 clause 8.1). Default none.",
                          StringValue(""),
                          MakeStringAccessor(&GprsMsNetDevice::SetReselectionSpec,
                                             &GprsMsNetDevice::GetReselectionSpec),
                          MakeStringChecker())
            .AddAttribute("LlcMode",
                          "LLC mode of this mobile's IP packets: Unacknowledged (UI frames), "
                          "Acknowledged (ABM, parameters from the PCU's LlcN200, LlcT200, "
                          "LlcWindow, LlcN201I) or Cell: the PCU's LlcMode. Default Cell.",
                          GprsLlcModeValue(GprsLlcMode::CELL),
                          MakeGprsLlcModeAccessor(&GprsMsNetDevice::m_llcMode),
                          MakeGprsEnumChecker<GprsLlcModeValue>("ns3::GprsLlcModeValue"))
            .AddAttribute("TerminalLinkRate",
                          "Line rate of the link between the host and the phone (PPP in "
                          "HDLC-like framing, RFC 1662), each direction; 0: none, the phone is "
                          "the host. Testbeds of 2002-2004 ran a laptop on the phone's AT modem "
                          "over RS-232 (115200 bit/s, the highest standard rate of the "
                          "phones' serial ports, ITU-T V.250), IrDA SIR (up to 115200 bit/s) or "
                          "Bluetooth. Default 0.",
                          DataRateValue(DataRate(0)),
                          MakeDataRateAccessor(&GprsMsNetDevice::m_terminalRate),
                          MakeDataRateChecker())
            .AddAttribute("TerminalLinkCharacterBits",
                          "Line bits per octet on the terminal link, 8..12: 10 for an "
                          "asynchronous 8N1 line (start bit, 8 data bits, stop bit: RS-232 and "
                          "IrDA SIR, RFC 1662 clause 4); 8 for a synchronous bit stream. "
                          "Default 10.",
                          UintegerValue(10),
                          MakeUintegerAccessor(&GprsMsNetDevice::m_terminalCharacterBits),
                          MakeUintegerChecker<uint32_t>(8, 12))
            .AddAttribute("TerminalLinkAccm",
                          "Async-Control-Character-Map of the terminal link (RFC 1662 clause "
                          "7.1): bit n set escapes octet n (0..31), as do 0x7D and 0x7E. "
                          "Default 0xFFFFFFFF, the map until LCP negotiates another and the one "
                          "pppd leaves when given no asyncmap option.",
                          UintegerValue(GprsPppFraming::kDefaultAccm),
                          MakeUintegerAccessor(&GprsMsNetDevice::m_terminalAccm),
                          MakeUintegerChecker<uint32_t>())
            .AddTraceSource("TerminalLink",
                            "An IP packet has crossed the terminal link: direction (uplink: "
                            "host to phone), the packet, how long it waited for the link and "
                            "how long it took on it.",
                            MakeTraceSourceAccessor(&GprsMsNetDevice::m_terminalTrace),
                            "ns3::GprsMsNetDevice::TerminalLinkCallback")
            .AddTraceSource("TerminalLinkDrop",
                            "An IP packet dropped at the terminal link: the mobile's buffer "
                            "(UplinkBufferBytes) was full; MacTxDrop reports it too.",
                            MakeTraceSourceAccessor(&GprsMsNetDevice::m_terminalDropTrace),
                            "ns3::GprsMsNetDevice::TerminalLinkDropCallback");
    return tid;
}

GprsMsNetDevice::GprsMsNetDevice()
    : GprsCellMsUser(GprsRadioConditions(24.0)),
      m_multislotClass(8)
{
    for (const GprsDirection dir : {GprsDirection::DOWNLINK, GprsDirection::UPLINK})
    {
        m_terminal[GprsDirIndex(dir)].Configure(
            1,
            [this, dir](uint32_t, Ptr<Packet> p, Time waited, Time line) {
                FromTerminalLink(dir, p, waited, line);
            });
    }
}

GprsMsNetDevice::~GprsMsNetDevice() = default;

void
GprsMsNetDevice::DoDispose()
{
    for (GprsSerialLine& line : m_terminal)
    {
        line.Clear();
    }
    m_cell = nullptr;
    GprsNetDevice::DoDispose();
}

void
GprsMsNetDevice::Attach(Ptr<GprsChannel> channel)
{
    const Ptr<GprsBssNetDevice> bss = channel->GetBss();
    NS_ABORT_MSG_UNLESS(bss, "attach the network-side device to the cell before the mobiles");
    channel->AddMs(this);
    m_cell = bss->GetPcu();
    m_index = m_cell->AddMs(this);
    SetGprsChannel(channel);
}

uint32_t
GprsMsNetDevice::GetIndex() const
{
    return m_index;
}

GprsLlcMode
GprsMsNetDevice::GetLlcMode() const
{
    return m_llcMode;
}

uint32_t
GprsMsNetDevice::GetTlli() const
{
    return GprsLocalTlli(GetNode()->GetId());
}

uint32_t
GprsMsNetDevice::GetMultislotClass() const
{
    return m_multislotClass;
}

void
GprsMsNetDevice::SetRadioConditions(const GprsRadioConditions& radio)
{
    m_radio = radio;
    m_radioSpec = "(set from code)";
    m_outageSpec.clear();
}

void
GprsMsNetDevice::SetRadioSpec(std::string spec)
{
    m_radioSpec = spec;
    BuildRadio();
}

std::string
GprsMsNetDevice::GetRadioSpec() const
{
    return m_radioSpec;
}

void
GprsMsNetDevice::SetOutageSpec(std::string spec)
{
    m_outageSpec = spec;
    BuildRadio();
}

std::string
GprsMsNetDevice::GetOutageSpec() const
{
    return m_outageSpec;
}

GprsRadioConditions
GprsMsNetDevice::ParseRadio(const std::string& radio, const std::string& outages)
{
    const auto refuse = [](const std::string& name,
                           const std::string& value,
                           const std::exception& problem,
                           const std::string& allowed) {
        return std::invalid_argument("GprsMsNetDevice " + name + " " + QuoteGprsInput(value) +
                                     ": " + problem.what() + " (allowed: " + allowed + ")");
    };
    GprsRadioConditions conditions = [&]() {
        try
        {
            return GprsRadioConditions::FromSpec(radio);
        }
        catch (const std::exception& e)
        {
            throw refuse("RadioConditions",
                         radio,
                         e,
                         "a C/I in dB such as '24', a schedule such as '0s:13,10s:6,20s:13', "
                         "or 'file:PATH'");
        }
    }();
    try
    {
        if (!outages.empty())
        {
            conditions.AddOutages(outages);
        }
    }
    catch (const std::exception& e)
    {
        throw refuse("Outages",
                     outages,
                     e,
                     "empty, or intervals such as '40s-70s,100s-101s' that do not overlap");
    }
    return conditions;
}

void
GprsMsNetDevice::BuildRadio()
{
    std::string problem;
    try
    {
        m_radio = ParseRadio(m_radioSpec, m_outageSpec);
    }
    catch (const std::exception& e)
    {
        problem = e.what();
    }
    // Outside the handler: NS_FATAL_ERROR there would also print "terminate called after
    // throwing" with the exception's text again.
    if (!problem.empty())
    {
        NS_FATAL_ERROR(problem);
    }
}

GprsGilbertElliott*
GprsMsNetDevice::MakeGilbertElliott()
{
    return &m_ge.emplace(m_geGoodToBad, m_geBadToGood, m_geLossGood, m_geLossBad, false);
}

const std::vector<Time>&
GprsMsNetDevice::GetCellReselections() const
{
    return m_reselections;
}

std::vector<Time>
GprsMsNetDevice::ParseCellReselections(const std::string& spec)
{
    std::vector<Time> times;
    for (std::size_t start = 0; start < spec.size();)
    {
        const std::size_t comma = std::min(spec.find(',', start), spec.size());
        const Time t = ParseGprsTime(spec.substr(start, comma - start), "reselection time");
        if (!times.empty() && t <= times.back())
        {
            throw std::invalid_argument("reselection time " + FormatGprsTime(t) + " not after " +
                                        FormatGprsTime(times.back()) +
                                        ": times must increase (expected e.g. '30s,60s')");
        }
        times.push_back(t);
        start = comma + 1;
    }
    return times;
}

void
GprsMsNetDevice::SetReselectionSpec(std::string spec)
{
    m_reselectionSpec = spec;
    std::string problem;
    try
    {
        m_reselections = ParseCellReselections(spec);
    }
    catch (const std::invalid_argument& e)
    {
        problem = e.what();
    }
    if (!problem.empty())
    {
        NS_FATAL_ERROR("GprsMsNetDevice: bad CellReselections " << QuoteGprsInput(spec) << ": "
                                                                << problem);
    }
}

std::string
GprsMsNetDevice::GetReselectionSpec() const
{
    return m_reselectionSpec;
}

bool
GprsMsNetDevice::Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber)
{
    if (!AcceptFromAbove(packet, protocolNumber))
    {
        return false;
    }
    if (m_cell && HasTerminalLink())
    {
        return SendOnTerminalLink(GprsDirection::UPLINK, packet);
    }
    if (!m_cell || !m_cell->EnqueueUplink(m_index, packet))
    {
        m_macTxDropTrace(packet);
        return false;
    }
    return true;
}

bool
GprsMsNetDevice::HasTerminalLink() const
{
    return m_terminalRate.GetBitRate() > 0;
}

GprsPppFraming
GprsMsNetDevice::MakeTerminalFraming() const
{
    return GprsPppFraming(m_terminalAccm, m_terminalCharacterBits);
}

bool
GprsMsNetDevice::SendOnTerminalLink(GprsDirection dir, Ptr<Packet> packet)
{
    GprsSerialLine& line = m_terminal[GprsDirIndex(dir)];
    const Ptr<Queue<Packet>> buffer = m_cell->GetBuffer(m_index, GprsDirection::UPLINK);
    // Uplink: the mobile's buffer holds what waits for the link too. Downlink: the phone keeps
    // at most as much as its uplink buffer.
    const uint64_t held = dir == GprsDirection::UPLINK ? buffer->GetNBytes() : 0;
    if (held + line.GetBytes(0) + packet->GetSize() > buffer->GetMaxSize().GetValue())
    {
        NS_LOG_LOGIC("terminal link " << ToString(dir) << ": mobile buffer full, drop "
                                      << packet->GetSize());
        m_terminalDropTrace(dir, packet);
        m_macTxDropTrace(packet);
        return false;
    }
    line.Send(0,
              packet,
              NanoSeconds(MakeTerminalFraming().PacketNanoSeconds(packet->GetSize(),
                                                                  m_terminalRate.GetBitRate())));
    return true;
}

void
GprsMsNetDevice::FromPhone(Ptr<Packet> packet)
{
    SendOnTerminalLink(GprsDirection::DOWNLINK, packet);
}

void
GprsMsNetDevice::FromTerminalLink(GprsDirection dir, Ptr<Packet> packet, Time waited, Time line)
{
    m_terminalTrace(dir, packet, waited, line);
    if (dir == GprsDirection::DOWNLINK)
    {
        ForwardUp(packet, gprs::kIpv4EtherType, GetGprsChannel()->GetBss()->GetAddress());
    }
    else if (!m_cell->EnqueueUplink(m_index, packet))
    {
        m_macTxDropTrace(packet);
    }
}

bool
GprsMsNetDevice::IsPointToPoint() const
{
    return true;
}

void
GprsMsNetDevice::Receive(Ptr<Packet> packet)
{
    if (HasTerminalLink())
    {
        Simulator::ScheduleWithContext(GetNode()->GetId(),
                                       Seconds(0),
                                       &GprsMsNetDevice::FromPhone,
                                       this,
                                       packet);
        return;
    }
    // The PCU runs in the network side's context; the mobile's node gets the packet in its own,
    // after the PCU's block event: a reply can take the next block period's uplink block.
    Simulator::ScheduleWithContext(GetNode()->GetId(),
                                   Seconds(0),
                                   &GprsMsNetDevice::ForwardUp,
                                   this,
                                   packet,
                                   gprs::kIpv4EtherType,
                                   GetGprsChannel()->GetBss()->GetAddress());
}

void
GprsMsNetDevice::NotifyDrop(Ptr<const Packet> packet)
{
    m_macTxDropTrace(packet);
}

} // namespace ns3
