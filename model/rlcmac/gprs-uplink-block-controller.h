/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_UPLINK_BLOCK_CONTROLLER_H
#define GPRS_UPLINK_BLOCK_CONTROLLER_H

#include "gprs-rlcmac-types.h"

#include <array>
#include <cstdint>

/**
 * \file
 * \ingroup gprs
 * Who sends in each uplink radio block of a cell: the owner of RRBP reservations (polls) and
 * USF grants per PDCH. Pure logic: blocks are numbered by the caller.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * What a mobile's control block in an uplink block answers.
 */
enum class GprsPollPurpose : uint8_t
{
    DL_DATA,       //!< Packet Downlink Ack/Nack for a polled downlink data block
    UL_FINAL,      //!< Packet Control Ack for the final Packet Uplink Ack/Nack
    DL_ASSIGNMENT, //!< Packet Control Ack for a Packet Downlink Assignment
    UL_ASSIGNMENT, //!< Packet Control Ack for a Packet Uplink Assignment
    UL_DUMMY,      //!< not a poll: a Packet Uplink Dummy Control Block in a block granted by USF
};

/**
 * \ingroup gprs
 * \param purpose what an uplink control block answers
 * \return the direction of the TBF it belongs to (a TBF's release forgets it)
 */
constexpr GprsDirection
GetTbfDirection(GprsPollPurpose purpose)
{
    return purpose == GprsPollPurpose::DL_DATA || purpose == GprsPollPurpose::DL_ASSIGNMENT
               ? GprsDirection::DOWNLINK
               : GprsDirection::UPLINK;
}

/**
 * \ingroup gprs
 * One uplink block of one PDCH: free, reserved by a poll (RRBP, TS 44.060 clause 10.4.5) or
 * granted by USF (clause 10.4.1).
 */
struct GprsUplinkBlock
{
    /// Who may send in it.
    enum Kind : uint8_t
    {
        FREE, //!< nobody
        POLL, //!< the polled mobile answers with a control block
        USF,  //!< the mobile whose USF the previous downlink block carried
    };

    Kind kind{FREE};   //!< free, polled or granted
    uint32_t ms{0};    //!< POLL, USF: the mobile
    bool heard{false}; //!< POLL: the mobile decoded the poll; USF: it decoded its USF
    GprsPollPurpose purpose{GprsPollPurpose::DL_DATA}; //!< POLL: what the mobile answers
};

/**
 * \ingroup gprs
 * \brief The uplink blocks of a cell's PDCHs a few block periods ahead, with one owner each: a
 * poll reserves the block RRBP points to, a USF grants the next one; a block holds at most one
 * of them (as osmo-pcu's pdch_ul_controller).
 *
 * The PCU grants a USF for block N + 1 and polls for block N + 3 while it builds downlink block
 * N, reads block N when the mobiles send, and expires it when the blocks of N take effect (in
 * block N + 1): a poll still reserved then went unanswered.
 */
class GprsUplinkBlockController
{
  public:
    /// PDCHs of a cell at most (TN 0..7).
    static constexpr uint8_t kPdchs = 8;
    /// Blocks ahead kept: RRBP reaches at most 26 frames = 6 blocks ahead, and a block is
    /// expired one block after it was sent.
    static constexpr uint64_t kDepth = 8;

    /**
     * \param block an absolute block number
     * \param pdch a timeslot
     * \return the uplink block: FREE if nobody owns it
     */
    const GprsUplinkBlock& Get(uint64_t block, uint8_t pdch) const
    {
        return m_blocks[block % kDepth][pdch];
    }

    /**
     * \param block an absolute block number
     * \param pdch a timeslot
     * \return whether someone owns the uplink block (a poll or a USF)
     */
    bool IsTaken(uint64_t block, uint8_t pdch) const
    {
        return Get(block, pdch).kind != GprsUplinkBlock::FREE;
    }

    /**
     * \param block an absolute block number
     * \param pdch a timeslot
     * \return whether a poll reserved the uplink block
     */
    bool IsPolled(uint64_t block, uint8_t pdch) const
    {
        return Get(block, pdch).kind == GprsUplinkBlock::POLL;
    }

    /// \return whether no block is reserved or granted: the uplink needs no clock
    bool IsEmpty() const
    {
        return m_taken == 0;
    }

    /**
     * Reserve an uplink block for a poll's answer. The block must be free (IsTaken()): two
     * polls, or a poll and a USF, in one block collide.
     * \param block the block RRBP points to
     * \param pdch the timeslot
     * \param ms the polled mobile
     * \param purpose what it answers
     * \param heard whether the mobile decoded the poll
     */
    void Poll(uint64_t block, uint8_t pdch, uint32_t ms, GprsPollPurpose purpose, bool heard)
    {
        Take(block, pdch, GprsUplinkBlock{GprsUplinkBlock::POLL, ms, heard, purpose});
    }

    /**
     * Grant an uplink block by USF. The block must be free.
     * \param block the block after the downlink block carrying the USF
     * \param pdch the timeslot
     * \param ms the mobile whose USF is sent
     * \param heard whether the mobile decoded its USF
     */
    void Grant(uint64_t block, uint8_t pdch, uint32_t ms, bool heard)
    {
        Take(block,
             pdch,
             GprsUplinkBlock{GprsUplinkBlock::USF, ms, heard, GprsPollPurpose::UL_DUMMY});
    }

    /**
     * Free an uplink block, whatever owns it.
     * \param block the block
     * \param pdch the timeslot
     * \return what owned it
     */
    GprsUplinkBlock Free(uint64_t block, uint8_t pdch)
    {
        GprsUplinkBlock& b = m_blocks[block % kDepth][pdch];
        const GprsUplinkBlock owner = b;
        if (b.kind != GprsUplinkBlock::FREE)
        {
            b.kind = GprsUplinkBlock::FREE;
            --m_taken;
        }
        return owner;
    }

    /**
     * Forget the polls of one TBF and, for an uplink TBF, its USF grants: a released TBF's
     * successor must not answer or use them.
     * \param ms the mobile
     * \param dir the TBF's direction
     */
    void Cancel(uint32_t ms, GprsDirection dir);

  private:
    /// Take a free block for \p owner (inline: the PCU grants and polls in most block periods).
    void Take(uint64_t block, uint8_t pdch, const GprsUplinkBlock& owner)
    {
        if (pdch >= kPdchs || m_blocks[block % kDepth][pdch].kind != GprsUplinkBlock::FREE)
        {
            ThrowTaken(block, pdch);
        }
        m_blocks[block % kDepth][pdch] = owner;
        ++m_taken;
    }

    /**
     * A caller's bug: one uplink block cannot carry two mobiles' blocks.
     * \param block the block
     * \param pdch its timeslot
     */
    [[noreturn]] static void ThrowTaken(uint64_t block, uint8_t pdch);

    /// [block % kDepth][pdch]
    std::array<std::array<GprsUplinkBlock, kPdchs>, kDepth> m_blocks{};
    uint32_t m_taken{0}; //!< blocks not FREE
};

} // namespace ns3

#endif /* GPRS_UPLINK_BLOCK_CONTROLLER_H */
