/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_LINK_ADAPTATION_H
#define GPRS_LINK_ADAPTATION_H

#include "gprs-coding-scheme.h"

#include "ns3/attribute-helper.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <iostream>
#include <optional>

/**
 * \file
 * \ingroup gprs
 * Link adaptation: the coding scheme a TBF's next RLC data blocks use.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * Write a coding scheme's name.
 * \param os the stream
 * \param cs the coding scheme
 * \return os, having written "CS-1".."CS-4"
 */
std::ostream& operator<<(std::ostream& os, GprsCodingScheme cs);

/**
 * \ingroup gprs
 * Read a coding scheme name as ParseGprsCodingScheme() accepts it; sets failbit otherwise.
 * \param is the stream
 * \param cs receives the coding scheme
 * \return is
 */
std::istream& operator>>(std::istream& is, GprsCodingScheme& cs);

/*
 * GprsCodingSchemeValue and its accessor and checker, for attributes named "CS-1".."CS-4".
 * Not an EnumValue: ns-3.37 built without asserts (Debian's libns3) maps every unknown enum
 * name to an arbitrary valid value instead of rejecting it.
 */
ATTRIBUTE_HELPER_HEADER(GprsCodingScheme);

/**
 * \ingroup gprs
 * What the network knows about a TBF's link when it picks the next coding scheme: the
 * content of the latest Ack/Nack and its channel quality report (TS 44.060 clause 11.2.6,
 * Packet Downlink Ack/Nack; on the uplink the BTS measures the C/I itself).
 */
struct GprsLinkQualityReport
{
    /// Coding scheme of the blocks the report covers (the one in use).
    GprsCodingScheme currentCs{GprsCodingScheme::CS1};
    /// C/I estimate of the receiving side in dB; empty when there is no measurement yet.
    std::optional<double> ciDb;
    /// Block transmissions since the previous Ack/Nack that this one reports received.
    uint32_t blocksAcked{0};
    /// Block transmissions since the previous Ack/Nack that this one reports missing.
    uint32_t blocksNacked{0};
};

/**
 * \ingroup gprs
 * Chooses the coding scheme of a TBF's next RLC data blocks; one instance per TBF.
 *
 * The MAC calls SelectCodingScheme() at TBF start (with zero counts, to get the first
 * block's CS from the one it would start with) and after each Ack/Nack; Reset() before the
 * object serves a new TBF. Subclasses implement the policy in DoSelectCodingScheme().
 */
class GprsLinkAdaptation : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    GprsLinkAdaptation();
    ~GprsLinkAdaptation() override;

    /**
     * Pick the coding scheme for the next block(s).
     *
     * \param report what the latest Ack/Nack told
     * \return the coding scheme to use from now on
     * \throws std::invalid_argument for a report with an invalid CS or a non-finite C/I, or
     * when the attributes contradict each other (CheckConsistency())
     */
    GprsCodingScheme SelectCodingScheme(const GprsLinkQualityReport& report);

    /**
     * Check that the attributes fit together (ns-3 sets them one by one, so a checker cannot).
     * \throws std::invalid_argument naming the values when they contradict each other
     */
    void CheckConsistency() const;

    /// Forget the history of the previous TBF.
    void Reset();

    /**
     * TracedCallback signature for coding scheme changes.
     * \param [in] oldCs the coding scheme in use before
     * \param [in] newCs the coding scheme chosen
     */
    typedef void (*CodingSchemeChangeTracedCallback)(GprsCodingScheme oldCs,
                                                     GprsCodingScheme newCs);

  protected:
    /**
     * Throw std::invalid_argument with a message naming the values when attributes contradict
     * each other. Called by CheckConsistency() and before every selection.
     */
    virtual void DoCheckConsistency() const;

  private:
    /**
     * The policy.
     * \param report a validated report
     * \return the coding scheme to use from now on
     */
    virtual GprsCodingScheme DoSelectCodingScheme(const GprsLinkQualityReport& report) = 0;

    /// Forget per-TBF history; the default has none.
    virtual void DoReset();

    /// Fired when SelectCodingScheme() returns a CS other than the report's current one.
    TracedCallback<GprsCodingScheme, GprsCodingScheme> m_codingSchemeChangeTrace;
};

/**
 * \ingroup gprs
 * Always the same coding scheme (the papers' fixed-CS experiments; osmo-pcu without
 * "cs threshold").
 */
class GprsFixedLinkAdaptation : public GprsLinkAdaptation
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    GprsFixedLinkAdaptation();

    /**
     * \param cs the coding scheme to use for every block
     * \throws std::invalid_argument for a value outside CS-1..CS-4
     */
    void SetCodingScheme(GprsCodingScheme cs);

    /// \return the coding scheme used for every block
    GprsCodingScheme GetCodingScheme() const;

  private:
    GprsCodingScheme DoSelectCodingScheme(const GprsLinkQualityReport& report) override;

    GprsCodingScheme m_codingScheme; //!< the coding scheme
};

/**
 * \ingroup gprs
 * Coding scheme from the reported C/I: CS-k is used from the C/I where it starts to carry
 * more data than CS-(k-1), with a hysteresis band around each threshold.
 *
 * With thresholds T2 < T3 < T4 and hysteresis H, the scheme moves up to the highest CS-k with
 * C/I >= Tk + H/2 when that is above the current one, moves down to the highest CS-k with
 * C/I >= Tk - H/2 when that is below the current one, and stays otherwise. Without a C/I
 * measurement it stays.
 */
class GprsCiThresholdLinkAdaptation : public GprsLinkAdaptation
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    GprsCiThresholdLinkAdaptation();

  protected:
    void DoCheckConsistency() const override;

  private:
    GprsCodingScheme DoSelectCodingScheme(const GprsLinkQualityReport& report) override;

    /**
     * \param ciDb a C/I in dB
     * \param offsetDb added to every threshold
     * \return the highest CS whose threshold plus offsetDb is at most ciDb (CS-1 at least)
     */
    GprsCodingScheme HighestAbove(double ciDb, double offsetDb) const;

    double m_cs2ThresholdDb; //!< C/I from which CS-2 beats CS-1, dB
    double m_cs3ThresholdDb; //!< C/I from which CS-3 beats CS-2, dB
    double m_cs4ThresholdDb; //!< C/I from which CS-4 beats CS-3, dB
    double m_hysteresisDb;   //!< width of the band around each threshold, dB
};

/**
 * \ingroup gprs
 * Coding scheme from the NACK rate (as osmo-pcu's "cs threshold"): outcomes of the blocks
 * sent with the current CS are collected until a window is full; then one CS down when the
 * NACK rate is above the upper threshold, one up when below the lower one, and a new window.
 */
class GprsNackRateLinkAdaptation : public GprsLinkAdaptation
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    GprsNackRateLinkAdaptation();

  protected:
    void DoCheckConsistency() const override;

  private:
    GprsCodingScheme DoSelectCodingScheme(const GprsLinkQualityReport& report) override;
    void DoReset() override;

    double m_upperThreshold; //!< NACK rate above which the CS steps down
    double m_lowerThreshold; //!< NACK rate below which the CS steps up
    uint32_t m_windowBlocks; //!< block outcomes per decision

    std::optional<GprsCodingScheme> m_windowCs; //!< CS of the blocks in the window
    uint64_t m_acked{0};                        //!< acked blocks in the window
    uint64_t m_nacked{0};                       //!< nacked blocks in the window
};

} // namespace ns3

#endif /* GPRS_LINK_ADAPTATION_H */
