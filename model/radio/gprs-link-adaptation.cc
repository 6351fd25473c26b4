/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-link-adaptation.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/gprs-predicate-checker.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GprsLinkAdaptation");

NS_OBJECT_ENSURE_REGISTERED(GprsLinkAdaptation);
NS_OBJECT_ENSURE_REGISTERED(GprsFixedLinkAdaptation);
NS_OBJECT_ENSURE_REGISTERED(GprsCiThresholdLinkAdaptation);
NS_OBJECT_ENSURE_REGISTERED(GprsNackRateLinkAdaptation);

ATTRIBUTE_VALUE_IMPLEMENT(GprsCodingScheme);

Ptr<const AttributeChecker>
MakeGprsCodingSchemeChecker()
{
    // Checks the value, not only its type: from ns-3.43 on, an empty string reads as
    // GprsCodingScheme() (0) without calling operator>>, and only a checker can refuse it.
    return Create<GprsPredicateChecker<GprsCodingSchemeValue>>(
        [](const GprsCodingSchemeValue& v) {
            return std::find(kGprsCodingSchemes.begin(), kGprsCodingSchemes.end(), v.Get()) !=
                   kGprsCodingSchemes.end();
        },
        "ns3::GprsCodingSchemeValue",
        "CS-1|CS-2|CS-3|CS-4");
}

namespace
{
/// C/I range a threshold may take: the default BLER tables (gprs-bler-model.h) span it, and
/// every coding scheme goes from unusable to error free inside it.
constexpr double kMinThresholdDb = -10.0;
constexpr double kMaxThresholdDb = 40.0; //!< see kMinThresholdDb

/// Upper bound of the hysteresis: twice the widest gap (6.1 dB) between adjacent default
/// thresholds would already merge all bands; 10 dB leaves room for user thresholds.
constexpr double kMaxHysteresisDb = 10.0;

/// Upper bound of CiQuantisation: I_LEVEL's 2 dB (TS 45.008 10.3) five times over.
constexpr double kMaxQuantisationDb = 10.0;

/// \return the coding scheme one step more robust (cs itself at CS-1)
GprsCodingScheme
StepDown(GprsCodingScheme cs)
{
    return cs == GprsCodingScheme::CS1 ? cs
                                       : static_cast<GprsCodingScheme>(static_cast<int>(cs) - 1);
}

/// \return the coding scheme one step faster (cs itself at CS-4)
GprsCodingScheme
StepUp(GprsCodingScheme cs)
{
    return cs == GprsCodingScheme::CS4 ? cs
                                       : static_cast<GprsCodingScheme>(static_cast<int>(cs) + 1);
}
} // namespace

std::ostream&
operator<<(std::ostream& os, GprsCodingScheme cs)
{
    return os << ToString(cs);
}

std::istream&
operator>>(std::istream& is, GprsCodingScheme& cs)
{
    std::string name;
    is >> name;
    try
    {
        cs = ParseGprsCodingScheme(name);
    }
    catch (const std::invalid_argument& e)
    {
        NS_LOG_WARN(e.what());
        is.setstate(std::ios::failbit);
    }
    return is;
}

// ---------------------------------------------------------------------------------------------

TypeId
GprsLinkAdaptation::GetTypeId()
{
    // The measurement's defaults and their sources: doc/gprs-mac-parts.rst.inc, "The C/I a
    // report carries".
    static TypeId tid =
        TypeId("ns3::GprsLinkAdaptation")
            .SetParent<Object>()
            .SetGroupName("Gprs")
            .AddAttribute(
                "TAvgT",
                "k of T_AVG_T = 2^(k/2)/6 multiframes (TS 44.060 12.9, k = 0..25), the averaging "
                "period of the reported C/I: forgetting factor c = 1/(12 T_AVG_T) = "
                "2^-(k/2+1) per radio block period (TS 45.008 10.2.3.1.2). Default 6: c = 1/16, "
                "an average over about one PollInterval (16 blocks), which cuts the standard "
                "deviation of per-block jitter to 0.18 of its value.",
                UintegerValue(6),
                MakeUintegerAccessor(&GprsLinkAdaptation::SetTAvgT, &GprsLinkAdaptation::GetTAvgT),
                MakeUintegerChecker<uint32_t>(0, 25))
            .AddAttribute("CiFilter",
                          "Whether a report carries the running average of the measured blocks "
                          "(true) or the C/I of the latest one (false; with CiQuantisation 0, "
                          "the exact instantaneous C/I the model reported before issue 27).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&GprsLinkAdaptation::SetCiFilter,
                                              &GprsLinkAdaptation::GetCiFilter),
                          MakeBooleanChecker())
            .AddAttribute("CiQuantisation",
                          "Step in dB of the reported C/I, rounded to the nearest step. Default "
                          "1 dB: the step of C_VALUE (TS 45.008 10.2.3.1) in the Channel Quality "
                          "Report (TS 44.060 12.5.1); 0 reports the exact value.",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&GprsLinkAdaptation::m_ciQuantisationDb),
                          MakeDoubleChecker<double>(0.0, kMaxQuantisationDb))
            .AddTraceSource("CodingSchemeChange",
                            "The link adaptation switched to another coding scheme.",
                            MakeTraceSourceAccessor(&GprsLinkAdaptation::m_codingSchemeChangeTrace),
                            "ns3::GprsLinkAdaptation::CodingSchemeChangeTracedCallback");
    return tid;
}

GprsLinkAdaptation::GprsLinkAdaptation()
{
    NS_LOG_FUNCTION(this);
}

GprsLinkAdaptation::~GprsLinkAdaptation()
{
    NS_LOG_FUNCTION(this);
}

GprsCodingScheme
GprsLinkAdaptation::SelectCodingScheme(const GprsLinkQualityReport& report)
{
    NS_LOG_FUNCTION(this << static_cast<int>(report.currentCs) << report.ciDb.value_or(NAN)
                         << report.blocksAcked << report.blocksNacked);
    GetGprsCodingSchemeInfo(report.currentCs); // throws for a value outside CS-1..CS-4
    if (report.ciDb && !std::isfinite(*report.ciDb))
    {
        std::ostringstream msg;
        msg << "link quality report with C/I " << *report.ciDb
            << " dB (allowed: a finite number, or no measurement)";
        throw std::invalid_argument(msg.str());
    }
    CheckConsistency();
    const GprsCodingScheme next = DoSelectCodingScheme(report);
    if (next != report.currentCs)
    {
        NS_LOG_INFO(report.currentCs << " -> " << next);
        m_codingSchemeChangeTrace(report.currentCs, next);
    }
    return next;
}

void
GprsLinkAdaptation::CheckConsistency() const
{
    DoCheckConsistency();
}

void
GprsLinkAdaptation::Reset()
{
    NS_LOG_FUNCTION(this);
    DoReset();
}

void
GprsLinkAdaptation::MeasureCi(uint64_t block, double ciDb)
{
    NS_LOG_FUNCTION(this << block << ciDb);
    m_ciMeasure.Add(block, ciDb, m_forgettingFactor);
}

void
GprsLinkAdaptation::SetTAvgT(uint32_t k)
{
    m_tAvgT = k;
    UpdateForgettingFactor();
}

uint32_t
GprsLinkAdaptation::GetTAvgT() const
{
    return m_tAvgT;
}

void
GprsLinkAdaptation::SetCiFilter(bool filter)
{
    m_ciFilter = filter;
    UpdateForgettingFactor();
}

bool
GprsLinkAdaptation::GetCiFilter() const
{
    return m_ciFilter;
}

void
GprsLinkAdaptation::UpdateForgettingFactor()
{
    // Computed when the attributes change, not for every measured block.
    m_forgettingFactor = m_ciFilter ? std::exp2(-(static_cast<double>(m_tAvgT) / 2 + 1)) : 1.0;
}

std::optional<double>
GprsLinkAdaptation::GetCiReport() const
{
    const std::optional<double> average = m_ciMeasure.GetAverageDb();
    if (!average)
    {
        return std::nullopt;
    }
    return GprsCiMeasurement::Quantise(*average, m_ciQuantisationDb);
}

void
GprsLinkAdaptation::DoCheckConsistency() const
{
}

void
GprsLinkAdaptation::DoReset()
{
}

// ---------------------------------------------------------------------------------------------

TypeId
GprsFixedLinkAdaptation::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GprsFixedLinkAdaptation")
            .SetParent<GprsLinkAdaptation>()
            .SetGroupName("Gprs")
            .AddConstructor<GprsFixedLinkAdaptation>()
            .AddAttribute(
                "CodingScheme",
                "The coding scheme of every block. Default CS-2: the scheme of the Rendon, "
                "Chakravorty and Benko studies (and the one Meyer's M2-M4 traces use).",
                GprsCodingSchemeValue(GprsCodingScheme::CS2),
                MakeGprsCodingSchemeAccessor(&GprsFixedLinkAdaptation::SetCodingScheme,
                                             &GprsFixedLinkAdaptation::GetCodingScheme),
                MakeGprsCodingSchemeChecker());
    return tid;
}

GprsFixedLinkAdaptation::GprsFixedLinkAdaptation()
{
    NS_LOG_FUNCTION(this);
}

void
GprsFixedLinkAdaptation::SetCodingScheme(GprsCodingScheme cs)
{
    NS_LOG_FUNCTION(this << static_cast<int>(cs));
    GetGprsCodingSchemeInfo(cs); // throws for a value outside CS-1..CS-4
    m_codingScheme = cs;
}

GprsCodingScheme
GprsFixedLinkAdaptation::GetCodingScheme() const
{
    return m_codingScheme;
}

GprsCodingScheme
GprsFixedLinkAdaptation::DoSelectCodingScheme(const GprsLinkQualityReport& /* report */)
{
    return m_codingScheme;
}

// ---------------------------------------------------------------------------------------------

TypeId
GprsCiThresholdLinkAdaptation::GetTypeId()
{
    // Default thresholds: the C/I where (1 - BLER(cs)) x rate(cs) of adjacent coding schemes
    // cross under the default BLER model (logistic curves through Meyer's anchor points,
    // gprs-bler-model.h), rounded to 0.1 dB; derivation in doc/gprs-mac-parts.rst.inc.
    static TypeId tid =
        TypeId("ns3::GprsCiThresholdLinkAdaptation")
            .SetParent<GprsLinkAdaptation>()
            .SetGroupName("Gprs")
            .AddConstructor<GprsCiThresholdLinkAdaptation>()
            .AddAttribute("Cs2Threshold",
                          "C/I in dB from which CS-2 carries more data than CS-1.",
                          DoubleValue(6.6),
                          MakeDoubleAccessor(&GprsCiThresholdLinkAdaptation::m_cs2ThresholdDb),
                          MakeDoubleChecker<double>(kMinThresholdDb, kMaxThresholdDb))
            .AddAttribute("Cs3Threshold",
                          "C/I in dB from which CS-3 carries more data than CS-2.",
                          DoubleValue(10.8),
                          MakeDoubleAccessor(&GprsCiThresholdLinkAdaptation::m_cs3ThresholdDb),
                          MakeDoubleChecker<double>(kMinThresholdDb, kMaxThresholdDb))
            .AddAttribute("Cs4Threshold",
                          "C/I in dB from which CS-4 carries more data than CS-3.",
                          DoubleValue(16.9),
                          MakeDoubleAccessor(&GprsCiThresholdLinkAdaptation::m_cs4ThresholdDb),
                          MakeDoubleChecker<double>(kMinThresholdDb, kMaxThresholdDb))
            .AddAttribute("Hysteresis",
                          "Width in dB of the band around each threshold inside which the "
                          "coding scheme does not change. Default 2 dB: one step of the "
                          "interference level I_LEVEL in the measurement report "
                          "(TS 45.008 clause 10.3), so one step of report jitter cannot "
                          "flip the scheme.",
                          DoubleValue(2.0),
                          MakeDoubleAccessor(&GprsCiThresholdLinkAdaptation::m_hysteresisDb),
                          MakeDoubleChecker<double>(0.0, kMaxHysteresisDb));
    return tid;
}

GprsCiThresholdLinkAdaptation::GprsCiThresholdLinkAdaptation()
{
    NS_LOG_FUNCTION(this);
}

void
GprsCiThresholdLinkAdaptation::DoCheckConsistency() const
{
    if (!(m_cs2ThresholdDb < m_cs3ThresholdDb && m_cs3ThresholdDb < m_cs4ThresholdDb))
    {
        std::ostringstream msg;
        msg << "GprsCiThresholdLinkAdaptation: thresholds out of order: Cs2Threshold "
            << m_cs2ThresholdDb << " dB, Cs3Threshold " << m_cs3ThresholdDb << " dB, Cs4Threshold "
            << m_cs4ThresholdDb << " dB (must increase strictly from CS-2 to CS-4)";
        throw std::invalid_argument(msg.str());
    }
}

GprsCodingScheme
GprsCiThresholdLinkAdaptation::HighestAbove(double ciDb, double offsetDb) const
{
    const std::array<double, 3> thresholdDb = {m_cs2ThresholdDb,
                                               m_cs3ThresholdDb,
                                               m_cs4ThresholdDb};
    auto cs = GprsCodingScheme::CS1;
    for (size_t i = 0; i < thresholdDb.size() && ciDb >= thresholdDb[i] + offsetDb; ++i)
    {
        cs = kGprsCodingSchemes[i + 1];
    }
    return cs;
}

GprsCodingScheme
GprsCiThresholdLinkAdaptation::DoSelectCodingScheme(const GprsLinkQualityReport& report)
{
    if (!report.ciDb)
    {
        return report.currentCs;
    }
    const GprsCodingScheme up = HighestAbove(*report.ciDb, m_hysteresisDb / 2);
    const GprsCodingScheme down = HighestAbove(*report.ciDb, -m_hysteresisDb / 2);
    return std::clamp(report.currentCs, up, down);
}

// ---------------------------------------------------------------------------------------------

TypeId
GprsNackRateLinkAdaptation::GetTypeId()
{
    // osmo-pcu's defaults: cs_adj_upper_limit 33 %, cs_adj_lower_limit 10 % (bts.c), and the
    // 1000 ms of ms_update_error_rate() (gprs_ms.c); doc/gprs-mac-parts.rst.inc compares the
    // thresholds with the default BLER model.
    static TypeId tid =
        TypeId("ns3::GprsNackRateLinkAdaptation")
            .SetParent<GprsLinkAdaptation>()
            .SetGroupName("Gprs")
            .AddConstructor<GprsNackRateLinkAdaptation>()
            .AddAttribute("UpperThreshold",
                          "NACK rate (nacked / reported blocks of one Ack/Nack) above which the "
                          "coding scheme steps down. Default 0.33 as in osmo-pcu.",
                          DoubleValue(0.33),
                          MakeDoubleAccessor(&GprsNackRateLinkAdaptation::m_upperThreshold),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("LowerThreshold",
                          "NACK rate below which the coding scheme steps up. Default 0.10 as "
                          "in osmo-pcu.",
                          DoubleValue(0.10),
                          MakeDoubleAccessor(&GprsNackRateLinkAdaptation::m_lowerThreshold),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("UpBlocking",
                          "No step up until this long after the last Ack/Nack whose NACK rate "
                          "was not low or that changed the coding scheme. Default 1 s as in "
                          "osmo-pcu (ms_update_error_rate(), 1000 ms).",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&GprsNackRateLinkAdaptation::m_upBlocking),
                          MakeTimeChecker(Seconds(0)));
    return tid;
}

GprsNackRateLinkAdaptation::GprsNackRateLinkAdaptation()
{
    NS_LOG_FUNCTION(this);
}

void
GprsNackRateLinkAdaptation::DoCheckConsistency() const
{
    if (m_lowerThreshold > m_upperThreshold)
    {
        std::ostringstream msg;
        msg << "GprsNackRateLinkAdaptation: thresholds out of order: LowerThreshold "
            << m_lowerThreshold << " > UpperThreshold " << m_upperThreshold
            << " (LowerThreshold must not exceed UpperThreshold)";
        throw std::invalid_argument(msg.str());
    }
}

GprsCodingScheme
GprsNackRateLinkAdaptation::DoSelectCodingScheme(const GprsLinkQualityReport& report)
{
    // osmo-pcu starts the blocking period when it creates the mobile's object; here, at the
    // first report (the MAC asks at TBF start). Like osmo-pcu's, it outlives TBFs.
    if (!m_lastNotLow)
    {
        m_lastNotLow = report.time;
    }
    const GprsCodingScheme cs = report.currentCs;
    const uint64_t total = uint64_t{report.blocksAcked} + report.blocksNacked;
    if (total <= 1)
    {
        return cs; // osmo-pcu computes no rate from fewer than two blocks
    }
    const double nackRate = static_cast<double>(report.blocksNacked) / static_cast<double>(total);
    NS_LOG_LOGIC("NACK rate " << nackRate << " over " << total << " blocks");
    if (nackRate > m_upperThreshold)
    {
        // At CS-1 nothing changes, the blocking period included (as osmo-pcu).
        if (cs != GprsCodingScheme::CS1)
        {
            m_lastNotLow = report.time;
        }
        return StepDown(cs);
    }
    if (nackRate >= m_lowerThreshold)
    {
        m_lastNotLow = report.time;
        return cs;
    }
    if (cs == GprsCodingScheme::CS4)
    {
        return cs;
    }
    if (report.time - *m_lastNotLow <= m_upBlocking)
    {
        NS_LOG_LOGIC("low NACK rate within the blocking period: no step up");
        return cs;
    }
    m_lastNotLow = report.time;
    return StepUp(cs);
}

} // namespace ns3
