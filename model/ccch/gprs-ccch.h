/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_CCCH_H
#define GPRS_CCCH_H

#include "gprs-ccch-layout.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>

/**
 * \file
 * \ingroup gprs
 * TBF establishment through the CCCH of a cell: random access and access grants.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * RACH control parameters a cell broadcasts (TS 44.018 10.5.2.29).
 */
struct GprsRachControl
{
    /// Tx-integer T: 3..12, 14, 16, 20, 25, 32 or 50 RACH slots of spread
    uint32_t txInteger{12};
    /// Max retrans M: 1, 2, 4 or 7 CHANNEL REQUESTs after the first
    uint32_t maxRetrans{7};
};

/**
 * \ingroup gprs
 * \param ms a mobile's index in the cell
 * \param direction its bearer's direction (0 downlink, 1 uplink: GprsDirIndex)
 * \return the key of that bearer's access on the cell's GprsCcch
 */
constexpr uint32_t
GetGprsCcchKey(uint32_t ms, uint32_t direction)
{
    return ms * 2 + direction;
}

/**
 * \ingroup gprs
 * \param txInteger Tx-integer T
 * \return true if T is one TS 44.018 10.5.2.29 can code
 */
bool IsGprsTxInteger(uint32_t txInteger);

/**
 * \ingroup gprs
 * \param txInteger Tx-integer T
 * \param combined CCCH combined with SDCCH/4
 * \return S, the RACH slots a mobile leaves out at least between two CHANNEL REQUESTs
 *         (TS 44.018 3.3.1.1.2, Table 3.3.1.1.2.1)
 * \throws std::invalid_argument if T is not a Tx-integer
 */
uint32_t GetGprsRachS(uint32_t txInteger, bool combined);

/**
 * \ingroup gprs
 * The CCCH of a cell establishing TBFs, as the protocol runs it. Pure: frames (counted from
 * frame 0 as GprsBlockTiming counts them) in, frames out; the owner runs one timer per access
 * and calls Advance() at the frame it names.
 *
 * Uplink (TS 44.018 3.3.1.1.2, 3.5.2.1.2; TS 44.060 7.1.2.1): the mobile sends a CHANNEL
 * REQUEST in the RACH slot drawn among the next max(T, 8), and another every S..S+T-1 slots
 * until it hears an IMMEDIATE ASSIGNMENT, M + 1 in all; after the last it waits T3126 (T + 2S
 * slots, at most 5 s) and then gives up (Advance() says FAILED). Two CHANNEL REQUESTs in one
 * slot destroy each other (no capture). The network answers every CHANNEL REQUEST it decodes
 * with an IMMEDIATE ASSIGNMENT in the first free CCCH block after the response time.
 *
 * Downlink (TS 44.018 3.5.3.1.2; TS 45.002 6.5): the IMMEDIATE ASSIGNMENT goes in the first
 * free CCCH block after the response time if the mobile is in non-DRX mode, else in the first
 * free block of the mobile's paging group; a lost one is sent again at the next such block.
 *
 * One assignment per CCCH block: a block taken by one access is not used by another.
 */
class GprsCcch
{
  public:
    /// A uniform draw in [0, 1).
    using Uniform = std::function<double()>;
    /// A loss draw for the mobile's radio: true if the burst or block is lost.
    using Loss = std::function<bool()>;

    /// What Advance() found.
    enum class Result : uint8_t
    {
        WAIT,     //!< nothing yet: call Advance() again at Step::frame
        ASSIGNED, //!< the mobile has its IMMEDIATE ASSIGNMENT
        FAILED,   //!< uplink: T3126 expired without an IMMEDIATE ASSIGNMENT
    };

    /// The result of Advance().
    struct Step
    {
        Result result;  //!< what happened
        uint64_t frame; //!< WAIT: the frame at whose start to call Advance() again
    };

    /**
     * \param config the control channel description
     * \param rach the RACH control parameters
     * \param responseFrames frames from a decoded CHANNEL REQUEST (or downlink data) until the
     *        network's IMMEDIATE ASSIGNMENT can take a CCCH block
     * \throws std::invalid_argument for a bad description or RACH control parameters
     */
    GprsCcch(GprsCcchConfig config, GprsRachControl rach, uint64_t responseFrames);

    /// \return the CCCH layout
    const GprsCcchLayout& GetLayout() const
    {
        return m_layout;
    }

    /**
     * An uplink access starts during \p frame (any earlier one of \p key is dropped).
     * \param key the access (one per mobile and direction)
     * \param frame the current frame
     * \param uniform the mobile's draws
     * \return the frame at whose start to call Advance()
     */
    uint64_t StartUplink(uint32_t key, uint64_t frame, const Uniform& uniform);

    /**
     * A downlink assignment starts during \p frame (any earlier one of \p key is dropped).
     * \param key the access
     * \param frame the current frame
     * \param pagingGroup the mobile's paging group if it is in DRX mode; none in non-DRX mode
     * \return the frame at whose start to call Advance()
     */
    uint64_t StartDownlink(uint32_t key, uint64_t frame, std::optional<uint32_t> pagingGroup);

    /**
     * Everything of the access due by the start of \p frame happens: CHANNEL REQUESTs sent and
     * maybe decoded, IMMEDIATE ASSIGNMENTs received or lost, T3126.
     * \param key the access
     * \param frame the current frame
     * \param uniform the mobile's draws (next CHANNEL REQUEST)
     * \param lost the mobile's loss draws (its CHANNEL REQUEST, its IMMEDIATE ASSIGNMENT)
     * \return what happened; after ASSIGNED and FAILED the access is over
     * \throws std::logic_error if \p key has no access
     */
    Step Advance(uint32_t key, uint64_t frame, const Uniform& uniform, const Loss& lost);

    /**
     * The access ends otherwise (the mobile left, the TBF was released): forget it.
     * \param key the access
     */
    void Cancel(uint32_t key);

    /// \return CHANNEL REQUESTs lost in collisions with another mobile's
    uint64_t GetCollisions() const
    {
        return m_collisions;
    }

  private:
    /// One mobile's access under way.
    struct Access
    {
        std::optional<uint32_t> pagingGroup; //!< downlink in DRX mode: the paging group
        bool uplink{false};                  //!< random access (else a downlink assignment)
        uint32_t requests{0};                //!< CHANNEL REQUESTs sent or scheduled
        std::optional<uint64_t> request;     //!< frame of the next CHANNEL REQUEST
        std::multiset<uint64_t> grants;      //!< frames at which assignments have been sent
        std::optional<uint64_t> t3126;       //!< frame at which T3126 expires
    };

    /// \param access an access \return the frame of its next event
    static uint64_t NextEvent(const Access& access);
    /// \param access an access \param frame after this RACH frame \param slots slots left out
    void ScheduleRequest(Access& access, uint64_t frame, uint32_t slots);
    /// \param frame a RACH frame of a CHANNEL REQUEST no longer sent
    void Unschedule(uint64_t frame);
    /**
     * \param from first frame the block may start at
     * \param pagingGroup only blocks of this paging group, if given
     * \return the frame after the free block now taken
     */
    uint64_t TakeBlock(uint64_t from, std::optional<uint32_t> pagingGroup);
    /// \param frame the current frame: forget blocks and slots before it
    void Forget(uint64_t frame);

    GprsCcchLayout m_layout;                 //!< the 51-multiframe
    GprsRachControl m_rach;                  //!< T and M
    uint32_t m_s;                            //!< S
    uint64_t m_responseFrames;               //!< network response time
    std::map<uint32_t, Access> m_accesses;   //!< accesses under way
    std::map<uint64_t, uint32_t> m_requests; //!< CHANNEL REQUESTs per RACH frame
    std::set<uint64_t> m_collided;           //!< RACH frames found with a collision
    std::set<uint64_t> m_taken;              //!< CCCH blocks (first frame) carrying an assignment
    uint64_t m_collisions{0};                //!< CHANNEL REQUESTs lost in collisions
};

} // namespace ns3

#endif /* GPRS_CCCH_H */
