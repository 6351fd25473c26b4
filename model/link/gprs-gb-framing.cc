/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-gb-framing.h"

#include "gprs-line-time.h"

namespace ns3
{

namespace
{
/// PDU type, TLLI, QoS Profile: the start of both UNITDATA PDUs (TS 48.018 10.2.1, 10.2.2).
constexpr uint32_t kUnitdataStartOctets = 1 + 4 + 3;
/// PDU Lifetime IE: IEI, length indicator, 2-octet value (TS 48.018 clause 11.3.25).
constexpr uint32_t kPduLifetimeOctets = 4;
/// Cell Identifier IE: IEI, length indicator, routing area and cell identity (clause 11.3.9).
constexpr uint32_t kCellIdentifierOctets = 10;
/// The longest value with a one-octet length indicator (TS 48.018 clause 11.1).
constexpr uint32_t kShortLength = 127;
/// Zero-bit insertion: one bit in 62 of random data (Q.922 clause 2.6); bits are scaled by it.
constexpr uint64_t kStuffingScale = 62;
} // namespace

GprsGbFraming::GprsGbFraming(const GprsLlcFraming& llc)
    : m_llc(llc)
{
}

uint32_t
GprsGbFraming::BssgpHeaderOctets(GprsDirection dir, uint32_t llcOctets)
{
    const uint32_t ie = dir == GprsDirection::DOWNLINK ? kPduLifetimeOctets : kCellIdentifierOctets;
    // LLC-PDU IE: IEI and a length indicator of one or two octets.
    return kUnitdataStartOctets + ie + 1 + (llcOctets <= kShortLength ? 1 : 2);
}

uint32_t
GprsGbFraming::FrameOctets(GprsDirection dir, uint32_t llcOctets)
{
    return kFlagOctets + kFrameRelayOctets + kNsUnitdataHeaderOctets +
           BssgpHeaderOctets(dir, llcOctets) + llcOctets;
}

uint32_t
GprsGbFraming::PacketOctets(GprsDirection dir, uint32_t ipOctets) const
{
    uint32_t octets = 0;
    const uint32_t frames = m_llc.FrameCount(ipOctets);
    for (uint32_t i = 0; i < frames; ++i)
    {
        octets += FrameOctets(dir, m_llc.FrameOctets(ipOctets, i));
    }
    return octets;
}

uint64_t
GprsGbFraming::PacketNanoSeconds(GprsDirection dir, uint32_t ipOctets, uint64_t bitRate) const
{
    const uint64_t flags = uint64_t{kFlagOctets} * m_llc.FrameCount(ipOctets);
    const uint64_t stuffed = PacketOctets(dir, ipOctets) - flags;
    // The flags are sent as they are; the rest gains a bit per 62.
    const uint64_t bits = 8 * (flags * kStuffingScale + stuffed * (kStuffingScale + 1));
    return GprsLineNanoSeconds(bits, kStuffingScale, bitRate);
}

} // namespace ns3
