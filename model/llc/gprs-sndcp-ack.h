/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_SNDCP_ACK_H
#define GPRS_SNDCP_ACK_H

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>

/**
 * \file
 * \ingroup gprs
 * SNDCP over LLC acknowledged mode: the fate of each N-PDU from the fates of its segments.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * \brief The N-PDUs (IP packets) of one direction sent over LLC acknowledged mode, each cut by
 * SNDCP into segments that are LLC PDUs (TS 44.065 clause 6.7, SN-DATA): which segment belongs
 * to which N-PDU, and when an N-PDU is delivered or lost, exactly once.
 *
 * Pure bookkeeping, no clock. The receiving LLC entity reports each segment it delivers
 * (LL-DATA-IND); the sending entity reports when it is done with a segment: confirmed
 * (LL-DATA-CNF) or abandoned after N200 retransmissions. An N-PDU is delivered once all its
 * segments are delivered; it is lost when one of its segments is done undelivered first: an
 * abandoned segment the peer did not deliver, or a confirmed one it did not deliver (possible
 * only when the two ends disagree on the numbering after a repeated SABM). A segment delivered
 * twice (a receiver that reset its numbering) counts once; a segment delivered after it is
 * done counts not at all, its N-PDU being lost already. Retransmission of N-PDUs by SNDCP after
 * a re-establishment (TS 44.065 clause 6.2) is not modelled.
 *
 * \tparam Npdu what the caller keeps of an N-PDU (copied)
 */
template <typename Npdu>
class GprsSndcpAckTracker
{
  public:
    /**
     * A new N-PDU; its segments get consecutive identifiers.
     * \param npdu the N-PDU
     * \param segments its SNDCP segments
     * \return the identifier of its first segment
     * \throws std::invalid_argument if segments is 0
     */
    uint64_t Add(const Npdu& npdu, uint16_t segments)
    {
        if (segments == 0)
        {
            throw std::invalid_argument("SNDCP N-PDU of 0 segments (allowed: 1 or more)");
        }
        const auto shared = std::make_shared<State>(State{npdu, segments});
        const uint64_t first = m_next;
        for (uint16_t s = 0; s < segments; ++s)
        {
            m_segments.emplace(m_next++, Segment{shared, s});
        }
        return first;
    }

    /**
     * The receiving LLC entity delivered a segment.
     * \param sduId its identifier
     * \return its N-PDU if this segment completes it: deliver it up
     */
    std::optional<Npdu> Deliver(uint64_t sduId)
    {
        const auto it = m_segments.find(sduId);
        if (it == m_segments.end() || it->second.delivered)
        {
            return std::nullopt; // done before (its N-PDU is lost), or delivered before
        }
        it->second.delivered = true;
        State& state = *it->second.npdu;
        if (state.lost || ++state.delivered < state.segments)
        {
            return std::nullopt;
        }
        return state.npdu;
    }

    /**
     * The sending LLC entity is done with a segment: confirmed or abandoned.
     * \param sduId its identifier
     * \return its N-PDU if it is lost now: the segment was not delivered and the N-PDU was
     *         neither delivered nor lost before
     * \throws std::invalid_argument if the segment is unknown or done already
     */
    std::optional<Npdu> Release(uint64_t sduId)
    {
        const auto it = m_segments.find(sduId);
        if (it == m_segments.end())
        {
            throw std::invalid_argument("SNDCP segment " + std::to_string(sduId) +
                                        " unknown or released twice");
        }
        const bool delivered = it->second.delivered;
        const std::shared_ptr<State> state = it->second.npdu;
        m_segments.erase(it);
        if (delivered || state->lost)
        {
            return std::nullopt;
        }
        state->lost = true;
        return state->npdu;
    }

    /// What a segment is part of.
    struct Part
    {
        Npdu npdu;         //!< its N-PDU
        uint16_t segment;  //!< its index in the N-PDU
        uint16_t segments; //!< the N-PDU's segments
    };

    /**
     * \param sduId a segment not yet released
     * \return its N-PDU and place in it; nothing if the segment is unknown or released
     */
    std::optional<Part> Find(uint64_t sduId) const
    {
        const auto it = m_segments.find(sduId);
        if (it == m_segments.end())
        {
            return std::nullopt;
        }
        return Part{it->second.npdu->npdu, it->second.index, it->second.npdu->segments};
    }

    /// \return segments not yet released
    std::size_t GetSegments() const
    {
        return m_segments.size();
    }

  private:
    /// An N-PDU and the count of its delivered segments.
    struct State
    {
        Npdu npdu;             //!< the caller's N-PDU
        uint16_t segments;     //!< its segments
        uint16_t delivered{0}; //!< segments delivered
        bool lost{false};      //!< reported lost
    };

    /// A segment until its sender is done with it.
    struct Segment
    {
        std::shared_ptr<State> npdu; //!< its N-PDU, shared by its segments
        uint16_t index{0};           //!< its index in the N-PDU
        bool delivered{false};       //!< the receiving entity delivered it
    };

    std::unordered_map<uint64_t, Segment> m_segments; //!< segments not yet released
    uint64_t m_next{0};                               //!< identifier of the next segment
};

} // namespace ns3

#endif /* GPRS_SNDCP_ACK_H */
