/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_PCU_H
#define GPRS_PCU_H

#include "gprs-air-block.h"
#include "gprs-cell-llc-user.h"
#include "gprs-cell-mobile.h"
#include "gprs-cell-sap.h"
#include "gprs-cell-scheduler-view.h"
#include "gprs-cell-settings.h"
#include "gprs-cell-traces.h"
#include "gprs-pacch.h"
#include "gprs-tbf-controller.h"

#include "ns3/event-id.h"
#include "ns3/event-impl.h"
#include "ns3/gprs-bler-model.h"
#include "ns3/gprs-coding-scheme.h"
#include "ns3/gprs-llc-link.h"
#include "ns3/gprs-radio-block-record.h"
#include "ns3/gprs-rlc-entity.h"
#include "ns3/gprs-rlcmac-types.h"
#include "ns3/gprs-scheduler.h"
#include "ns3/gprs-tbf.h"
#include "ns3/gprs-unit-uniform.h"
#include "ns3/gprs-uplink-block-controller.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/object.h"
#include "ns3/packet.h"
#include "ns3/queue.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

#include <array>
#include <map>
#include <optional>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * The packet control unit: RLC/MAC of one GPRS cell, both ends of the radio interface.
 */

namespace ns3
{

class GprsLinkAdaptation;

/**
 * \ingroup gprs
 * \brief The PCU of one cell: TBF establishment and release, the per-PDCH block scheduler,
 * RLC/MAC of both the network and the mobiles, radio block losses, and the per-mobile
 * downlink (GGSN/SGSN) buffer.
 *
 * Time advances in radio blocks (TS 45.002 52-multiframe: 12 blocks in 240 ms). In each block
 * period, for each PDCH: the uplink block is sent by the mobile that holds a reservation
 * (RRBP, for a Packet Downlink Ack/Nack or Packet Control Ack) or was granted the block by the
 * USF of the previous downlink block; the downlink block carries a control message if one is
 * due, else an RLC data block of a TBF chosen by the scheduler; it also carries the USF for the
 * next uplink block. A block is lost with probability BLER(CS, C/I(t)) of its receiver, or
 * surely during an outage. Blocks take effect at their receiver at the next block boundary.
 *
 * The block clock runs only while some TBF is active or a block or reservation is in flight:
 * an idle cell schedules nothing.
 */
class GprsPcu : public Object,
                public GprsCellSettings,
                public GprsCellTraces,
                private GprsTbfControllerUser
{
  public:
    /**
     * \brief Get the TypeId
     * \return the TypeId
     */
    static TypeId GetTypeId();
    GprsPcu();
    ~GprsPcu() override;

    /**
     * \param bss the network side of the cell (GprsBssNetDevice); must outlive the cell's use
     */
    void SetBss(GprsCellNetworkUser* bss);

    /**
     * Register a mobile of the cell.
     * \param ms the mobile (GprsMsNetDevice); must outlive the cell's use
     * \return its index in the cell, with which it sends (EnqueueUplink)
     */
    uint32_t AddMs(GprsCellMsUser* ms);

    /**
     * A downlink IP packet for mobile \p ms arrives from the core network (after the core
     * network delay): it enters that mobile's GGSN buffer, or is dropped when the buffer is
     * full.
     * \param ms mobile index
     * \param packet the IP packet
     * \param sent when the BSS device accepted it (for the delay trace)
     */
    void EnqueueDownlink(uint32_t ms, Ptr<Packet> packet, Time sent);

    /**
     * An uplink IP packet from mobile \p ms: it enters the mobile's uplink buffer.
     * \param ms mobile index
     * \param packet the IP packet
     * \return false if the buffer was full and the packet dropped
     */
    bool EnqueueUplink(uint32_t ms, Ptr<Packet> packet);

    /**
     * The drop-tail buffer of one direction of a mobile (GGSN/SGSN buffer for the downlink, the
     * mobile's for the uplink), with the standard Queue trace sources (Enqueue, Dequeue, Drop)
     * and MaxSize (set from DownlinkBufferBytes / UplinkBufferBytes).
     * \param ms mobile index
     * \param dir direction
     * \return the queue
     */
    Ptr<Queue<Packet>> GetBuffer(uint32_t ms, GprsDirection dir) const;

    /// \return radio block periods simulated so far
    uint64_t GetBlockPeriods() const;

    /// \return radio blocks (data and control, both directions) simulated so far
    uint64_t GetRadioBlocks() const;

    /**
     * \return the mobiles the per-block work looks at: those with a TBF in any state but NONE
     *         or an Ack/Nack owed, and (until the next block period drops them) those that had
     *         one since the last block period. Idle mobiles cost nothing per block.
     */
    uint32_t GetTrackedMobiles() const;

    /// \return mobiles in the cell
    uint32_t GetNMs() const;

    /**
     * \param ms mobile index
     * \return its TLLI
     */
    uint32_t GetTlli(uint32_t ms) const;

    /**
     * \param ms mobile index
     * \param dir direction
     * \return the state of the mobile's TBF in that direction (NONE: no TBF)
     */
    GprsTbfState GetTbfState(uint32_t ms, GprsDirection dir) const;

    /**
     * Assign a fixed random stream index to the random variables of this PCU.
     * \param stream first stream index
     * \return number of streams used
     */
    int64_t AssignStreams(int64_t stream);

  protected:
    void DoDispose() override;
    void DoInitialize() override;

  private:
    bool Enqueue(uint32_t index, GprsDirection dir, Ptr<Packet> packet, Time sent);
    GprsCellMobile& GetMs(uint32_t ms);
    const GprsCellMobile& GetMs(uint32_t ms) const;
    void BlockEvent();
    void ReceiveAir();
    void ReceiveDownlink(GprsAirBlock& air);
    void ReceiveUplink(GprsAirBlock& air);
    /// Put control message \p msg to or from mobile \p index in \p air (CS-1), lost or not.
    void PutControl(GprsAirBlock& air, uint32_t index, GprsControlMessage msg);
    /// Count and trace the control block \p air sent in direction \p dir on \p pdch.
    void CountControl(GprsDirection dir, uint8_t pdch, const GprsAirBlock& air);
    /**
     * Fire the RlcBlock trace for the data block \p air.
     * \param dir its direction
     * \param pdch its PDCH
     * \param air the block
     * \param stalled the sender's window stalled
     * \param ci the receiver's C/I, dB
     * \param bler the block's BLER
     */
    void TraceRlcBlock(GprsDirection dir,
                       uint8_t pdch,
                       const GprsAirBlock& air,
                       bool stalled,
                       double ci,
                       double bler);
    /// Send the uplink block of \p pdch: what RRBP reserved, else what its USF granted.
    void TransmitUplink(uint8_t pdch);
    void TransmitDownlink(uint8_t pdch);
    /// Send a due control message on \p pdch; m_controlPending must not be empty.
    /// \return whether one was sent
    bool SendControl(uint8_t pdch);
    bool SendDownlinkData(uint8_t pdch);
    /// Grant \p pdch's next uplink block by USF, unless a poll reserved it.
    void GrantUplink(uint8_t pdch);
    bool HasWork() const;
    void CollectSenders();

    /**
     * \param ms a mobile
     * \param link its bearer with a TBF
     * \param pdch the PDCH of the transmit opportunity
     * \return whether the bearer would send a block on it (GprsBearer::PrepareTx)
     */
    bool WantsToSend(GprsCellMobile& ms, GprsBearer& link, uint8_t pdch)
    {
        // Within the block event: its start is the time (Simulator::Now() is a library call).
        const GprsTxReadiness r =
            link.PrepareTx(m_rlcMode, pdch == ms.dlAckTn, m_blockStart, GetCountdownBlocks(ms));
        if (r == GprsTxReadiness::HELD)
        {
            EnterHold(ms, link.tbf.GetDirection());
        }
        return r == GprsTxReadiness::SEND;
    }

    /// A TBF of \p ms entered its hold (GprsTxReadiness::HELD): arm its timer.
    void EnterHold(const GprsCellMobile& ms, GprsDirection dir);

    /// \param ms a mobile \return BS_CV_MAX times its uplink timeslots (GprsBearer::Refill)
    uint64_t GetCountdownBlocks(const GprsCellMobile& ms) const
    {
        return uint64_t{m_bsCvMax} * ms.ulCount;
    }

    // GprsTbfControllerUser: what the TBF controller needs from the block work
    void EnsureClock() override;
    /// Add mobile \p index to m_tracked (it has a TBF or owes an Ack/Nack).
    void Track(uint32_t index) override;
    void ForgetTbf(uint32_t index, GprsDirection dir) override;

    void TraceRadioBlock(GprsDirection dir, uint8_t pdch, const GprsAirBlock& air);
    GprsBearer& GetLink(uint32_t index, GprsDirection dir);
    const GprsBearer& GetLink(uint32_t index, GprsDirection dir) const;

    std::vector<GprsCellMobile> m_mss;                //!< mobiles
    std::array<std::array<GprsAirBlock, 8>, 2> m_air; //!< [direction][pdch] blocks in flight
    GprsUplinkBlockController m_uplinkBlocks;         //!< polls and USF grants of the uplink blocks
    GprsTbfController m_tbfs;                         //!< every TBF's life cycle
    GprsCellLlcUser m_llcUser;                        //!< where the logical links reach the cell
    GprsPacch m_pacch;                                //!< the control messages on PACCH
    std::array<GprsCellSchedulerView, 2>
        m_views;                            //!< [direction] the scheduler's view of m_candidates
    std::vector<uint32_t> m_candidates;     //!< scratch list for the scheduler
    std::vector<uint32_t> m_sendingDl;      //!< mobiles whose downlink TBF sends this block period
    std::vector<uint32_t> m_sendingUl;      //!< mobiles whose uplink TBF sends this block period
    std::vector<uint32_t> m_controlPending; //!< mobiles with a control message due, in order
    /// Ascending mobile indices: every mobile that NeedsTracking(), and maybe some that no
    /// longer do (CollectSenders() drops them). The per-block work scans only these.
    std::vector<uint32_t> m_tracked;
    std::vector<GprsReassembledLlcFrame> m_frames; //!< scratch list of reassembled frames
    uint64_t m_frame{0};                           //!< first TDMA frame of the current block
    uint64_t m_block{0};                           //!< absolute radio block number
    bool m_clockRunning{false};                    //!< a block event is scheduled
    /// BlockEvent(), the one event of the clock: scheduled again each block (no allocation), and
    /// cancelled at disposal whichever call scheduled it
    Ptr<EventImpl> m_blockEvent;
    Time m_blockStart;                            //!< start of the block event being run
    uint64_t m_blockPeriods{0};                   //!< block periods simulated
    uint64_t m_radioBlocks{0};                    //!< radio blocks simulated
    uint32_t m_controlRr{0};                      //!< round robin start for control messages
    std::optional<GprsLlcLinkConfig> m_llcConfig; //!< what the logical links share
    GprsBlerModel m_bler;                         //!< BLER tables

    Ptr<GprsUnitUniformRandomVariable> m_uniform; //!< block loss draws
};

} // namespace ns3

#endif /* GPRS_PCU_H */
