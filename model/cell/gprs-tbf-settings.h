/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_TBF_SETTINGS_H
#define GPRS_TBF_SETTINGS_H

#include "ns3/gprs-rlc-parameters.h"
#include "ns3/gprs-tbf.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/random-variable-stream.h"
#include "ns3/type-id.h"

/**
 * \file
 * \ingroup gprs
 * The attributes of TBF establishment and release.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * The parameters of TBF establishment and release: the attribute storage of GprsPcu, whose
 * TypeId names them (AddAttributes()), read live by GprsTbfController and the block work.
 */
struct GprsTbfSettings
{
    /**
     * Add the TBF attributes, from DownlinkAssignmentDelay to TbfEst, to the TypeId
     * of a class derived from GprsTbfSettings.
     * \param tid the TypeId
     * \return tid
     */
    static TypeId AddAttributes(TypeId tid);

    /// \param dir a direction \return the TBF parameters of that direction
    GprsTbfConfig GetTbfConfig(GprsDirection dir) const;

    /// \return what the RLC entities of a new TBF are built for: every TBF of the cell is a
    ///         GPRS TBF (SNS 128, WS 64, CS-1..CS-4) in the RlcMode attribute's mode
    GprsRlcParameters GetRlcParameters() const
    {
        return GprsRlcParameters::Gprs(m_rlcMode);
    }

    GprsRlcMode m_rlcMode;                         //!< RLC mode of all TBFs
    ObjectFactory m_dlLinkAdaptation;              //!< downlink CS policy, one per TBF
    ObjectFactory m_ulLinkAdaptation;              //!< uplink CS policy, one per TBF
    Ptr<RandomVariableStream> m_dlAssignmentDelay; //!< CCCH downlink assignment delay
    Ptr<RandomVariableStream> m_ulAccessDelay;     //!< random access + assignment delay
    uint32_t m_pollInterval;                       //!< poll every N downlink data blocks
    uint32_t m_ulAckInterval;                      //!< uplink Ack/Nack every N blocks
    Time m_t3191;                                  //!< DL final block's Ack/Nack wait
    Time m_t3192;                                  //!< PACCH reachability after a DL TBF
    Time m_t3193;                                  //!< DL TFI reuse wait after normal release
    Time m_t3195;                                  //!< DL TFI reuse wait after N3105 expiry
    Time m_t3169;                                  //!< UL TFI/USF reuse wait after abnormal end
    uint32_t m_assignmentMax;                      //!< unanswered PACCH assignments before CCCH
    Time m_reselectionTime;                        //!< a reselecting mobile is away this long
    uint32_t m_bsCvMax;                            //!< BS_CV_MAX
    Time m_accessRejectWait;                       //!< wait indication of an access reject
    Time m_keepAlive;                              //!< keep-alive interval of a held TBF
    Time m_delayedRelease;                         //!< downlink TBF hold time
    Time m_extendedUplink;                         //!< uplink TBF hold time
    uint32_t m_n3105Max;                           //!< unanswered polls before abort
    uint32_t m_n3101Max;                           //!< unused USF grants before abort
    uint32_t m_n3103Max;                           //!< final uplink Ack/Nack repetitions
    bool m_retryAfterAbort;                        //!< requeue undelivered LLC frames
    bool m_tbfEst;                                 //!< TBF_EST in final uplink Ack/Nacks
};

} // namespace ns3

#endif /* GPRS_TBF_SETTINGS_H */
