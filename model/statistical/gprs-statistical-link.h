/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_STATISTICAL_LINK_H
#define GPRS_STATISTICAL_LINK_H

#include "ns3/attribute-helper.h"
#include "ns3/gprs-enum-text.h"
#include "ns3/nstime.h"

#include <array>
#include <cstdint>

/**
 * \file
 * \ingroup gprs
 * The pure logic of the statistical radio link (doc/gprs.rst, "Statistical radio link"): which
 * transmissions are lost, what happens to a lost one, and when a packet arrives.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * What one loss draw of the statistical link stands for.
 */
enum class GprsStatisticalErrorUnit : uint8_t
{
    PACKET, //!< a packet is lost with the packet error rate, whatever its size
    BLOCK,  //!< each RLC block of the packet is lost with the block error rate
};

/**
 * \ingroup gprs
 * Why the statistical link dropped a packet (its devices' Drop trace).
 */
enum class GprsStatisticalDrop : uint8_t
{
    QUEUE_FULL, //!< its queue (the GGSN's per-mobile buffer, or the mobile's) had no room
    NO_MOBILE,  //!< network side: no mobile of the link has its destination address
    RADIO,      //!< lost on the radio in its last allowed transmission
};

/// Names of the error units, as the ErrorUnit attribute takes them.
template <>
struct GprsEnumText<GprsStatisticalErrorUnit>
{
    static constexpr std::array<const char*, 2> kNames{"Packet", "Block"}; //!< names
    static constexpr const char* kWhat = "statistical error unit";         //!< what a value is
};

// GprsStatisticalErrorUnitValue for GprsStatisticalChannel's ErrorUnit.
ATTRIBUTE_VALUE_DEFINE(GprsStatisticalErrorUnit);
ATTRIBUTE_ACCESSOR_DEFINE(GprsStatisticalErrorUnit);

/// Names of the drop reasons, as the Drop trace's users print them.
template <>
struct GprsEnumText<GprsStatisticalDrop>
{
    static constexpr std::array<const char*, 3> kNames{"QueueFull", "NoMobile", "Radio"}; //!< names
    static constexpr const char* kWhat = "statistical drop reason"; //!< what a value is
};

/**
 * \ingroup gprs
 * \param ipOctets an IP packet's size
 * \return the LLC octets it costs: SNDCP SN-UNITDATA and LLC UI frames with N201-U 500, the
 *         defaults of the cell's LLC (TS 44.065 clause 7.2, TS 44.064 clauses 5, 6.3, 8.9.5)
 */
uint32_t GprsStatisticalLlcOctets(uint32_t ipOctets);

/**
 * \ingroup gprs
 * \param blockErrorRate probability that one RLC block is lost, 0..1
 * \param blocks RLC blocks of the packet
 * \return probability that at least one of them is lost, 1 - (1 - BLER)^blocks: the packet's
 *         loss in RLC unacknowledged mode, where a lost block loses its LLC frame
 * \throws std::invalid_argument if the rate is outside 0..1
 */
double GprsPacketErrorRate(double blockErrorRate, uint32_t blocks);

/**
 * \ingroup gprs
 * \param llcOctets the LLC octets a packet costs (GprsLlcFraming::TotalOctets)
 * \param rlcDataOctets the RLC data octets of one block of the coding scheme (20/30/36/50)
 * \return RLC blocks that carry them, rounded up (at least 1)
 * \throws std::invalid_argument if rlcDataOctets is 0
 */
uint32_t GprsRlcBlocks(uint32_t llcOctets, uint32_t rlcDataOctets);

/**
 * \ingroup gprs
 * \brief Loss draws of the statistical link: per packet, or per block from the packet's size.
 */
class GprsStatisticalLoss
{
  public:
    /**
     * \param unit what a loss draw stands for
     * \param packetErrorRate with PACKET: probability that a transmission is lost, 0..1
     * \param blockErrorRate with BLOCK: probability that one RLC block is lost, 0..1
     * \param rlcDataOctets with BLOCK: RLC data octets of a block, at least 1
     * \throws std::invalid_argument naming the first bad value and what is allowed
     */
    GprsStatisticalLoss(GprsStatisticalErrorUnit unit,
                        double packetErrorRate,
                        double blockErrorRate,
                        uint32_t rlcDataOctets);

    /**
     * \param llcOctets the LLC octets of the packet
     * \return probability that one transmission of it is lost
     */
    double GetLossProbability(uint32_t llcOctets) const;

    /**
     * One transmission: lost when the draw is below the loss probability, so draws uniform on
     * [0, 1) lose exactly that share.
     * \param uniform a uniform draw
     * \param llcOctets the LLC octets of the packet
     * \return true when this transmission is lost
     */
    bool IsLost(double uniform, uint32_t llcOctets) const;

  private:
    GprsStatisticalErrorUnit m_unit; //!< per packet or per block
    double m_packetErrorRate;        //!< PACKET: loss per transmission
    double m_blockErrorRate;         //!< BLOCK: loss per block
    uint32_t m_rlcDataOctets;        //!< BLOCK: octets a block carries
};

/**
 * \ingroup gprs
 * What follows one transmission of a packet on the statistical link.
 */
enum class GprsStatisticalOutcome : uint8_t
{
    DELIVER, //!< it got through: on to its delay, then to the peer
    RESEND,  //!< lost, and a link-level retransmission is left: send it again
    DROP,    //!< lost in its last allowed transmission
};

/**
 * \ingroup gprs
 * \param lost whether this transmission was lost
 * \param transmission which transmission it was: 1 the first, 2 the first retransmission...
 * \param maxRetransmissions link-level retransmissions allowed after the first (LLC
 *        acknowledged mode's N200; 0 in unacknowledged mode)
 * \return what happens next
 */
GprsStatisticalOutcome GprsStatisticalNext(bool lost,
                                           uint32_t transmission,
                                           uint32_t maxRetransmissions);

/**
 * \ingroup gprs
 * \brief When the packets of one direction of one mobile arrive: each packet's own delay after
 * it was sent, or, with the order kept, not before the packet sent before it.
 */
class GprsStatisticalOrder
{
  public:
    /**
     * A packet has been sent: its arrival. A negative delay counts as 0.
     * \param sent when its last transmission ended
     * \param delay its drawn delay
     * \param reorder packets may overtake each other
     * \return when it arrives: sent + delay, or without reordering no earlier than the
     *         arrival of the packet before it (which then arrives first)
     */
    Time Arrival(Time sent, Time delay, bool reorder);

  private:
    Time m_lastArrival; //!< the latest arrival so far, for the order
};

} // namespace ns3

#endif /* GPRS_STATISTICAL_LINK_H */
