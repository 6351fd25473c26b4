/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_LLC_LINK_H
#define GPRS_LLC_LINK_H

#include "gprs-llc-abm.h"
#include "gprs-llc-buffer.h"
#include "gprs-llc-framing.h"
#include "gprs-sndcp-ack.h"

#include "ns3/event-id.h"
#include "ns3/gprs-rlcmac-types.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/type-id.h"

#include <deque>
#include <memory>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * One direction of one mobile's logical link: its IP packet buffer, SNDCP and LLC framing, the
 * LLC acknowledged-mode entity, and the LLC frames RLC carries until they are delivered or lost.
 */

namespace ns3
{

struct GprsReassembledLlcFrame;

/**
 * \ingroup gprs
 * An LLC frame handed to RLC, as reported by the GprsPcu "LlcFrame" trace source: the id its
 * segments carry in GprsRlcDataBlock, and what it carries. Pointers are valid during the callback
 * only.
 */
struct GprsLlcFrameRecord
{
    uint64_t frameId{0};    //!< GprsLlcSegment::frameId of its segments, counted per link
    uint32_t octets{0};     //!< frame length, headers and FCS included
    Ptr<const Packet> npdu; //!< UI or ABM I frame: the IP packet it carries a segment of;
                            //!< null: no user data (dummy, cell update, S, SABM, UA frames)
    uint16_t segment{0};    //!< SNDCP segment index of npdu (SN-UNITDATA or SN-DATA)
    uint16_t segments{1};   //!< SNDCP segments of npdu
    const GprsLlcAbmFrame* abm{nullptr}; //!< LLC acknowledged mode: the I, S or U frame
};

/**
 * \ingroup gprs
 * What the logical links of a cell share: SNDCP/LLC sizes (TS 44.064, TS 44.065), the LLC PDU
 * lifetime of the downlink, and the parameters of acknowledged mode.
 */
struct GprsLlcLinkConfig
{
    /**
     * \param ui sizes of UI frames (SN-UNITDATA); its LLC overhead is also the size of a frame
     *        without information field
     * \param abm sizes of the information fields of I frames (SN-DATA); the entity adds its
     *        own header octets
     * \param lifetime downlink LLC PDU lifetime; 0: none
     * \param abmParameters parameters of acknowledged mode
     */
    GprsLlcLinkConfig(GprsLlcFraming ui,
                      GprsLlcFraming abm,
                      Time lifetime,
                      GprsLlcAbmParameters abmParameters);

    GprsLlcFraming ui;                  //!< UI frames
    GprsLlcFraming abm;                 //!< information fields of I frames
    Time lifetime;                      //!< downlink LLC PDU lifetime; 0: none
    GprsLlcAbmParameters abmParameters; //!< acknowledged mode
};

/**
 * \ingroup gprs
 * The parameters of a cell's logical links: the attribute storage of GprsPcu, whose TypeId names
 * them (AddAttributes()).
 */
struct GprsLlcSettings
{
    /**
     * Add the buffer and LLC attributes, from DownlinkBufferBytes to LlcN201I, to the TypeId of
     * a class derived from GprsLlcSettings.
     * \param tid the TypeId
     * \return tid
     */
    static TypeId AddAttributes(TypeId tid);

    /**
     * \return what the links share, made of the attributes
     * \throws std::invalid_argument if the SNDCP/LLC sizes do not fit together
     */
    GprsLlcLinkConfig MakeLinkConfig() const;

    uint32_t m_dlBufferBytes;    //!< GGSN buffer per mobile
    uint32_t m_ulBufferBytes;    //!< mobile uplink buffer
    Time m_llcLifetime;          //!< downlink LLC PDU lifetime; 0: none
    uint32_t m_n201U;            //!< N201-U
    uint32_t m_llcOverhead;      //!< LLC header + FCS
    uint32_t m_sndcpFirstHeader; //!< SNDCP header, first segment
    uint32_t m_sndcpNextHeader;  //!< SNDCP header, other segments
    GprsLlcMode m_llcMode;       //!< LLC mode of the mobiles that inherit it
    uint32_t m_llcN200;          //!< ABM: N200
    Time m_llcT200;              //!< ABM: T200 and T201
    uint32_t m_llcWindow;        //!< ABM: k, both directions
    uint32_t m_llcN201I;         //!< ABM: N201-I
};

class GprsLlcLink;

/**
 * \ingroup gprs
 * What a logical link needs from the cell that carries it (the user side of the link, as
 * ns-3 LTE's SAP users): where packets go up, where losses are reported, and how frames reach
 * RLC.
 */
class GprsLlcLinkUser
{
  public:
    virtual ~GprsLlcLinkUser() = default;

    /**
     * A new frame for RLC: the TBF's RLC entity takes it if the TBF can still carry it.
     * \param link the link
     * \param frameId its id
     * \param octets its size
     * \return whether RLC took it (else it waits for the next TBF)
     */
    virtual bool OfferToRlc(GprsLlcLink& link, uint64_t frameId, uint32_t octets) = 0;
    /**
     * A frame was queued for RLC (the "LlcFrame" trace).
     * \param link the link
     * \param record the frame
     */
    virtual void NotifyFrameQueued(const GprsLlcLink& link, const GprsLlcFrameRecord& record) = 0;
    /// \param link the link; \return whether a frame record is wanted (NotifyFrameQueued)
    virtual bool WantsFrameRecords(const GprsLlcLink& link) const = 0;
    /**
     * Acknowledged mode: the entity sent a frame.
     * \param link the link
     * \param frame the frame
     */
    virtual void NotifyAbmFrame(const GprsLlcLink& link, const GprsLlcAbmFrame& frame) = 0;
    /// \param link a link whose buffer occupancy changed
    virtual void NotifyBufferOccupancy(const GprsLlcLink& link) = 0;
    /**
     * A downlink packet outlived the LLC PDU lifetime in the buffer and was dropped.
     * \param link the link
     * \param packet the packet
     */
    virtual void NotifyExpired(const GprsLlcLink& link, Ptr<const Packet> packet) = 0;
    /**
     * A frame is lost for good: not delivered by RLC, or discarded by the LLC receiver.
     * \param link the link it was sent on
     * \param octets its size
     */
    virtual void NotifyFrameLost(const GprsLlcLink& link, uint32_t octets) = 0;
    /// \param link a link that lost a frame without user data (signalling, LLC ABM frames)
    virtual void NotifySignallingLost(const GprsLlcLink& link) = 0;
    /**
     * An IP packet is lost: one of its frames was.
     * \param link the link
     * \param packet the packet
     */
    virtual void NotifyPacketLost(const GprsLlcLink& link, Ptr<const Packet> packet) = 0;
    /// \param link a link on which a frame arrived (any frame: uplink ones update the cell)
    virtual void NotifyFrameReceived(const GprsLlcLink& link) = 0;
    /**
     * An IP packet arrived whole: hand it up.
     * \param link the link
     * \param packet the packet
     * \param sent when the sending device accepted it
     */
    virtual void Deliver(const GprsLlcLink& link, Ptr<Packet> packet, Time sent) = 0;
    /// \param link a link with frames or packets for RLC now: it needs a TBF
    virtual void NotifyDataReady(GprsLlcLink& link) = 0;
    /// \param link a link \return the link of the other direction of its mobile
    virtual GprsLlcLink& GetPeer(const GprsLlcLink& link) = 0;
};

/**
 * \ingroup gprs
 * \brief One direction of one mobile's logical link (TS 44.064 LLC over TS 44.065 SNDCP): the
 * IP packets not yet handed to LLC (the GGSN buffer on the downlink, the mobile's on the
 * uplink), the LLC frames for RLC until they are delivered or lost, and the LLC
 * acknowledged-mode entity if the link uses it.
 *
 * Frames are numbered per link; RLC carries their ids and sizes and reports the ids it
 * reassembled (DeliverFrames()). The entity of acknowledged mode is the one sending on this
 * direction; it receives on the other (GprsLlcLinkUser::GetPeer()).
 */
class GprsLlcLink
{
  public:
    /// An LLC frame for RLC, kept until delivered or lost.
    struct Frame
    {
        Ptr<Packet> npdu;  //!< UI: the IP packet (N-PDU) this frame is a segment of; null: other
        Time sent;         //!< when the sending device accepted the packet
        uint32_t octets;   //!< frame size with LLC and SNDCP headers
        uint16_t segment;  //!< SNDCP segment index
        uint16_t segments; //!< SNDCP segments of the N-PDU
        std::unique_ptr<GprsLlcAbmFrame> abm{}; //!< an LLC ABM frame (npdu null), else null
    };

    /**
     * \param ms index of the mobile in the cell
     * \param dir direction of the link
     */
    GprsLlcLink(uint32_t ms, GprsDirection dir);

    /**
     * Attach the link to its cell, when the mobile joins it.
     * \param user the cell; must outlive the link's use
     */
    void Attach(GprsLlcLinkUser* user);
    /**
     * Configure the link, when the cell starts.
     * \param config what the links of the cell share; must outlive the link's use
     * \param acknowledged use LLC acknowledged mode
     */
    void Configure(const GprsLlcLinkConfig* config, bool acknowledged);
    /// Cancel the timer of acknowledged mode (at disposal).
    void CancelTimer();

    /// \return index of the mobile in the cell
    uint32_t GetMs() const
    {
        return m_ms;
    }

    /// \return the direction
    GprsDirection GetDirection() const
    {
        return m_dir;
    }

    /// \return the buffer of IP packets not yet handed to LLC
    Ptr<GprsLlcBuffer> GetBuffer() const
    {
        return m_buffer;
    }

    /**
     * An IP packet enters the buffer.
     * \param packet the packet
     * \param sent when the sending device accepted it
     * \return false if the buffer was full (the packet is not kept)
     */
    bool Enqueue(Ptr<Packet> packet, Time sent);

    /// \return whether LLC would take an IP packet of the buffer now (UI: whenever there is one)
    bool HasDataForLlc() const
    {
        return !PeekPointer(m_buffer)->Empty() && (!m_abm || TakesPacket(m_abm->entity));
    }

    /// \return whether the buffer is empty
    bool IsBufferEmpty() const
    {
        return PeekPointer(m_buffer)->Empty(); // no Ptr check: asked per candidate and block
    }

    /// \return octets in the buffer
    uint64_t GetBufferedOctets() const
    {
        return m_buffer->GetNBytes();
    }

    /// \return octets of the frames the buffer's packets would make
    uint64_t GetBufferedFrameOctets() const;

    /**
     * Hand the buffer's oldest packet to LLC: its frames go to RLC (OfferToRlc) or wait.
     * Downlink packets past the LLC PDU lifetime are dropped first.
     * \param now the time
     * \return false if no packet was left to hand (all had expired)
     */
    bool HandOver(Time now);
    /**
     * Queue an LLC frame without information field (a dummy frame or a cell update).
     * \param now the time
     */
    void QueueEmptyFrame(Time now);

    /// \return whether frames wait for RLC or for their delivery
    bool HasFrames() const
    {
        return !m_frames.empty();
    }

    /// \return frames not yet known delivered or lost
    std::size_t GetFrameCount() const
    {
        return m_frames.size();
    }

    /// \return whether every frame went to the RLC entity of the TBF
    bool AllFramesInRlc() const
    {
        return m_inRlc == m_frames.size();
    }

    /**
     * A new TBF: all frames still kept (a retry after an abort) go to its RLC entity first.
     * \param enqueue how RLC takes one frame: (id, octets)
     */
    template <typename F>
    void HandAllToRlc(F enqueue)
    {
        for (std::size_t i = 0; i < m_frames.size(); ++i)
        {
            enqueue(m_firstFrameId + i, m_frames[i].octets);
        }
        m_inRlc = m_frames.size();
    }

    /**
     * The TBF ended: its frames are lost unless kept for the next TBF.
     * \param keep keep them (retry after an abnormal release)
     */
    void EndTbf(bool keep);
    /// Lose every frame (the mobile left the cell).
    void DropAllFrames();

    /**
     * RLC reassembled frames, in order: deliver them (older undelivered ones are lost).
     * \param frames their ids
     */
    void DeliverFrames(const std::vector<GprsReassembledLlcFrame>& frames)
    {
        if (!frames.empty()) // most blocks complete no frame
        {
            TakeReassembled(frames);
        }
    }

  private:
    /// An IP packet sent in LLC acknowledged mode.
    struct AbmNpdu
    {
        Ptr<Packet> packet; //!< the IP packet
        Time sent;          //!< when the sending device accepted it
    };

    /// LLC acknowledged mode on this direction.
    struct Abm
    {
        /**
         * \param side the end whose entity sends on this direction
         * \param parameters ABM parameters
         */
        Abm(GprsLlcAbmSide side, const GprsLlcAbmParameters& parameters);
        GprsLlcAbmEntity entity;            //!< the entity sending on this direction
        GprsSndcpAckTracker<AbmNpdu> sndcp; //!< the IP packets of the PDUs given to entity
        EventId timer;                      //!< the entity's timer (T200 / T201)
        Time timerAt;                       //!< when timer expires
    };

    /**
     * \param llc an LLC ABM entity
     * \return whether it takes an IP packet now
     */
    static bool TakesPacket(const GprsLlcAbmEntity& llc);
    void Append(Frame frame);
    GprsLlcFrameRecord Describe(const Frame& frame) const;
    void PopFront();
    void DropFront();
    void DropExpired(Time now);
    void HandToAbm(Ptr<Packet> packet, Time sent);
    void Pump();
    void Serve();
    void Receive(const GprsLlcAbmFrame& frame);
    void TimerExpired();
    /// DeliverFrames() of at least one frame.
    void TakeReassembled(const std::vector<GprsReassembledLlcFrame>& frames);

    const uint32_t m_ms;                        //!< index of the mobile in the cell
    const GprsDirection m_dir;                  //!< direction
    GprsLlcLinkUser* m_user{nullptr};           //!< the cell
    const GprsLlcLinkConfig* m_config{nullptr}; //!< what the links of the cell share
    Ptr<GprsLlcBuffer> m_buffer;                //!< IP packets not yet handed to LLC
    std::deque<Frame> m_frames;                 //!< frames for RLC, ids m_firstFrameId...
    uint64_t m_firstFrameId{0};                 //!< id of m_frames.front()
    std::size_t m_inRlc{0};                     //!< m_frames.front()... handed to the TBF's RLC
    uint16_t m_segmentsOk{0};                   //!< SNDCP segments of the current N-PDU delivered
    std::unique_ptr<Abm> m_abm;                 //!< LLC acknowledged mode; null: UI frames
};

} // namespace ns3

#endif /* GPRS_LLC_LINK_H */
