/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-cell-settings.h"

#include "ns3/gprs-link-adaptation.h"
#include "ns3/gprs-predicate-checker.h"
#include "ns3/gprs-random-bounds.h"
#include "ns3/pointer.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <sstream>
#include <stdexcept>

namespace ns3
{

namespace
{

/// Accepts factories of GprsLinkAdaptation types only (ns-3's checker takes any type, and
/// the PCU would then create an object that chooses no coding scheme).
Ptr<const AttributeChecker>
MakeGprsLinkAdaptationChecker()
{
    return Create<GprsPredicateChecker<ObjectFactoryValue>>(
        [](const ObjectFactoryValue& v) {
            const TypeId tid = v.Get().GetTypeId();
            const TypeId base = GprsLinkAdaptation::GetTypeId();
            return tid == base || tid.IsChildOf(base);
        },
        "ns3::ObjectFactoryValue",
        "ns3::GprsLinkAdaptation or a type derived from it, as Type or Type[Name=value|...]");
}

} // namespace

TypeId
GprsCellSettings::AddAttributes(TypeId tid)
{
    tid.AddAttribute("NumberOfPdchs",
                     "PDCHs (timeslots) of the cell carrying packet data, 1..8. Default 4, "
                     "the setup of Meyer (WCNC 1999) and Rendon et al.",
                     UintegerValue(4),
                     MakeUintegerAccessor(&GprsCellSettings::m_numPdch),
                     MakeUintegerChecker<uint32_t>(1, 8))
        .AddAttribute("RlcMode",
                      "RLC mode of every TBF (TS 44.060 clause 9.3). Default acknowledged, "
                      "as in all the studies reproduced.",
                      GprsRlcModeValue(GprsRlcMode::ACKNOWLEDGED),
                      MakeGprsRlcModeAccessor(&GprsCellSettings::m_rlcMode),
                      MakeGprsEnumChecker<GprsRlcModeValue>("ns3::GprsRlcModeValue"))
        .AddAttribute("BlerFile",
                      "Text file of BLER(CS, C/I) points replacing the default curves "
                      "(format in doc/gprs.rst); empty: the defaults.",
                      StringValue(""),
                      MakeStringAccessor(&GprsCellSettings::m_blerFile),
                      MakeStringChecker())
        .AddAttribute("DownlinkLinkAdaptation",
                      "Coding scheme choice for downlink TBFs. Default: fixed CS-2, the "
                      "scheme of the networks measured by Chakravorty and by Benko.",
                      StringValue("ns3::GprsFixedLinkAdaptation[CodingScheme=CS-2]"),
                      MakeObjectFactoryAccessor(&GprsCellSettings::m_dlLinkAdaptation),
                      MakeGprsLinkAdaptationChecker())
        .AddAttribute("UplinkLinkAdaptation",
                      "Coding scheme choice for uplink TBFs. Default: fixed CS-2.",
                      StringValue("ns3::GprsFixedLinkAdaptation[CodingScheme=CS-2]"),
                      MakeObjectFactoryAccessor(&GprsCellSettings::m_ulLinkAdaptation),
                      MakeGprsLinkAdaptationChecker())
        .AddAttribute("Scheduler",
                      "Which TBF gets a PDCH in a block period. Default osmo-pcu's downlink "
                      "priorities (GprsPriorityScheduler); GprsRoundRobinScheduler gives every "
                      "TBF equal turns whatever its block carries.",
                      StringValue("ns3::GprsPriorityScheduler"),
                      MakePointerAccessor(&GprsCellSettings::m_scheduler),
                      MakePointerChecker<GprsScheduler>());
    return GprsLlcSettings::AddAttributes(
        GprsCcchSettings::AddAttributes(GprsTbfSettings::AddAttributes(tid)));
}

void
GprsCellSettings::CheckConfiguration() const
{
    if (!(m_t3193 > m_t3192))
    {
        std::ostringstream msg;
        msg << "T3193 (" << m_t3193.As(Time::MS) << ") must exceed T3192 (" << m_t3192.As(Time::MS)
            << "), TS 44.060 clause 13";
        throw std::invalid_argument(msg.str());
    }
    // What a delay distribution can draw is read from its attributes, so that a negative or
    // unbounded access delay is refused before the run, not met in the middle of it.
    GprsCheckDelayVariable("DownlinkAssignmentDelay",
                           m_dlAssignmentDelay,
                           GetGprsMaxTbfEstablishmentDelay());
    GprsCheckDelayVariable("UplinkAccessDelay", m_ulAccessDelay, GetGprsMaxTbfEstablishmentDelay());
    MakeCcch();
    MakeLinkConfig();
    m_dlLinkAdaptation.Create<GprsLinkAdaptation>()->CheckConsistency();
    m_ulLinkAdaptation.Create<GprsLinkAdaptation>()->CheckConsistency();
}

} // namespace ns3
