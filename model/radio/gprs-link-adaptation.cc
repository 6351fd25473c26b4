/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-link-adaptation.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/gprs-predicate-checker.h"
#include "ns3/log.h"
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
    static TypeId tid =
        TypeId("ns3::GprsLinkAdaptation")
            .SetParent<Object>()
            .SetGroupName("Gprs")
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
    // Thresholds: osmo-pcu's defaults (bts.c: cs_adj_upper_limit 33 %, cs_adj_lower_limit
    // 10 %); doc/gprs-mac-parts.rst.inc compares them with the default BLER model.
    static TypeId tid =
        TypeId("ns3::GprsNackRateLinkAdaptation")
            .SetParent<GprsLinkAdaptation>()
            .SetGroupName("Gprs")
            .AddConstructor<GprsNackRateLinkAdaptation>()
            .AddAttribute("UpperThreshold",
                          "NACK rate (nacked / reported blocks in a window) above which the "
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
            .AddAttribute("WindowBlocks",
                          "Block outcomes collected per decision. Default 64: one RLC window "
                          "(TS 44.060 clause 9.1.9), what one Ack/Nack bitmap covers.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&GprsNackRateLinkAdaptation::m_windowBlocks),
                          MakeUintegerChecker<uint32_t>(1));
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

void
GprsNackRateLinkAdaptation::DoReset()
{
    m_windowCs.reset();
    m_acked = 0;
    m_nacked = 0;
}

GprsCodingScheme
GprsNackRateLinkAdaptation::DoSelectCodingScheme(const GprsLinkQualityReport& report)
{
    if (m_windowCs != report.currentCs)
    {
        // Outcomes of another coding scheme say nothing about this one.
        DoReset();
        m_windowCs = report.currentCs;
    }
    m_acked += report.blocksAcked;
    m_nacked += report.blocksNacked;
    const uint64_t total = m_acked + m_nacked;
    if (total < m_windowBlocks)
    {
        return report.currentCs;
    }
    const double nackRate = static_cast<double>(m_nacked) / static_cast<double>(total);
    NS_LOG_LOGIC("NACK rate " << nackRate << " over " << total << " blocks");
    m_acked = 0;
    m_nacked = 0;
    if (nackRate > m_upperThreshold)
    {
        return StepDown(report.currentCs);
    }
    if (nackRate < m_lowerThreshold)
    {
        return StepUp(report.currentCs);
    }
    return report.currentCs;
}

} // namespace ns3
