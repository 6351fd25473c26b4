/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_CCCH_SETTINGS_H
#define GPRS_CCCH_SETTINGS_H

#include "gprs-ccch.h"

#include "ns3/nstime.h"
#include "ns3/random-variable-stream.h"
#include "ns3/type-id.h"

/**
 * \file
 * \ingroup gprs
 * The attributes of a cell's CCCH.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * The CCCH parameters of a cell: the attribute storage of GprsPcu (AddAttributes() names
 * them), read when the cell's first access starts.
 */
struct GprsCcchSettings
{
    /**
     * Add the CCCH attributes, from CcchAccess to CcchResponseTime, to a TypeId.
     * \param tid the TypeId of a class derived from GprsCcchSettings
     * \return tid
     */
    static TypeId AddAttributes(TypeId tid);

    /**
     * \return the CCCH these attributes describe
     * \throws std::invalid_argument if BsAgBlksRes leaves no paging block
     */
    GprsCcch MakeCcch() const;

    bool m_ccchAccess;      //!< the protocol's CCCH, not the delay draws
    bool m_ccchCombined;    //!< CCCH_CONF: combined with SDCCH/4
    uint32_t m_bsAgBlksRes; //!< BS_AG_BLKS_RES
    uint32_t m_bsPaMfrms;   //!< BS_PA_MFRMS
    uint32_t m_txInteger;   //!< Tx-integer
    uint32_t m_maxRetrans;  //!< Max retrans
    Time m_nonDrxTimer;     //!< non-DRX mode after packet transfer mode
    Time m_ccchResponse;    //!< network response time on CCCH
    Ptr<UniformRandomVariable> m_rachUniform{
        CreateObject<UniformRandomVariable>()}; //!< the mobiles' RACH slot draws
};

} // namespace ns3

#endif /* GPRS_CCCH_SETTINGS_H */
