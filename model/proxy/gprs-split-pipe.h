/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_SPLIT_PIPE_H
#define GPRS_SPLIT_PIPE_H

#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <deque>

/**
 * \file
 * \ingroup gprs
 * One direction of a split TCP connection: the relay buffer between the two legs.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief The bytes of one direction of a split connection between the leg that receives them
 * and the leg that sends them on, and the end of that direction.
 *
 * The relay reads from the receiving leg only what fits (GetSpace), so a full pipe leaves the
 * data in that leg's receive buffer and its advertised window closes: back-pressure towards the
 * sender. Push may exceed the capacity, for the one final read the relay makes when the sender's
 * FIN has arrived. The end: once the sender has finished (FIN) and the pipe is empty, the relay
 * shuts down the sending leg's send side, exactly once (ShouldShutDown, then SetShutDown).
 * Pure logic: packets in, packets out, no sockets.
 */
class GprsSplitPipe
{
  public:
    /**
     * \param capacity octets the pipe holds before GetSpace() is 0, > 0
     * \throws std::invalid_argument if capacity is 0
     */
    explicit GprsSplitPipe(uint32_t capacity);

    /// \return octets that still fit
    uint32_t GetSpace() const;

    /// \return octets waiting
    uint32_t GetSize() const;

    /**
     * Data read from the receiving leg.
     * \param packet the octets (an empty packet is ignored)
     */
    void Push(Ptr<Packet> packet);

    /**
     * Take data for the sending leg, in order.
     * \param maxBytes the most octets wanted
     * \return up to maxBytes octets, null if the pipe is empty or maxBytes is 0
     */
    Ptr<Packet> Pop(uint32_t maxBytes);

    /// The sender of this direction finished (its FIN arrived and every octet was read).
    void SetSourceFinished();

    /// \return the sender finished
    bool IsSourceFinished() const;

    /// \return the sending leg must now send its FIN: the sender finished, the pipe is empty
    ///         and that was not done yet
    bool ShouldShutDown() const;

    /// The sending leg's send side was shut down.
    void SetShutDown();

    /// \return the sending leg's send side was shut down
    bool IsShutDown() const;

    /// \return octets that went through (popped) so far
    uint64_t GetBytesOut() const;

  private:
    uint32_t m_capacity;             //!< octets before the pipe counts as full
    uint32_t m_size{0};              //!< octets waiting
    std::deque<Ptr<Packet>> m_queue; //!< waiting data, in order
    bool m_sourceFinished{false};    //!< the sender's FIN arrived
    bool m_shutDown{false};          //!< the FIN was passed on
    uint64_t m_bytesOut{0};          //!< octets popped
};

} // namespace ns3

#endif /* GPRS_SPLIT_PIPE_H */
