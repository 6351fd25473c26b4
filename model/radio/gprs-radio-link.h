/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_RADIO_LINK_H
#define GPRS_RADIO_LINK_H

#include "gprs-bler-model.h"
#include "gprs-co-channel-interference.h"
#include "gprs-coding-scheme.h"
#include "gprs-gilbert-elliott.h"
#include "gprs-radio-conditions.h"

#include "ns3/gprs-unit-uniform.h"
#include "ns3/nstime.h"

#include <array>
#include <functional>
#include <optional>

/**
 * \file
 * \ingroup gprs
 * The radio link of one mobile: its C/I and outages over time and the loss of each block.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * What a radio link reads of its mobile: the C/I schedule, and the burst-loss process that
 * replaces the BLER curves when the mobile uses one. GprsMsNetDevice derives from it (its
 * attributes set the fields); asked for every radio block, so the usual cases take no call.
 */
class GprsRadioSource
{
  public:
    /// \param radio the mobile's C/I and outages over time
    explicit GprsRadioSource(GprsRadioConditions radio);
    virtual ~GprsRadioSource() = default;

    /// \return the mobile's C/I and outages over time
    const GprsRadioConditions& GetRadioConditions() const
    {
        return m_radio;
    }

    /// \return the mobile's Gilbert-Elliott process, or null if it uses the BLER curves
    GprsGilbertElliott* GetGilbertElliott()
    {
        return !m_useGilbertElliott ? nullptr : m_ge ? &*m_ge : MakeGilbertElliott();
    }

    /**
     * Make the mobile's C/I depend on its co-channel cells' load: its C/I schedule then gives
     * the C/I at full load, and the pattern adds what the cells' activity takes off the
     * interference (GprsCoChannelInterference). Set before the mobile's first block.
     * \param pattern the reuse pattern; null: the C/I schedule alone (the default)
     * \param cell the mobile's cell in the pattern
     */
    void SetCoChannelInterference(Ptr<const GprsCoChannelInterference> pattern, uint32_t cell)
    {
        m_coChannel = pattern;
        m_coChannelCell = cell;
    }

    /**
     * \param now the time
     * \param validUntil set to when the value may next change
     * \return what the co-channel cells' load adds to the C/I, dB (0 without a pattern)
     */
    double GetCoChannelCiOffsetDb(const Time& now, Time* validUntil) const
    {
        return m_coChannel ? m_coChannel->GetCiOffsetDb(m_coChannelCell, now, validUntil) : 0;
    }

  protected:
    /// \return the process, built on first use into m_ge
    virtual GprsGilbertElliott* MakeGilbertElliott() = 0;

    GprsRadioConditions m_radio;            //!< C/I over time
    bool m_useGilbertElliott{false};        //!< losses from the two-state process
    std::optional<GprsGilbertElliott> m_ge; //!< the process, built on first use

  private:
    Ptr<const GprsCoChannelInterference> m_coChannel; //!< load-dependent C/I, or null
    uint32_t m_coChannelCell{0};                      //!< the mobile's cell in it
};

/**
 * \ingroup gprs
 * \brief The radio link of one mobile in a cell: the owner of its loss draws. It caches the
 * C/I, the outage state and the BLER of each coding scheme until the mobile's C/I schedule
 * changes (GprsRadioConditions::NextChangeAfter), and reports each change.
 *
 * Every draw takes one uniform number (two with a Gilbert-Elliott process) whatever the
 * channel state, so that the random stream does not depend on it.
 */
class GprsRadioLink
{
  public:
    /**
     * \param source the mobile
     * \param bler the cell's BLER curves; must outlive the link
     * \param uniform the cell's stream of loss draws
     * \param onChange called with (C/I in dB, outage) when either changes
     */
    GprsRadioLink(GprsRadioSource* source,
                  const GprsBlerModel* bler,
                  Ptr<GprsUnitUniformRandomVariable> uniform,
                  std::function<void(double, bool)> onChange);

    /**
     * Draw whether a block to or from the mobile is lost.
     * \param cs the block's coding scheme
     * \param now the time
     * \param ciDb if not null, set to the mobile's C/I
     * \param bler if not null, set to the block error rate drawn against
     * \return true if the block is lost
     */
    bool DrawLoss(GprsCodingScheme cs,
                  const Time& now,
                  double* ciDb = nullptr,
                  double* bler = nullptr)
    {
        if (now >= m_validUntil)
        {
            Update(now);
        }
        double& cached = m_blerCache[static_cast<uint8_t>(cs) - 1];
        if (cached < 0)
        {
            cached = GetBler(cs);
        }
        if (ciDb)
        {
            *ciDb = m_ci;
        }
        if (bler)
        {
            *bler = cached;
        }
        // Always draw, so that the random stream does not depend on the channel state.
        // PeekPointer: GCC keeps Ptr::operator-> out of line here, a call per block.
        GprsUnitUniformRandomVariable* uniform = PeekPointer(m_uniform);
        const double u = uniform->Draw();
        if (GprsGilbertElliott* ge = m_source->GetGilbertElliott())
        {
            return ge->NextBlockLost(uniform->Draw(), u) || m_outage;
        }
        return u < cached;
    }

    /// \return the C/I (dB) as of the last draw (-1e9 before the first)
    double GetCiDb() const
    {
        return m_ci;
    }

  private:
    /// Refresh the cached state: \p now is at or past m_validUntil.
    void Update(const Time& now);
    /// \param cs a coding scheme \return its block error rate in the cached state
    double GetBler(GprsCodingScheme cs) const;

    GprsRadioSource* m_source;                    //!< the mobile
    const GprsBlerModel* m_bler;                  //!< the cell's BLER curves
    Ptr<GprsUnitUniformRandomVariable> m_uniform; //!< the cell's loss draws
    std::function<void(double, bool)> m_onChange; //!< change report
    double m_ci{-1e9};                            //!< cached C/I, dB
    bool m_outage{false};                         //!< cached outage state
    Time m_validUntil{-1};                        //!< the cached state holds until then
    std::array<double, 4> m_blerCache{};          //!< BLER per CS (< 0: unknown)
};

} // namespace ns3

#endif /* GPRS_RADIO_LINK_H */
