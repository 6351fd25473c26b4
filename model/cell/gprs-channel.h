/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_CHANNEL_H
#define GPRS_CHANNEL_H

#include "ns3/channel.h"

#include <vector>

/**
 * \file
 * \ingroup gprs
 * The radio interface of one GPRS cell.
 */

namespace ns3
{

class GprsBssNetDevice;
class GprsMsNetDevice;

/**
 * \ingroup gprs
 * \brief One GPRS cell: the network-side device (BSS/PCU) and the mobiles camping on it.
 *
 * The channel only records who is in the cell; the radio blocks, their timing and losses are
 * simulated by the PCU of the network-side device (GprsPcu).
 */
class GprsChannel : public Channel
{
  public:
    /**
     * \brief Get the TypeId
     * \return the TypeId
     */
    static TypeId GetTypeId();
    GprsChannel();

    /**
     * \param bss the network-side device; a cell has exactly one
     */
    void SetBss(Ptr<GprsBssNetDevice> bss);
    /**
     * \return the network-side device, or null
     */
    Ptr<GprsBssNetDevice> GetBss() const;
    /**
     * \param ms a mobile entering the cell
     */
    void AddMs(Ptr<GprsMsNetDevice> ms);
    /**
     * \return the number of mobiles in the cell
     */
    std::size_t GetNMs() const;
    /**
     * \param i index of the mobile, 0 .. GetNMs() - 1
     * \return that mobile's device
     */
    Ptr<GprsMsNetDevice> GetMs(std::size_t i) const;

    // Channel
    std::size_t GetNDevices() const override;
    Ptr<NetDevice> GetDevice(std::size_t i) const override;

  protected:
    void DoDispose() override;

  private:
    Ptr<GprsBssNetDevice> m_bss;             //!< network side
    std::vector<Ptr<GprsMsNetDevice>> m_mss; //!< mobiles
};

} // namespace ns3

#endif /* GPRS_CHANNEL_H */
