/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_RETRANSMISSION_COUNTER_H
#define GPRS_RETRANSMISSION_COUNTER_H

#include "ns3/sequence-number.h"

#include <cstdint>

/**
 * \file
 * \ingroup gprs
 * Classifies a TCP sender's data segments: new, or retransmitted on duplicate ACKs or on a
 * timeout.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * The data segments of one TCP sender, classified as Rendon et al. count retransmissions: a
 * segment that starts below the highest sequence number sent before is a retransmission;
 * timer-driven if the sender is recovering from a retransmission timeout (ns-3's CA_LOSS,
 * entered on the timeout and left when an ACK covers what was outstanding then), data-driven
 * otherwise (fast retransmit and recovery on duplicate ACKs). Fed from a TcpSocketBase's Tx
 * and CongState traces.
 */
class GprsRetransmissionCounter
{
  public:
    /// What a data segment was.
    enum class Kind
    {
        NEW,          //!< data never sent before
        DATA_DRIVEN,  //!< sent again on duplicate ACKs
        TIMER_DRIVEN, //!< sent again after a timeout
    };

    /// \param inLoss whether the sender is now recovering from a timeout (CA_LOSS)
    void SetLossState(bool inLoss)
    {
        m_inLoss = inLoss;
    }

    /**
     * \param seq a data segment's first sequence number
     * \param size its data octets, > 0
     * \return what it is
     */
    Kind OnDataSegment(SequenceNumber32 seq, uint32_t size)
    {
        ++m_segments;
        Kind kind = Kind::NEW;
        if (m_any && seq < m_highest)
        {
            kind = m_inLoss ? Kind::TIMER_DRIVEN : Kind::DATA_DRIVEN;
            ++(m_inLoss ? m_timerDriven : m_dataDriven);
        }
        if (!m_any || seq + size > m_highest)
        {
            m_highest = seq + size;
            m_any = true;
        }
        return kind;
    }

    /// \return data segments, retransmissions included
    uint64_t GetSegments() const
    {
        return m_segments;
    }

    /// \return retransmissions on duplicate ACKs
    uint64_t GetDataDriven() const
    {
        return m_dataDriven;
    }

    /// \return retransmissions after a timeout
    uint64_t GetTimerDriven() const
    {
        return m_timerDriven;
    }

  private:
    SequenceNumber32 m_highest{0}; //!< end of the highest data sent
    bool m_any{false};             //!< data was sent
    bool m_inLoss{false};          //!< recovering from a timeout
    uint64_t m_segments{0};        //!< data segments
    uint64_t m_dataDriven{0};      //!< data-driven retransmissions
    uint64_t m_timerDriven{0};     //!< timer-driven retransmissions
};

} // namespace ns3

#endif /* GPRS_RETRANSMISSION_COUNTER_H */
