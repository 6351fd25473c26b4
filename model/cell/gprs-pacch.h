/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_PACCH_H
#define GPRS_PACCH_H

#include "gprs-air-block.h"
#include "gprs-cell-mobile.h"
#include "gprs-tbf-controller.h"

#include "ns3/gprs-rlcmac-types.h"
#include "ns3/gprs-uplink-block-controller.h"

#include <optional>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * The control messages of a cell's PACCH: which one a mobile is due, and what one does when it
 * arrives.
 */

namespace ns3
{

/// A control message due to a mobile on the downlink PACCH.
struct GprsDueControl
{
    GprsControlMessage msg;              //!< the message
    std::optional<GprsPollPurpose> poll; //!< RRBP valid: what the answer is for
    bool final{false};                   //!< FAI of a Packet Uplink Ack/Nack
};

/**
 * \ingroup gprs
 * The packet associated control channel of a cell (TS 44.060 clauses 8 and 11): which control
 * message a mobile is due on a PDCH, what its sending changes, and what a control block or a
 * granted uplink block does when it reaches the network. The TBFs' life cycle is the TBF
 * controller's; this class turns messages into its events.
 */
class GprsPacch
{
  public:
    /**
     * \param mss the cell's mobiles
     * \param tbfs the cell's TBF controller
     */
    GprsPacch(std::vector<GprsCellMobile>& mss, GprsTbfController& tbfs);

    /**
     * \param index a mobile with a control message due (an Ack/Nack owed or an assignment to
     *        send on PACCH)
     * \param pdch the PDCH of the downlink block
     * \return the message it is due on \p pdch, if any: a Packet Uplink Ack/Nack on one of its
     *         uplink timeslots, else an assignment on its PACCH timeslot if a TFI (and USF) is
     *         free
     */
    std::optional<GprsDueControl> GetDue(uint32_t index, uint8_t pdch) const
    {
        // Inline: asked for each mobile with a message due on each PDCH of each block period.
        const GprsCellMobile& ms = m_mss[index];
        if (ms.ul.ackOwed && ms.OnUplinkSlot(pdch) && ms.ul.rx)
        {
            // The Packet Control Ack to a final Ack/Nack ends the TBF.
            const bool final = ms.ul.tbf.GetState() == GprsTbfState::FINISHED;
            return GprsDueControl{GprsControlMessage::PACKET_UPLINK_ACK_NACK,
                                  final ? std::optional{GprsPollPurpose::UL_FINAL} : std::nullopt,
                                  final};
        }
        if (IsAssignmentDue(index, GprsDirection::DOWNLINK, pdch))
        {
            return GprsDueControl{GprsControlMessage::PACKET_DOWNLINK_ASSIGNMENT,
                                  GprsPollPurpose::DL_ASSIGNMENT};
        }
        if (IsAssignmentDue(index, GprsDirection::UPLINK, pdch))
        {
            return GprsDueControl{GprsControlMessage::PACKET_UPLINK_ASSIGNMENT,
                                  GprsPollPurpose::UL_ASSIGNMENT};
        }
        return std::nullopt;
    }

    /**
     * The due message \p msg went on the air: the Ack/Nack is no longer owed, or the
     * assignment's TFI (and USFs) are allocated.
     * \param index the mobile
     * \param msg the message
     */
    void Sent(uint32_t index, GprsControlMessage msg);

    /**
     * The uplink block a USF granted to the mobile's uplink TBF reached the network, or did not:
     * N3101 counts the grants without an answer (TS 44.060 clause 13).
     * \param index the mobile
     * \param heard the network decoded the block
     * \return \p heard
     */
    bool GrantAnswered(uint32_t index, bool heard);

    /**
     * An uplink control block in a reserved block (Packet Downlink Ack/Nack, Packet Control
     * Ack) or a granted one (Packet Uplink Dummy Control Block) arrived, lost or not.
     * \param air the block
     */
    void Receive(const GprsAirBlock& air);

  private:
    /**
     * \param index a mobile
     * \param dir a direction
     * \param pdch a PDCH
     * \return its TBF of that direction waits for an assignment on PACCH not yet sent, \p pdch
     *         carries its PACCH, and a TFI (and USF) is free for it
     */
    bool IsAssignmentDue(uint32_t index, GprsDirection dir, uint8_t pdch) const
    {
        const GprsCellMobile& ms = m_mss[index];
        const GprsTbf& tbf = ms.GetBearer(dir).tbf;
        return tbf.GetState() == GprsTbfState::ASSIGN_PACCH && !tbf.IsAssignmentPending() &&
               pdch == ms.GetPacchTn() && m_tbfs.HasResources(index, dir);
    }

    /// \param air a Packet Downlink Ack/Nack, lost or not
    void ReceiveDownlinkAckNack(const GprsAirBlock& air);

    std::vector<GprsCellMobile>& m_mss; //!< the cell's mobiles
    GprsTbfController& m_tbfs;          //!< the cell's TBF controller
};

} // namespace ns3

#endif /* GPRS_PACCH_H */
