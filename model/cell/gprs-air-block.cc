/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-air-block.h"

namespace ns3
{

void
GprsAirBlock::Describe(GprsDirection dir, const GprsCellMobile& ms, GprsRadioBlockRecord& r) const
{
    r.ms = ms.index;
    r.lost = lost;
    r.ciDb = ms.radio.GetCiDb();
    if (kind == DATA)
    {
        const GprsBearer& link = dir == GprsDirection::DOWNLINK ? ms.dl : ms.ul;
        r.kind = GprsRadioBlockRecord::DATA;
        r.tfi = link.tfi;
        r.block = &block;
        r.txKind = txKind;
        r.cs = block.cs;
        r.cv = cv;
        r.stalled = stalled;
        return;
    }
    r.kind = GprsRadioBlockRecord::CONTROL;
    r.msg = msg;
    switch (msg)
    {
    case GprsControlMessage::PACKET_DOWNLINK_ACK_NACK:
        r.tfi = ms.dl.tfi;
        r.ackNack = &ackNack;
        r.channelRequest = channelRequest;
        break;
    case GprsControlMessage::PACKET_UPLINK_ACK_NACK:
        r.tfi = ms.ul.tfi;
        r.ackNack = &ackNack;
        r.cs = ms.ul.cs;
        r.contentionResolution = ms.ul.rx && ms.ul.rx->IsTlliToEcho();
        if (tbfEst)
        {
            r.tbfEst = final;
        }
        break;
    case GprsControlMessage::PACKET_DOWNLINK_ASSIGNMENT:
        r.tfi = ms.dl.tfi;
        r.controlAck = ms.dl.controlAck;
        for (uint8_t p = ms.dlFirst; p < ms.dlFirst + ms.dlCount; ++p)
        {
            r.timeslots |= static_cast<uint8_t>(0x80 >> p);
        }
        break;
    case GprsControlMessage::PACKET_UPLINK_ASSIGNMENT:
        r.tfi = ms.ul.tfi;
        r.cs = ms.ul.cs;
        for (uint8_t p = ms.ulFirst; p < ms.ulFirst + ms.ulCount; ++p)
        {
            r.timeslots |= static_cast<uint8_t>(0x80 >> p);
            r.usfs[p] = ms.ul.usf[p];
        }
        break;
    case GprsControlMessage::PACKET_CONTROL_ACK:
    case GprsControlMessage::PACKET_UPLINK_DUMMY_CONTROL_BLOCK:
    case GprsControlMessage::PACKET_RESOURCE_REQUEST:
        break;
    }
}

} // namespace ns3
