/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_LINK_ADAPTATION_H
#define GPRS_LINK_ADAPTATION_H

#include "gprs-ci-measurement.h"
#include "gprs-coding-scheme.h"

#include "ns3/attribute-helper.h"
#include "ns3/nstime.h"
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
    /// C/I estimate of the receiving side in dB (GetCiReport()); empty when there is none yet.
    std::optional<double> ciDb;
    /// Block transmissions since the previous Ack/Nack that this one reports received.
    uint32_t blocksAcked{0};
    /// Block transmissions since the previous Ack/Nack that this one reports missing.
    uint32_t blocksNacked{0};
    /// When the report arrived (the simulation time).
    Time time;
};

/**
 * \ingroup gprs
 * Chooses the coding scheme of a TBF's next RLC data blocks; one instance per TBF.
 *
 * The MAC calls SelectCodingScheme() at TBF start (with zero counts, to get the first
 * block's CS from the one it would start with) and after each Ack/Nack; Reset() before the
 * object serves a new TBF. Subclasses implement the policy in DoSelectCodingScheme().
 *
 * The object also holds the receiving side's measurement of the link: the MAC passes the C/I
 * of each radio block the receiver measures to MeasureCi(), and a channel quality report
 * carries GetCiReport(), the running average of TS 45.008 clause 10.2.3.1.2 (GprsCiMeasurement)
 * in steps of attribute CiQuantisation. The measurement belongs to the radio link, not to a
 * TBF: Reset() keeps it, and periods without measurement let old samples fade.
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
     * The receiving side measured a radio block of this link (TS 45.008 10.2.3.1.2: the mobile
     * on the downlink, the BTS on the uplink).
     * \param block the number of the radio block period (block periods must not decrease; a
     *        second block in one period is not measured)
     * \param ciDb the block's C/I in dB, finite
     * \throws std::invalid_argument for a decreasing block period or a non-finite C/I
     */
    void MeasureCi(uint64_t block, double ciDb);

    /**
     * \return the C/I a channel quality report carries now: the running average of the
     *         measured blocks in steps of CiQuantisation (with CiFilter false, the latest
     *         block's C/I in such steps); empty before the first measurement
     */
    std::optional<double> GetCiReport() const;

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

    /// \param k k of T_AVG_T (attribute TAvgT)
    void SetTAvgT(uint32_t k);
    /// \return k of T_AVG_T
    uint32_t GetTAvgT() const;
    /// \param filter attribute CiFilter
    void SetCiFilter(bool filter);
    /// \return attribute CiFilter
    bool GetCiFilter() const;
    /// Derive m_forgettingFactor from TAvgT and CiFilter.
    void UpdateForgettingFactor();

    uint32_t m_tAvgT{6};            //!< k of T_AVG_T = 2^(k/2) / 6 multiframes
    bool m_ciFilter{true};          //!< average the measurements (else keep the latest)
    double m_forgettingFactor{1.0}; //!< c per block period, from m_tAvgT and m_ciFilter
    double m_ciQuantisationDb;      //!< step of the reported C/I, dB
    GprsCiMeasurement m_ciMeasure;  //!< the receiving side's running average
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
 * Coding scheme from the NACK rate, as osmo-pcu's "cs threshold" (gprs_ms.c,
 * ms_update_error_rate()): each Ack/Nack reporting at least two blocks decides. One CS down
 * when its NACK rate is above the upper threshold; one CS up when below the lower one, unless
 * the rate was not low (or the CS changed) less than UpBlocking ago; the rate between the
 * thresholds only restarts that blocking period.
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

    double m_upperThreshold; //!< NACK rate above which the CS steps down
    double m_lowerThreshold; //!< NACK rate below which the CS steps up
    Time m_upBlocking;       //!< no step up sooner than this after a rate that was not low

    /// When the NACK rate was last not low or the CS changed; the first report's time at first.
    std::optional<Time> m_lastNotLow;
};

} // namespace ns3

#endif /* GPRS_LINK_ADAPTATION_H */
