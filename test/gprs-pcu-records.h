/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_PCU_RECORDS_H
#define GPRS_PCU_RECORDS_H

// What the PCU's trace sources report, as both test fixtures record it (test/pcu's PCU test seam
// and test/ns3's whole-cell scenarios), and the figures both derive from the PCU's settings.

#include "ns3/gprs-block-timing.h"
#include "ns3/gprs-llc-framing.h"
#include "ns3/gprs-pcu.h"
#include "ns3/gprs-radio-block-record.h"
#include "ns3/gprs-rlcmac-types.h"
#include "ns3/nstime.h"
#include "ns3/uinteger.h"

#include <cstdint>
#include <string>

namespace ns3
{
namespace gprs_records
{

/// A TBF establishment, release or rejection, from the TbfEstablished, TbfReleased and
/// TbfRejected traces.
struct TbfEvent
{
    Time at;           //!< when
    uint32_t ms;       //!< mobile
    GprsDirection dir; //!< direction
    Time delay;        //!< establishment: since the data that asked for it
    bool abnormal;     //!< release: counter expiry or reselection
};

/// An RLC data block on the air with its time, from the RlcBlock trace.
struct TimedBlock
{
    Time at;                   //!< when sent
    GprsRlcBlockRecord record; //!< the block
};

/// An RLC/MAC control block on the air, from the ControlBlock trace.
struct TimedControl
{
    Time at;                //!< when sent
    uint32_t ms;            //!< mobile
    GprsControlMessage msg; //!< message
    uint8_t pdch;           //!< timeslot
    bool lost;              //!< not decoded
};

/// Longest block period in ns: 4 TDMA frames plus an idle/PTCCH frame (TS 45.002 6.3.2.2).
constexpr int64_t kMaxBlockPeriodNs = (GprsBlockTiming::kFramesPerBlock + 1) *
                                      GprsBlockTiming::kFrameNsNumerator /
                                      GprsBlockTiming::kFrameNsDenominator;

/**
 * RLC data octets one IP packet costs: its LLC frames (GprsLlcFraming with the PCU's N201U,
 * LlcOverhead, SndcpFirstHeader, SndcpNextHeader) plus one Length Indicator octet per frame
 * (TS 44.060 clauses 9.1.11, 10.4.14).
 * \param pcu the PCU
 * \param ipOctets the IP packet size
 * \return octets of RLC data fields
 */
inline double
RlcOctetsPerPacket(Ptr<GprsPcu> pcu, uint32_t ipOctets)
{
    auto get = [&pcu](const std::string& name) {
        UintegerValue v;
        pcu->GetAttribute(name, v);
        return static_cast<uint32_t>(v.Get());
    };
    const GprsLlcFraming framing(get("N201U"),
                                 get("LlcOverhead"),
                                 get("SndcpFirstHeader"),
                                 get("SndcpNextHeader"));
    return framing.TotalOctets(ipOctets) + framing.FrameCount(ipOctets);
}

} // namespace gprs_records
} // namespace ns3

#endif /* GPRS_PCU_RECORDS_H */
