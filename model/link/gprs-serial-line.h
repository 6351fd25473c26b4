/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_SERIAL_LINE_H
#define GPRS_SERIAL_LINE_H

#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"

#include <deque>
#include <functional>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * A line that sends one packet at a time, shared by several flows in turn.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief A line that serialises packets one at a time: the Gb interface of a BSS (one flow per
 * mobile) or the link between a host and its phone (one flow).
 *
 * Each packet comes with its time on the line (its framing's, computed by the caller:
 * GprsGbFraming, GprsPppFraming). The flows' packets wait in one FIFO per flow; when the line
 * is free it takes the head of the next flow with a packet after the one it served last
 * (round robin by packet), so that one flow's burst does not hold the packets of the others
 * (an SGSN serves its mobiles' queues in turn, TS 48.018 clause 8.2). The line keeps no bound
 * itself: its owner admits a packet only if the octets the flow has in the line
 * (GetBytes()) leave room in the buffer that counts them, and traces the drop otherwise.
 * Events run in the context of the call that started the line.
 */
class GprsSerialLine
{
  public:
    /**
     * What becomes of a packet once it has left the line.
     * \param flow its flow
     * \param packet the packet
     * \param waited time it waited for the line
     * \param line time it took on the line
     */
    using Delivery = std::function<void(uint32_t flow, Ptr<Packet> packet, Time waited, Time line)>;

    /**
     * \param flows flows sharing the line, at least 1
     * \param delivery where packets go once sent
     */
    void Configure(uint32_t flows, Delivery delivery);

    /**
     * Queue a packet; the line starts it at once if free.
     * \param flow its flow, below the flows configured
     * \param packet the packet
     * \param line its time on the line
     */
    void Send(uint32_t flow, Ptr<Packet> packet, Time line);

    /**
     * \param flow a flow
     * \return octets of its packets waiting for or on the line
     */
    uint64_t GetBytes(uint32_t flow) const;

    /// Forget every packet and the transmission in progress (the simulation ends).
    void Clear();

  private:
    /// A packet waiting for the line.
    struct Entry
    {
        Ptr<Packet> packet; //!< the packet
        Time line;          //!< its time on the line
        Time queued;        //!< when it joined its queue
    };

    /// Start the next packet, if any.
    void StartNext();
    /// The packet on the line has been sent.
    void EndTransmission();

    std::vector<std::deque<Entry>> m_queues; //!< per flow, packets not yet on the line
    std::vector<uint64_t> m_bytes;           //!< per flow, octets queued or on the line
    uint64_t m_waiting{0};                   //!< packets in m_queues
    uint32_t m_last{0};                      //!< flow served last
    Entry m_sending;                         //!< the packet on the line
    Time m_sendingWaited;                    //!< how long it waited
    uint32_t m_sendingFlow{0};               //!< its flow
    EventId m_endEvent;                      //!< end of its transmission
    Delivery m_delivery;                     //!< where packets go
};

} // namespace ns3

#endif /* GPRS_SERIAL_LINE_H */
