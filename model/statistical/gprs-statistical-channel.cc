/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-statistical-channel.h"

#include "gprs-statistical-net-device.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/gprs-link-adaptation.h"
#include "ns3/gprs-predicate-checker.h"
#include "ns3/gprs-random-bounds.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/string.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsStatisticalChannel");

NS_OBJECT_ENSURE_REGISTERED(GprsStatisticalChannel);

namespace
{

/// \return a checker of data rates above 0 (a link of rate 0 would never send)
Ptr<const AttributeChecker>
MakePositiveRateChecker()
{
    return Create<GprsPredicateChecker<DataRateValue>>(
        [](const DataRateValue& v) { return v.Get().GetBitRate() > 0; },
        "ns3::DataRateValue",
        "a data rate above 0, e.g. 48kbps");
}

} // namespace

TypeId
GprsStatisticalChannel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GprsStatisticalChannel")
            .SetParent<Channel>()
            .SetGroupName("Gprs")
            .AddConstructor<GprsStatisticalChannel>()
            .AddAttribute("DownlinkRate",
                          "Rate of the downlink in LLC octets, shared by the mobiles. Default "
                          "48 kbit/s: Rendon et al.'s cell, 4 PDCHs of CS-2 at 12 kbit/s of "
                          "RLC data each (TS 45.003 clause 5.1; the cell's coding-scheme table), "
                          "all of which a multislot class 8 mobile (4+1, TS 45.002 Annex B) "
                          "takes alone.",
                          DataRateValue(DataRate("48kbps")),
                          MakeDataRateAccessor(&GprsStatisticalChannel::m_downlinkRate),
                          MakePositiveRateChecker())
            .AddAttribute("UplinkRate",
                          "Rate of each mobile's uplink in LLC octets. Default 12 kbit/s: one "
                          "uplink timeslot of CS-2, the uplink of multislot class 8 (4+1, "
                          "TS 45.002 Annex B).",
                          DataRateValue(DataRate("12kbps")),
                          MakeDataRateAccessor(&GprsStatisticalChannel::m_uplinkRate),
                          MakePositiveRateChecker())
            .AddAttribute(
                "ErrorUnit",
                "What one loss draw stands for: Packet (each transmission is lost "
                "with PacketErrorRate, whatever its size: Rendon et al.'s simulator "
                "draws a packet error rate) or Block (each RLC block of the packet "
                "with BlockErrorRate, so the packet is lost with 1 - (1 - BLER)^n, n "
                "its blocks of CodingScheme). Default Packet.",
                GprsStatisticalErrorUnitValue(GprsStatisticalErrorUnit::PACKET),
                MakeGprsStatisticalErrorUnitAccessor(&GprsStatisticalChannel::m_errorUnit),
                MakeGprsEnumChecker<GprsStatisticalErrorUnitValue>(
                    "ns3::GprsStatisticalErrorUnitValue"))
            .AddAttribute("PacketErrorRate",
                          "ErrorUnit Packet: probability that one transmission of a packet is "
                          "lost. Default 0.00367: the 16 CS-2 blocks of a 470-octet packet "
                          "(Rendon et al.'s MSS 430 + 40, 480 LLC octets) at BlockErrorRate's "
                          "default, 1 - (1 - 2.29e-4)^16.",
                          DoubleValue(0.00367),
                          MakeDoubleAccessor(&GprsStatisticalChannel::m_packetErrorRate),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("BlockErrorRate",
                          "ErrorUnit Block: probability that one RLC block is lost. Default "
                          "2.29e-4: the BLER of CS-2 at Rendon et al.'s C/I of 24 dB by the "
                          "module's curve (GprsBlerModel, through Meyer's anchors).",
                          DoubleValue(2.29e-4),
                          MakeDoubleAccessor(&GprsStatisticalChannel::m_blockErrorRate),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("CodingScheme",
                          "ErrorUnit Block: the coding scheme whose RLC data field (20/30/36/50 "
                          "octets) gives a packet's blocks. Default CS-2, Rendon et al.'s.",
                          GprsCodingSchemeValue(GprsCodingScheme::CS2),
                          MakeGprsCodingSchemeAccessor(&GprsStatisticalChannel::m_codingScheme),
                          MakeGprsCodingSchemeChecker())
            .AddAttribute("Delay",
                          "Seconds from the end of a packet's last transmission to its arrival, "
                          "drawn for each packet alone (0 .. 60 s; a draw below 0 counts as 0). "
                          "Default uniform 0.1..0.2 s: Rendon et al. draw a delay per packet "
                          "from a histogram the project does not have; the span is the TBF "
                          "set-up delay of the module's cell (Chakravorty & Pratt's 100-200 ms).",
                          StringValue("ns3::UniformRandomVariable[Min=0.1|Max=0.2]"),
                          MakePointerAccessor(&GprsStatisticalChannel::m_delay),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("Reorder",
                          "Packets may overtake each other: each arrives after its own delay. "
                          "false: a packet never arrives before the one sent before it in its "
                          "direction. Default true, Rendon et al.'s independent per-packet "
                          "delays.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&GprsStatisticalChannel::m_reorder),
                          MakeBooleanChecker());
    return tid;
}

GprsStatisticalChannel::GprsStatisticalChannel()
    : m_errorUnit(GprsStatisticalErrorUnit::PACKET),
      m_packetErrorRate(0),
      m_blockErrorRate(0),
      m_codingScheme(GprsCodingScheme::CS2),
      m_reorder(true),
      m_lossDraw(CreateObject<UniformRandomVariable>())
{
    NS_LOG_FUNCTION(this);
}

GprsStatisticalChannel::~GprsStatisticalChannel() = default;

void
GprsStatisticalChannel::DoDispose()
{
    m_network = nullptr;
    m_mobiles.clear();
    m_delay = nullptr;
    m_lossDraw = nullptr;
    Channel::DoDispose();
}

void
GprsStatisticalChannel::AttachNetwork(Ptr<GprsStatisticalNetDevice> device)
{
    NS_ABORT_MSG_IF(m_network, "GprsStatisticalChannel: a second network-side device");
    m_network = device;
}

uint32_t
GprsStatisticalChannel::AttachMobile(Ptr<GprsStatisticalNetDevice> device)
{
    m_mobiles.push_back(device);
    for (auto& order : m_order)
    {
        order.emplace_back();
    }
    return static_cast<uint32_t>(m_mobiles.size() - 1);
}

Ptr<GprsStatisticalNetDevice>
GprsStatisticalChannel::GetNetworkDevice() const
{
    return m_network;
}

Ptr<GprsStatisticalNetDevice>
GprsStatisticalChannel::GetMobileDevice(uint32_t mobile) const
{
    return m_mobiles.at(mobile);
}

uint32_t
GprsStatisticalChannel::GetNMobiles() const
{
    return static_cast<uint32_t>(m_mobiles.size());
}

int32_t
GprsStatisticalChannel::FindMobile(Ipv4Address address)
{
    const auto known = m_mobileOf.find(address);
    if (known != m_mobileOf.end())
    {
        return static_cast<int32_t>(known->second);
    }
    // Addresses are assigned after the devices are built: learn them at the first packet.
    for (uint32_t i = 0; i < m_mobiles.size(); ++i)
    {
        const Ptr<Ipv4> ip = m_mobiles[i]->GetNode()->GetObject<Ipv4>();
        const int32_t interface = ip ? ip->GetInterfaceForDevice(m_mobiles[i]) : -1;
        for (uint32_t a = 0; interface >= 0 && a < ip->GetNAddresses(interface); ++a)
        {
            if (ip->GetAddress(interface, a).GetLocal() == address)
            {
                m_mobileOf[address] = i;
                return static_cast<int32_t>(i);
            }
        }
    }
    return -1;
}

Time
GprsStatisticalChannel::GetTransmissionTime(GprsDirection direction, uint32_t llcOctets) const
{
    return (direction == GprsDirection::DOWNLINK ? m_downlinkRate : m_uplinkRate)
        .CalculateBytesTxTime(llcOctets);
}

bool
GprsStatisticalChannel::DrawLoss(uint32_t llcOctets)
{
    const GprsStatisticalLoss loss(m_errorUnit,
                                   m_packetErrorRate,
                                   m_blockErrorRate,
                                   GprsRlcDataOctets(m_codingScheme));
    return loss.IsLost(m_lossDraw->GetValue(), llcOctets);
}

Time
GprsStatisticalChannel::DrawArrival(GprsDirection direction, uint32_t mobile, Time sent)
{
    return m_order[static_cast<std::size_t>(direction)].at(mobile).Arrival(
        sent,
        Seconds(m_delay->GetValue()),
        m_reorder);
}

void
GprsStatisticalChannel::CheckConfiguration() const
{
    GprsCheckDelayVariable("GprsStatisticalChannel::Delay",
                           m_delay,
                           GetGprsMaxTbfEstablishmentDelay());
}

int64_t
GprsStatisticalChannel::AssignStreams(int64_t stream)
{
    m_lossDraw->SetStream(stream);
    m_delay->SetStream(stream + 1);
    return 2;
}

std::size_t
GprsStatisticalChannel::GetNDevices() const
{
    return m_mobiles.size() + (m_network ? 1 : 0);
}

Ptr<NetDevice>
GprsStatisticalChannel::GetDevice(std::size_t i) const
{
    if (m_network)
    {
        return i == 0 ? Ptr<NetDevice>(m_network) : Ptr<NetDevice>(m_mobiles.at(i - 1));
    }
    return m_mobiles.at(i);
}

} // namespace ns3
