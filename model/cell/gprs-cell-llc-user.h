/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_CELL_LLC_USER_H
#define GPRS_CELL_LLC_USER_H

#include "gprs-cell-mobile.h"
#include "gprs-cell-sap.h"
#include "gprs-cell-traces.h"
#include "gprs-tbf-controller.h"

#include "ns3/gprs-llc-link.h"

#include <vector>

/**
 * \file
 * \ingroup gprs
 * The cell's side of its logical links.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * What the logical links of a cell's mobiles reach (GprsLlcLinkUser): their frames go to their
 * bearer's RLC entity, their packets up to the mobile or the network side, their losses and
 * frames to the cell's traces, their need of a TBF to the TBF controller. One per cell.
 */
class GprsCellLlcUser : public GprsLlcLinkUser
{
  public:
    /**
     * \param mss the cell's mobiles
     * \param tbfs the cell's TBF controller
     * \param traces the cell's trace sources
     */
    GprsCellLlcUser(std::vector<GprsCellMobile>& mss,
                    GprsTbfController& tbfs,
                    GprsCellTraces& traces);

    /// \param bss the network side of the cell (the cell's one reference to it)
    void SetBss(GprsCellNetworkUser* bss);

    /// \return the network side of the cell, as SetBss() gave it
    GprsCellNetworkUser* GetBss() const
    {
        return m_bss;
    }

    bool OfferToRlc(GprsLlcLink& link, uint64_t frameId, uint32_t octets) override;
    bool WantsFrameRecords(const GprsLlcLink& link) const override;
    void NotifyFrameQueued(const GprsLlcLink& link, const GprsLlcFrameRecord& record) override;
    void NotifyAbmFrame(const GprsLlcLink& link, const GprsLlcAbmFrame& frame) override;
    void NotifyBufferOccupancy(const GprsLlcLink& link) override;
    void NotifyExpired(const GprsLlcLink& link, Ptr<const Packet> packet) override;
    void NotifyFrameLost(const GprsLlcLink& link, uint32_t octets) override;
    void NotifySignallingLost(const GprsLlcLink& link) override;
    void NotifyPacketLost(const GprsLlcLink& link, Ptr<const Packet> packet) override;
    void NotifyFrameReceived(const GprsLlcLink& link) override;
    void Deliver(const GprsLlcLink& link, Ptr<Packet> packet, Time sent) override;
    void NotifyDataReady(GprsLlcLink& link) override;
    GprsLlcLink& GetPeer(const GprsLlcLink& link) override;

  private:
    /// \param link a link of the cell \return its bearer
    GprsBearer& GetBearer(const GprsLlcLink& link)
    {
        return m_mss[link.GetMs()].GetBearer(link.GetDirection());
    }

    std::vector<GprsCellMobile>& m_mss;  //!< the cell's mobiles
    GprsTbfController& m_tbfs;           //!< the cell's TBF controller
    GprsCellTraces& m_traces;            //!< the cell's trace sources
    GprsCellNetworkUser* m_bss{nullptr}; //!< the network side
};

} // namespace ns3

#endif /* GPRS_CELL_LLC_USER_H */
