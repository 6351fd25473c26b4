/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_RLCMAC_TYPES_H
#define GPRS_RLCMAC_TYPES_H

#include "ns3/attribute-helper.h"
#include "ns3/gprs-enum-text.h"

#include <array>
#include <cstdint>

/**
 * \file
 * \ingroup gprs
 * The vocabulary the radio link's layers share: direction, RLC and LLC modes, the RLC/MAC
 * control messages; their names come from GprsEnumText.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * Direction of a TBF or a block.
 */
enum class GprsDirection : uint8_t
{
    DOWNLINK, //!< network to mobile
    UPLINK,   //!< mobile to network
};

/// Names of the directions: "DL", "UL".
template <>
struct GprsEnumText<GprsDirection>
{
    static constexpr std::array<const char*, 2> kNames{"DL", "UL"}; //!< names
    static constexpr const char* kWhat = "direction";               //!< what a value is
};

/// \param dir a direction \return its index in per-direction arrays: 0 downlink, 1 uplink
constexpr uint32_t
GprsDirIndex(GprsDirection dir)
{
    return dir == GprsDirection::DOWNLINK ? 0 : 1;
}

/// \param dir a direction \return the other one
constexpr GprsDirection
GprsOpposite(GprsDirection dir)
{
    return dir == GprsDirection::DOWNLINK ? GprsDirection::UPLINK : GprsDirection::DOWNLINK;
}

/**
 * \ingroup gprs
 * RLC mode of a TBF (TS 44.060 clause 9.3: RLC_MODE of the assignment messages).
 */
enum class GprsRlcMode : uint8_t
{
    ACKNOWLEDGED,   //!< selective-repeat ARQ, clause 9.3.2
    UNACKNOWLEDGED, //!< no retransmission, clause 9.3.3
};

/// Names of the RLC modes, as the "RlcMode" attribute reads them.
template <>
struct GprsEnumText<GprsRlcMode>
{
    static constexpr std::array<const char*, 2> kNames{"Acknowledged", "Unacknowledged"}; //!< names
    static constexpr const char* kWhat = "RLC mode"; //!< what a value is
};

// GprsRlcModeValue for the "RlcMode" attribute (checker: MakeGprsEnumChecker).
ATTRIBUTE_VALUE_DEFINE(GprsRlcMode);
ATTRIBUTE_ACCESSOR_DEFINE(GprsRlcMode);

/**
 * \ingroup gprs
 * How LLC carries the IP packets of a mobile (TS 44.064 clause 4.1, operation modes).
 */
enum class GprsLlcMode : uint8_t
{
    UNACKNOWLEDGED, //!< UI frames: a frame RLC loses is lost (TS 44.064 clause 6.3.3)
    ACKNOWLEDGED,   //!< ABM: I frames acknowledged and sent again (GprsLlcAbmEntity)
    CELL,           //!< for a mobile's LlcMode only: the mode of its cell's PCU
};

/// Names of the LLC modes, as the "LlcMode" attributes read them.
template <>
struct GprsEnumText<GprsLlcMode>
{
    static constexpr std::array<const char*, 3> kNames{"Unacknowledged",
                                                       "Acknowledged",
                                                       "Cell"}; //!< names
    static constexpr const char* kWhat = "LLC mode";            //!< what a value is
};

// GprsLlcModeValue for the "LlcMode" attributes of the PCU and the mobiles.
ATTRIBUTE_VALUE_DEFINE(GprsLlcMode);
ATTRIBUTE_ACCESSOR_DEFINE(GprsLlcMode);

/**
 * \ingroup gprs
 * RLC/MAC control messages that cost a radio block.
 */
enum class GprsControlMessage : uint8_t
{
    PACKET_DOWNLINK_ACK_NACK,          //!< mobile's Ack/Nack for a downlink TBF (polled, uplink)
    PACKET_UPLINK_ACK_NACK,            //!< network's Ack/Nack for an uplink TBF (downlink)
    PACKET_CONTROL_ACK,                //!< mobile's answer to the final Packet Uplink Ack/Nack
    PACKET_DOWNLINK_ASSIGNMENT,        //!< downlink TBF assignment on PACCH
    PACKET_UPLINK_ASSIGNMENT,          //!< uplink TBF assignment on PACCH
    PACKET_UPLINK_DUMMY_CONTROL_BLOCK, //!< extended uplink TBF: a granted block without data
    PACKET_RESOURCE_REQUEST, //!< mobile's request for a new uplink TBF in the final Packet
                             //!< Uplink Ack/Nack's reserved block (TBF_EST, TS 44.060 9.3.2.4.2)
};

/// TS 44.060 names of the control messages.
template <>
struct GprsEnumText<GprsControlMessage>
{
    /// names
    static constexpr std::array<const char*, 7> kNames{
        "PACKET_DOWNLINK_ACK_NACK",
        "PACKET_UPLINK_ACK_NACK",
        "PACKET_CONTROL_ACK",
        "PACKET_DOWNLINK_ASSIGNMENT",
        "PACKET_UPLINK_ASSIGNMENT",
        "PACKET_UPLINK_DUMMY_CONTROL_BLOCK",
        "PACKET_RESOURCE_REQUEST",
    };
    static constexpr const char* kWhat = "control message"; //!< what a value is
};

} // namespace ns3

#endif /* GPRS_RLCMAC_TYPES_H */
