/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "example-attributes.h"

#include "example-option-text.h"

#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/gprs-bler-model.h"
#include "ns3/gprs-coding-scheme.h"
#include "ns3/gprs-link-adaptation.h"
#include "ns3/gprs-ms-net-device.h"
#include "ns3/gprs-ns3-compat.h"
#include "ns3/gprs-pcu.h"
#include "ns3/gprs-radio-conditions.h"
#include "ns3/gprs-random-bounds.h"
#include "ns3/gprs-text-input.h"
#include "ns3/integer.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/pointer.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <vector>

namespace ns3
{

namespace
{

/// A text attribute of the model, checked by the model's own parser: ns-3's string checker
/// takes any text, and the model stops the program on a bad one once it is built.
struct TextAttribute
{
    std::string allowed;                           //!< what is allowed, for messages
    std::function<void(const std::string&)> parse; //!< throws std::exception on a bad text
};

std::optional<std::string> FactoryProblem(const std::string& text, TypeId base);

/**
 * \param attributes the map to add to
 * \return it with GprsSplitProxy's text attributes of both legs: each a TypeId with attributes
 *         or a flag, read when the helper installs the proxy, which stops the program on a bad
 *         one
 */
std::map<std::string, TextAttribute>
WithSplitLegAttributes(std::map<std::string, TextAttribute> attributes)
{
    for (const std::string leg : {"ServerLeg", "MobileLeg"})
    {
        const std::string prefix = "ns3::GprsSplitProxy::" + leg;
        for (const auto& [name, base] :
             {std::make_pair("CongestionControl", "ns3::TcpCongestionOps"),
              std::make_pair("Recovery", "ns3::TcpRecoveryOps")})
        {
            attributes[prefix + name] = {
                std::string("empty, or a ") + base +
                    " TypeId name with attributes as ns3::GprsTcpClamp[Clamp=12000]",
                [base = std::string(base)](const std::string& text) {
                    const auto problem = text.empty()
                                             ? std::nullopt
                                             : FactoryProblem(text, TypeId::LookupByName(base));
                    if (problem)
                    {
                        throw std::invalid_argument(*problem);
                    }
                }};
        }
        for (const std::string name : {"Sack", "Timestamp"})
        {
            attributes[prefix + name] = {
                "empty, true or false",
                [](const std::string& text) {
                    BooleanValue flag;
                    if (!text.empty() && !flag.DeserializeFromString(text, MakeBooleanChecker()))
                    {
                        throw std::invalid_argument("not a flag");
                    }
                }};
        }
    }
    return attributes;
}

/// The model's text attributes, by full name.
const std::map<std::string, TextAttribute> kModelTextAttributes = WithSplitLegAttributes({
    {"ns3::GprsMsNetDevice::RadioConditions",
     {kRadioConditionsAllowed,
      [](const std::string& text) { GprsRadioConditions::FromSpec(text); }}},
    {"ns3::GprsMsNetDevice::Outages",
     {"intervals such as 40s-70s,100s-101s, each ending after it starts, none overlapping",
      [](const std::string& text) { GprsRadioConditions(0).AddOutages(text); }}},
    {"ns3::GprsMsNetDevice::CellReselections",
     {"strictly increasing times such as 30s,60s",
      [](const std::string& text) { GprsMsNetDevice::ParseCellReselections(text); }}},
    {"ns3::GprsPcu::BlerFile",
     {"empty, or a BLER table file (lines <CS> <C/I dB> <BLER>, doc/gprs.rst)",
      [](const std::string& text) {
          if (!text.empty())
          {
              GprsBlerModel::LoadFile(text);
          }
      }}},
});

/// The model's delay distributions (GprsPcu draws a TBF's establishment delay from them): ns-3's
/// checker takes any distribution, and the PCU stopped the program on a negative draw, or with
/// an uncaught std::logic_error on one that overflowed ns-3's Time.
const std::set<std::string> kDelayAttributes = {
    "ns3::GprsPcu::DownlinkAssignmentDelay",
    "ns3::GprsPcu::UplinkAccessDelay",
    "ns3::GprsStatisticalChannel::Delay",
};

/**
 * While it lives, random variables created take stream 0 instead of the next automatic one
 * (RandomVariableStream's Stream -1): a check that creates one leaves the streams of the
 * simulation's own random variables as they would be without it.
 */
class FixedStreamDefault
{
  public:
    FixedStreamDefault()
    {
        for (std::size_t i = 0; i < m_tid.GetAttributeN(); ++i)
        {
            if (m_tid.GetAttribute(i).name == "Stream")
            {
                m_index = i;
                m_saved = m_tid.GetAttribute(i).initialValue;
                m_tid.SetAttributeInitialValue(i, Create<IntegerValue>(0));
            }
        }
    }

    ~FixedStreamDefault()
    {
        if (m_saved)
        {
            m_tid.SetAttributeInitialValue(m_index, m_saved);
        }
    }

    FixedStreamDefault(const FixedStreamDefault&) = delete;
    FixedStreamDefault& operator=(const FixedStreamDefault&) = delete;

  private:
    TypeId m_tid = RandomVariableStream::GetTypeId(); //!< the type holding Stream
    std::size_t m_index = 0;                          //!< Stream's index in it
    Ptr<const AttributeValue> m_saved;                //!< its initial value before
};

/**
 * Check a delay distribution's text (taken by FactoryProblem) for what it can draw.
 * \param name the attribute's full name
 * \param value the text
 * \return nothing if every value it can draw is a usable delay, else why not
 */
std::optional<std::string>
DelayProblem(const std::string& name, const std::string& value)
{
    if (kDelayAttributes.count(name) == 0)
    {
        return std::nullopt;
    }
    try
    {
        const FixedStreamDefault fixed;
        ObjectFactoryValue factory; // FactoryProblem took the text
        factory.DeserializeFromString(value, MakeObjectFactoryChecker());
        GprsCheckDelayVariable(name.substr(name.rfind("::") + 2),
                               factory.Get().Create<RandomVariableStream>(),
                               GetGprsMaxTbfEstablishmentDelay());
    }
    catch (const std::invalid_argument& e)
    {
        return std::string(e.what());
    }
    return std::nullopt;
}

/// The usable values of an integer attribute and why others are refused.
struct Usable
{
    uint64_t min;    //!< the smallest usable value
    uint64_t max;    //!< the largest, 0 for what the checker takes
    const char* why; //!< what other values give
};

/// Usable values of ns-3 attributes the examples depend on, where the checker takes others
/// (ns-3.37).
const std::map<std::string, Usable> kUsableIntegers = {
    {"ns3::TcpSocket::SndBufSize", {1, 0, "with less nothing is sent"}},
    {"ns3::TcpSocket::RcvBufSize",
     {1,
      kMaxExampleRcvBuf,
      "with less nothing is sent; more than the largest window TCP advertises (RFC 7323) buys "
      "nothing, and from 2147483648 ns-3's TCP advertises none"}},
    {"ns3::TcpSocket::SegmentSize", {1, 0, "with less nothing is sent"}},
    {"ns3::TcpSocket::InitialCwnd", {1, 0, "with less nothing is sent"}},
    {"ns3::TcpSocket::InitialSlowStartThreshold", {1, 0, "with less nothing is sent"}},
    {"ns3::TcpSocket::ConnCount", {1, 0, "with less no connection is opened"}},
    {"ns3::TcpSocketBase::MaxWindowSize", {1, 0, "with less ns-3's TCP crashes"}},
    {"ns3::TcpSocketState::PacingSsRatio", {1, 0, "with less ns-3's TCP divides by 0 when pacing"}},
    {"ns3::TcpSocketState::PacingCaRatio", {1, 0, "with less ns-3's TCP divides by 0 when pacing"}},
};

/// TCP timers that must be above 0: with 0 the connection gives up before it is opened.
const std::set<std::string> kPositiveTimers = {"ns3::TcpSocket::ConnTimeout"};

/// Rates that must be above 0: with pacing, ns-3's TCP divides by a pacing rate of 0.
const std::set<std::string> kPositiveRates = {"ns3::TcpSocketState::MaxPacingRate"};

/// The TypeId attributes of ns-3's TCP and the type each must derive from: ns-3's checker takes
/// any type, and TCP crashes on one of another kind and stops on one it cannot create.
const std::map<std::string, std::string> kTypeIdBases = {
    {"ns3::TcpL4Protocol::SocketType", "ns3::TcpCongestionOps"},
    {"ns3::TcpL4Protocol::RecoveryType", "ns3::TcpRecoveryOps"},
    {"ns3::TcpL4Protocol::RttEstimatorType", "ns3::RttEstimator"},
};

/// Smallest MTU of an IPv4 link (RFC 791: every host takes 68-octet datagrams).
constexpr uint64_t kSmallestMtu = 68;

std::string DescribeDerivedTypes(TypeId base);

/**
 * Check a value its attribute's checker took for what the model can use: ns-3's TCP takes
 * negative timers, 0 where nothing can then be sent or where it crashes, and a type of another
 * kind where it needs a congestion control, a recovery or an RTT estimator.
 * \param name the attribute's full name
 * \param checker its checker
 * \param value the value, taken by the checker
 * \return nothing if it is usable, else " (allowed: ...)" and why not
 */
std::optional<std::string>
UsabilityProblem(const std::string& name,
                 const Ptr<const AttributeChecker>& checker,
                 const std::string& value)
{
    const Ptr<AttributeValue> empty = checker->Create();
    if (dynamic_cast<const TimeValue*>(PeekPointer(empty)) &&
        (name.rfind("ns3::Tcp", 0) == 0 || name.rfind("ns3::Rtt", 0) == 0))
    {
        const bool negative = !value.empty() && value[0] == '-';
        if (kPositiveTimers.count(name) > 0 &&
            (negative || ParseGprsTime(value, "time") == Seconds(0)))
        {
            return std::string(" (allowed: a time above 0: with 0 the connection gives up at "
                               "once)");
        }
        if (negative)
        {
            return std::string(" (allowed: a time of 0 or more: a TCP timer)");
        }
    }
    if (kPositiveRates.count(name) > 0)
    {
        const Ptr<AttributeValue> rate = checker->CreateValidValue(StringValue(value));
        const auto* taken = dynamic_cast<const DataRateValue*>(PeekPointer(rate));
        if (taken && taken->Get().GetBitRate() == 0)
        {
            return std::string(" (allowed: a data rate above 0bps: with 0 ns-3's TCP divides by "
                               "0 when pacing)");
        }
    }
    if (const auto base = kTypeIdBases.find(name); base != kTypeIdBases.end())
    {
        const TypeId wanted = TypeId::LookupByName(base->second);
        const TypeId tid = TypeId::LookupByName(value); // the checker took it
        const std::string allowed = " (allowed: " + DescribeDerivedTypes(wanted) + ")";
        if (!gprs::IsTypeKindOf(tid, wanted))
        {
            return allowed + ": " + value + " is not a " + wanted.GetName();
        }
        if (!tid.HasConstructor())
        {
            return allowed + ": " + value + " cannot be created";
        }
    }
    const std::string attribute = name.substr(name.rfind("::") + 2);
    const auto found = kUsableIntegers.find(name);
    const Usable usable = found != kUsableIntegers.end() ? found->second
                          : attribute == "Mtu"           ? Usable{kSmallestMtu, 0, "RFC 791"}
                                                         : Usable{0, 0, ""};
    const auto number = TryParseGprsNumber(value);
    if (usable.min > 0 && number &&
        (*number < static_cast<double>(usable.min) ||
         (usable.max > 0 && *number > static_cast<double>(usable.max))))
    {
        return " (allowed: an integer from " + std::to_string(usable.min) +
               (usable.max > 0 ? " to " + std::to_string(usable.max) : "") +
               (attribute == "Mtu" ? " (RFC 791))" : std::string("; ") + usable.why + ")");
    }
    return std::nullopt;
}

/**
 * An attribute of a type itself: ns-3's Config::SetDefault, which the command line uses, looks
 * at no parent's.
 * \param tid the type
 * \param name the attribute
 * \param info receives what ns-3 knows of it
 * \return whether \p tid has it
 */
bool
FindOwnAttribute(TypeId tid, const std::string& name, TypeId::AttributeInformation* info)
{
    for (std::size_t i = 0; i < tid.GetAttributeN(); ++i)
    {
        if (tid.GetAttribute(i).name == name)
        {
            *info = tid.GetAttribute(i);
            return true;
        }
    }
    return false;
}

/**
 * \param base a type
 * \return the names of the types ns-3 can create that are \p base or derive from it
 */
std::vector<std::string>
CreatableTypes(TypeId base)
{
    std::vector<std::string> names;
    for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
    {
        const TypeId tid = TypeId::GetRegistered(i);
        if (tid.HasConstructor() && gprs::IsTypeKindOf(tid, base))
        {
            names.push_back(tid.GetName());
        }
    }
    std::sort(names.begin(), names.end());
    return names;
}

/**
 * \param base a type
 * \return "<base> or a type derived from it" and the types ns-3 can create among them (the
 *         first two when there are more than four: the line must stay readable)
 */
std::string
DescribeDerivedTypes(TypeId base)
{
    const std::vector<std::string> types = CreatableTypes(base);
    const std::size_t listed = 4;
    const std::string names = types.size() <= listed
                                  ? ": " + JoinWords(types, "or")
                                  : " (" + std::to_string(types.size()) +
                                        " types, --PrintTypeIds lists them) such as " +
                                        JoinWords({types.begin(), types.begin() + 2}, "or");
    return base.GetName() + " or a type derived from it" + names;
}

/**
 * \param text a time as ns-3 prints it ("+6e+10ns")
 * \return it as an option text ("60s")
 */
std::string
ReformatTime(const std::string& text)
{
    const bool negative = !text.empty() && text[0] == '-';
    const std::string magnitude = text.substr(!text.empty() && (text[0] == '-' || text[0] == '+'));
    try
    {
        const Time t = ParseGprsTime(magnitude, "time");
        return FormatTimeOption(negative ? Seconds(0) - t : t);
    }
    catch (const std::invalid_argument&)
    {
        return text;
    }
}

/**
 * \param checker an attribute's checker
 * \return what it allows, in words
 */
std::string
DescribeAttribute(const Ptr<const AttributeChecker>& checker)
{
    const Ptr<AttributeValue> empty = checker->Create();
    const AttributeValue* value = PeekPointer(empty);
    const std::string info = checker->HasUnderlyingTypeInformation()
                                 ? checker->GetUnderlyingTypeInformation()
                                 : checker->GetValueTypeName();
    // ns-3's numeric checkers say "<type> <min>:<max>" ("uint32_t 1:45", "Time +0ns:+6e+10ns").
    const std::size_t space = info.find(' ');
    const std::size_t colon = info.find(':', space);
    const bool range = space != std::string::npos && colon != std::string::npos;
    const std::string min = range ? info.substr(space + 1, colon - space - 1) : "";
    const std::string max = range ? info.substr(colon + 1) : "";
    if (range &&
        (dynamic_cast<const UintegerValue*>(value) || dynamic_cast<const IntegerValue*>(value)))
    {
        return "an integer from " + min + " to " + max;
    }
    if (range && dynamic_cast<const DoubleValue*>(value))
    {
        return "a number from " + min + " to " + max;
    }
    if (range && dynamic_cast<const TimeValue*>(value))
    {
        return "a time from " + ReformatTime(min) + " to " + ReformatTime(max);
    }
    if (const auto* pointer = dynamic_cast<const PointerChecker*>(PeekPointer(checker)))
    {
        return DescribeDerivedTypes(pointer->GetPointeeTypeId()) +
               ", as Type or Type[Name=value|...]";
    }
    if (dynamic_cast<const BooleanValue*>(value))
    {
        return "true or false";
    }
    if (dynamic_cast<const GprsCodingSchemeValue*>(value))
    {
        return kCodingSchemeNames;
    }
    return info;
}

std::optional<std::string> ValueProblem(const Ptr<const AttributeChecker>& checker,
                                        const std::string& text);

/**
 * Check an object factory text as ns-3's ObjectFactory reads it: "Type" or
 * "Type[Name=value|...]", one word, the first ']' closing it. ns-3 stops the program on a type
 * it does not know (or crashes: a release build skips the assertion) and on a value it cannot
 * read.
 * \param text the text
 * \param base the type the factory must create, or a parent of it
 * \return nothing if it is good, else why not
 */
std::optional<std::string>
FactoryProblem(const std::string& text, TypeId base)
{
    const std::size_t open = std::min(text.find('['), text.size());
    const std::string typeName = text.substr(0, open);
    TypeId tid;
    if (text.find_first_of(" \t") != std::string::npos)
    {
        return std::string("no blank is allowed");
    }
    if (!TypeId::LookupByNameFailSafe(typeName, &tid))
    {
        return "no type " + CutGprsInput(typeName);
    }
    if (!tid.HasConstructor())
    {
        return typeName + " cannot be created";
    }
    if (!gprs::IsTypeKindOf(tid, base))
    {
        return typeName + " is not a " + base.GetName();
    }
    if (open == text.size())
    {
        return std::nullopt;
    }
    if (text.find(']') != text.size() - 1)
    {
        return std::string("expected Type[Name=value|...]");
    }
    const std::string list = text.substr(open + 1, text.size() - open - 2);
    for (std::size_t start = 0; start < list.size();)
    {
        const std::size_t end = std::min(list.find('|', start), list.size());
        const std::string item = list.substr(start, end - start);
        start = end + 1;
        const std::size_t equals = item.find('=');
        TypeId::AttributeInformation info;
        if (equals == std::string::npos)
        {
            return "expected Name=value, got '" + CutGprsInput(item) + "'";
        }
        if (!tid.LookupAttributeByName(item.substr(0, equals), &info))
        {
            return typeName + " has no attribute " + CutGprsInput(item.substr(0, equals));
        }
        if (const auto problem = ValueProblem(info.checker, item.substr(equals + 1)))
        {
            return typeName + "[" + CutGprsInput(item) +
                   "] is not allowed (allowed: " + DescribeAttribute(info.checker) + ")" +
                   (problem->empty() ? "" : ": " + *problem);
        }
    }
    return std::nullopt;
}

/**
 * Check a value for an attribute before ns-3 reads it: ns-3 stops the program on an integer
 * such as "4x" or a time such as "abc", and wraps a time too large.
 * \param checker the attribute's checker
 * \param text the value
 * \return nothing if the attribute takes it, else why not: empty when what it allows says it
 */
std::optional<std::string>
ValueProblem(const Ptr<const AttributeChecker>& checker, const std::string& text)
{
    const Ptr<AttributeValue> empty = checker->Create();
    const AttributeValue* value = PeekPointer(empty);
    if (dynamic_cast<const UintegerValue*>(value) || dynamic_cast<const IntegerValue*>(value))
    {
        const std::size_t sign = !text.empty() && text[0] == '-' ? 1 : 0;
        if (text.size() == sign || text.find_first_not_of("0123456789", sign) != std::string::npos)
        {
            return std::string();
        }
    }
    else if (dynamic_cast<const DoubleValue*>(value))
    {
        if (!TryParseGprsNumber(text))
        {
            return std::string();
        }
    }
    else if (dynamic_cast<const TimeValue*>(value))
    {
        try
        {
            ParseGprsTime(text.substr(!text.empty() && text[0] == '-'), "time");
        }
        catch (const std::invalid_argument& e)
        {
            return std::string(e.what());
        }
    }
    else if (dynamic_cast<const TypeIdValue*>(value))
    {
        if (TypeId tid; !TypeId::LookupByNameFailSafe(text, &tid))
        {
            return "no type " + CutGprsInput(text) + " (see --PrintTypeIds)";
        }
    }
    else if (const auto* pointer = dynamic_cast<const PointerChecker*>(PeekPointer(checker)))
    {
        // Not ns-3's check: it would create the object, and so take a random stream number
        // from the ones the simulation draws later.
        return FactoryProblem(text, pointer->GetPointeeTypeId());
    }
    else if (dynamic_cast<const ObjectFactoryValue*>(value))
    {
        if (const auto problem = FactoryProblem(text, Object::GetTypeId()))
        {
            return problem;
        }
    }
    if (!checker->CreateValidValue(StringValue(text)))
    {
        return std::string();
    }
    return std::nullopt;
}

} // namespace

bool
LookupAttribute(const std::string& fullName, TypeId::AttributeInformation* info)
{
    const std::size_t colons = fullName.rfind("::");
    TypeId tid;
    return colons != std::string::npos &&
           TypeId::LookupByNameFailSafe(fullName.substr(0, colons), &tid) &&
           FindOwnAttribute(tid, fullName.substr(colons + 2), info);
}

std::string
AttributeArgumentProblem(const std::string& name, const std::string& value)
{
    const std::string given = "--" + name + "=" + CutGprsInput(value);
    const std::string typeName = name.substr(0, name.rfind("::"));
    const std::string attribute = name.substr(name.rfind("::") + 2);
    TypeId tid;
    if (!TypeId::LookupByNameFailSafe(typeName, &tid))
    {
        return "invalid option " + given + ": no type " + typeName + " (see --PrintTypeIds)";
    }
    TypeId::AttributeInformation info;
    if (!FindOwnAttribute(tid, attribute, &info))
    {
        std::string owner;
        for (TypeId t = tid; owner.empty() && t != t.GetParent(); t = t.GetParent())
        {
            owner =
                FindOwnAttribute(t.GetParent(), attribute, &info) ? t.GetParent().GetName() : "";
        }
        return "invalid option " + given + ": " + typeName + " has no attribute " + attribute +
               (owner.empty() ? " (see --PrintAttributes=" + typeName + ")"
                              : "; it is " + owner + "'s: --" + owner + "::" + attribute);
    }
    if (const auto text = kModelTextAttributes.find(name); text != kModelTextAttributes.end())
    {
        try
        {
            text->second.parse(value);
        }
        catch (const std::exception& e)
        {
            return "invalid option " + given + " (allowed: " + text->second.allowed +
                   "): " + e.what();
        }
    }
    else if (const auto problem = ValueProblem(info.checker, value))
    {
        const auto base = kTypeIdBases.find(name);
        const std::string allowed = base != kTypeIdBases.end()
                                        ? DescribeDerivedTypes(TypeId::LookupByName(base->second))
                                        : DescribeAttribute(info.checker);
        return "invalid option " + given + " (allowed: " + allowed + ")" +
               (problem->empty() ? "" : ": " + *problem);
    }
    else if (const auto unusable = UsabilityProblem(name, info.checker, value))
    {
        return "invalid option " + given + *unusable;
    }
    else if (const auto delay = DelayProblem(name, value))
    {
        return "invalid option " + given + ": " + *delay;
    }
    return "";
}

std::string
CheckModelConfiguration()
{
    try
    {
        CreateObject<GprsPcu>()->CheckConfiguration();
        for (const std::string& type : CreatableTypes(GprsLinkAdaptation::GetTypeId()))
        {
            ObjectFactory factory(type);
            factory.Create<GprsLinkAdaptation>()->CheckConsistency();
        }
    }
    catch (const std::exception& e)
    {
        return std::string("the --ns3:: attributes given do not fit together: ") + e.what();
    }
    return "";
}

} // namespace ns3
