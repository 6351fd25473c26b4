/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "example-output.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/gprs-bler-model.h"
#include "ns3/gprs-coding-scheme.h"
#include "ns3/gprs-link-adaptation.h"
#include "ns3/gprs-ms-net-device.h"
#include "ns3/gprs-multislot-class.h"
#include "ns3/gprs-ns3-compat.h"
#include "ns3/gprs-pcu.h"
#include "ns3/gprs-text-input.h"
#include "ns3/integer.h"
#include "ns3/object-factory.h"
#include "ns3/pointer.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <boost/algorithm/string/case_conv.hpp>
#include <boost/algorithm/string/split.hpp>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <numeric>
#include <optional>
#include <poll.h>
#include <set>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace ns3
{

namespace
{

/**
 * \param rate a data rate
 * \return it in the largest whole unit of ns3::DataRate's syntax ("100Mbps")
 */
std::string
FormatRateOption(DataRate rate)
{
    const uint64_t bps = rate.GetBitRate();
    for (const auto& [factor, unit] :
         {std::pair<uint64_t, const char*>{1000000000, "Gbps"}, {1000000, "Mbps"}, {1000, "kbps"}})
    {
        if (bps >= factor && bps % factor == 0)
        {
            return std::to_string(bps / factor) + unit;
        }
    }
    return std::to_string(bps) + "bps";
}

/**
 * \param argument one command-line argument, in one of CommandLine's forms: "--name=value",
 *        "-name=value", "--name" (value empty)
 * \return its name and value
 */
std::pair<std::string, std::string>
SplitArgument(const std::string& argument)
{
    const std::size_t nameStart =
        std::min({argument.find_first_not_of('-'), std::size_t{2}, argument.size()});
    const std::size_t equals = std::min(argument.find('='), argument.size());
    return {argument.substr(nameStart, equals - nameStart),
            argument.substr(std::min(equals + 1, argument.size()))};
}

/**
 * \param argument one command-line argument
 * \return why CommandLine cannot take it as an option, or empty: it is one ("--name=value",
 *         "-name=value", "--name"), or no option at all (a program's file argument)
 */
std::string
ArgumentFormProblem(const std::string& argument)
{
    const std::string allowed = " (allowed: --name=value or --name, with a name from --help)";
    if (argument.empty())
    {
        return "invalid empty argument" + allowed;
    }
    if (argument[0] != '-')
    {
        return "";
    }
    const auto [name, value] = SplitArgument(argument);
    if (name.empty() || name[0] == '-')
    {
        return "invalid argument " + QuoteGprsInput(argument) + allowed;
    }
    TypeId tid;
    if (name == "PrintAttributes" && !TypeId::LookupByNameFailSafe(value, &tid))
    {
        return "invalid option --PrintAttributes=" + CutGprsInput(value) +
               " (allowed: a TypeId name, see --PrintTypeIds)";
    }
    return "";
}

/**
 * \param items words
 * \param last the word before the last item ("and", "or")
 * \return "a", "a and b", "a, b and c"
 */
std::string
JoinWords(const std::vector<std::string>& items, const std::string& last)
{
    std::string text;
    for (std::size_t i = 0; i < items.size(); ++i)
    {
        text += (i == 0 ? "" : i + 1 == items.size() ? " " + last + " " : ", ") + items[i];
    }
    return text;
}

/// What a C/I specification may be (GprsRadioConditions::FromSpec).
const std::string kRadioConditionsAllowed =
    "a C/I in dB such as 24, a schedule such as 0s:13,10s:6,20s:13, or file:PATH";

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

/// Smallest usable values of ns-3 attributes the examples depend on, where the checker takes
/// less: with 0 the TCP connections (or the links) run to the end sending nothing.
const std::map<std::string, uint64_t> kSmallestUsable = {
    {"ns3::TcpSocket::SndBufSize", 1},
    {"ns3::TcpSocket::RcvBufSize", 1},
    {"ns3::TcpSocket::SegmentSize", 1},
    {"ns3::TcpSocket::InitialCwnd", 1},
    {"ns3::TcpSocket::InitialSlowStartThreshold", 1},
};

/// Smallest MTU of an IPv4 link (RFC 791: every host takes 68-octet datagrams).
constexpr uint64_t kSmallestMtu = 68;

/**
 * Check a value its attribute's checker took for what the model can use: ns-3's TCP takes
 * negative timers, and 0 where nothing can then be sent.
 * \param name the attribute's full name
 * \param checker its checker
 * \param value the value, taken by the checker
 * \return nothing if it is usable, else what is allowed
 */
std::optional<std::string>
UsabilityProblem(const std::string& name,
                 const Ptr<const AttributeChecker>& checker,
                 const std::string& value)
{
    const Ptr<AttributeValue> empty = checker->Create();
    if (dynamic_cast<const TimeValue*>(PeekPointer(empty)) && name.rfind("ns3::Tcp", 0) == 0 &&
        !value.empty() && value[0] == '-')
    {
        return std::string("a time of 0 or more: a TCP timer");
    }
    const std::string attribute = name.substr(name.rfind("::") + 2);
    const auto usable = kSmallestUsable.find(name);
    const uint64_t smallest = usable != kSmallestUsable.end() ? usable->second
                              : attribute == "Mtu"            ? kSmallestMtu
                                                              : 0;
    const auto number = TryParseGprsNumber(value);
    if (smallest > 0 && number && *number < static_cast<double>(smallest))
    {
        return "an integer from " + std::to_string(smallest) +
               (attribute == "Mtu" ? " (RFC 791)" : "; with less nothing is sent");
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
 * \param fullName an attribute's full name, "ns3::GprsPcu::NumberOfPdchs"
 * \param info receives what ns-3 knows of it
 * \return whether the type exists and has the attribute itself
 */
bool
LookupAttribute(const std::string& fullName, TypeId::AttributeInformation* info)
{
    const std::size_t colons = fullName.rfind("::");
    TypeId tid;
    return colons != std::string::npos &&
           TypeId::LookupByNameFailSafe(fullName.substr(0, colons), &tid) &&
           FindOwnAttribute(tid, fullName.substr(colons + 2), info);
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
        if (tid.HasConstructor() && (tid == base || tid.IsChildOf(base)))
        {
            names.push_back(tid.GetName());
        }
    }
    std::sort(names.begin(), names.end());
    return names;
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
        const TypeId base = pointer->GetPointeeTypeId();
        const std::vector<std::string> types = CreatableTypes(base);
        const std::size_t listed = 4; // at most: the line must stay readable
        const std::string names = types.size() <= listed
                                      ? ": " + JoinWords(types, "or")
                                      : " (" + std::to_string(types.size()) +
                                            " types, --PrintTypeIds lists them) such as " +
                                            JoinWords({types.begin(), types.begin() + 2}, "or");
        return base.GetName() + " or a type derived from it" + names +
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
    if (tid != base && !tid.IsChildOf(base))
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

/**
 * Check the attributes that must fit together, as the model does when the simulation starts
 * (and stops the program there): a PCU made with the defaults, which include the user's
 * --ns3:: values, and every link adaptation type an example may name.
 * \return empty if they fit, else the model's message
 */
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

} // namespace

bool
IsCodingSchemeName(const std::string& text)
{
    try
    {
        ParseGprsCodingScheme(text);
        return true;
    }
    catch (const std::invalid_argument&)
    {
        return false;
    }
}

std::string
FormatTimeOption(Time t)
{
    const int64_t ns = t.GetNanoSeconds();
    for (const auto& [factor, unit] :
         {std::pair<int64_t, const char*>{1000000000, "s"}, {1000000, "ms"}, {1000, "us"}})
    {
        if (ns % factor == 0)
        {
            return std::to_string(ns / factor) + unit;
        }
    }
    return std::to_string(ns) + "ns";
}

ExampleOptions::ExampleOptions(const std::string& file, const std::string& usage)
    : m_cmd(file)
{
    m_cmd.Usage(usage);
    // ns-3's global values RngSeed and RngRun, read from the arguments by Parse() before
    // CommandLine sees them, so that they are checked like any option (ns-3 wraps "-1" and
    // aborts on "x" or a seed of 0) while --PrintHelp lists them among ns-3's global values
    // only: a tool that reads the program's options from it (SEM) leaves the run number to
    // ns-3. The seed is 32 bits and not 0 in ns-3 (RngSeedManager); run 0 is a run like any
    // other (ns-3's RngRun takes any integer, rng-seed-manager.cc) and SEM's first.
    AddWholeNumber(
        "RngSeed",
        "",
        RngSeedManager::GetSeed(),
        1,
        UINT32_MAX,
        [](uint64_t seed) { RngSeedManager::SetSeed(static_cast<uint32_t>(seed)); },
        true);
    AddWholeNumber(
        "RngRun",
        "",
        RngSeedManager::GetRun(),
        0,
        UINT32_MAX,
        [](uint64_t run) { RngSeedManager::SetRun(run); },
        true);
    // GprsHelper gives every cell a PCU of its own, configured by GprsPcu's attributes.
    SetsAttribute("ns3::GprsBssNetDevice::Pcu");
}

void
ExampleOptions::Add(const std::string& name,
                    const std::string& help,
                    const std::string& defaultText,
                    const std::string& allowed,
                    std::function<bool(const std::string&)> read,
                    bool global)
{
    Option& option =
        m_options.emplace_back(Option{name, defaultText, allowed, std::move(read), "", global});
    if (global)
    {
        return;
    }
    // A callback receives the whole text, also when empty ("--pcap") or holding blanks, where
    // CommandLine's own string option fails or keeps the first word.
    m_cmd.AddValue(name,
                   help + (allowed.empty() ? "" : "; allowed: " + allowed),
                   gprs::CommandLineCallback([&option](const std::string& text) {
                       option.text = text;
                       return true;
                   }),
                   defaultText);
}

void
ExampleOptions::AddWholeNumber(const std::string& name,
                               const std::string& help,
                               uint64_t defaultValue,
                               uint64_t min,
                               uint64_t max,
                               std::function<void(uint64_t)> store,
                               bool global)
{
    const std::string allowed =
        "an integer from " + std::to_string(min) + " to " + std::to_string(max);
    const auto read = [min, max, store](const std::string& text) {
        // Read as a real number so that 5e5 is 500000; doubles hold integers up to 2^53 exactly.
        const auto value = TryParseGprsNumber(text);
        if (!value || *value != std::floor(*value) || *value < static_cast<double>(min) ||
            *value > static_cast<double>(max))
        {
            return false;
        }
        store(static_cast<uint64_t>(*value));
        return true;
    };
    Add(name, help, std::to_string(defaultValue), allowed, read, global);
}

void
ExampleOptions::AddPdchs(const std::string& name, const std::string& help, uint32_t& value)
{
    AddInteger<uint32_t>(name, help, value, 1, kMaxExamplePdchs);
    SetsAttribute("ns3::GprsPcu::NumberOfPdchs", {name});
}

void
ExampleOptions::AddMultislotClass(const std::string& help, uint32_t& value)
{
    AddInteger<uint32_t>("msClass",
                         help,
                         value,
                         GprsMultislotClass::kMinClass,
                         GprsMultislotClass::kMaxClass);
    SetsAttribute("ns3::GprsMsNetDevice::MultislotClass", {"msClass"});
}

void
ExampleOptions::AddMss(const std::string& help, uint32_t& value)
{
    AddInteger<uint32_t>("mss", help, value, kMinExampleMss, kMaxExampleMss);
    SetsAttribute("ns3::TcpSocket::SegmentSize", {"mss"});
}

void
ExampleOptions::AddCodingScheme(const std::string& name,
                                const std::string& help,
                                std::string& value)
{
    AddChecked(name, help, value, kCodingSchemeNames, IsCodingSchemeName);
    SetsAttribute("ns3::GprsPcu::DownlinkLinkAdaptation", {name}, false);
    SetsAttribute("ns3::GprsPcu::UplinkLinkAdaptation", {name}, false);
}

void
ExampleOptions::AddRadioConditions(const std::string& name,
                                   const std::string& help,
                                   std::string& value)
{
    Add(name, help, value, kRadioConditionsAllowed, {});
    Option& option = m_options.back();
    option.read = [this, &value, &option](const std::string& text) {
        try
        {
            // Kept: mobiles built later with the same trace file share this parse.
            m_radio.push_back(GprsRadioConditions::FromSpec(text));
        }
        catch (const std::exception& e)
        {
            option.problem = e.what();
            return false;
        }
        value = text;
        return true;
    };
    SetsAttribute("ns3::GprsMsNetDevice::RadioConditions", {name});
}

void
ExampleOptions::AddNumber(const std::string& name,
                          const std::string& help,
                          double& value,
                          double min,
                          double max,
                          const std::string& unit)
{
    const std::string allowed = "a number from " + FormatGprsNumber(min) + " to " +
                                FormatGprsNumber(max) + (unit.empty() ? "" : " " + unit);
    Add(name, help, FormatGprsNumber(value), allowed, [&value, min, max](const auto& text) {
        const auto number = TryParseGprsNumber(text);
        if (!number || *number < min || *number > max)
        {
            return false;
        }
        value = *number;
        return true;
    });
}

void
ExampleOptions::AddTime(const std::string& name,
                        const std::string& help,
                        Time& value,
                        Time min,
                        Time max,
                        bool zeroAllowed,
                        bool unitRequired)
{
    const std::string allowed =
        std::string(zeroAllowed ? "0 or " : "") + "a time " + (unitRequired ? "with a unit " : "") +
        "from " + FormatTimeOption(min) + " to " + FormatTimeOption(max) + " such as 50ms" +
        (unitRequired ? "" : " or 0.05, a bare number being seconds");
    Add(name,
        help,
        FormatTimeOption(value),
        allowed,
        [&value, min, max, zeroAllowed, unitRequired](const std::string& text) {
            if (unitRequired && (text.empty() || !std::isalpha(text.back())))
            {
                return false;
            }
            Time t;
            try
            {
                t = ParseGprsTime(text, "time");
            }
            catch (const std::invalid_argument&)
            {
                return false;
            }
            if ((t < min || t > max) && !(zeroAllowed && t.IsZero()))
            {
                return false;
            }
            value = t;
            return true;
        });
}

void
ExampleOptions::AddDuration(const std::string& name, const std::string& help, Time& value)
{
    AddTime(name, help, value, NanoSeconds(1), kMaxExampleTime);
}

void
ExampleOptions::AddDelay(const std::string& name,
                         const std::string& help,
                         Time& value,
                         bool unitRequired)
{
    AddTime(name, help, value, Seconds(0), kMaxExampleDelay, false, unitRequired);
}

void
ExampleOptions::AddRate(const std::string& name,
                        const std::string& help,
                        DataRate& value,
                        DataRate min,
                        DataRate max)
{
    const std::string allowed = "a data rate from " + FormatRateOption(min) + " to " +
                                FormatRateOption(max) + " such as 100Mbps";
    Add(name, help, FormatRateOption(value), allowed, [&value, min, max](const auto& text) {
        // ns-3 converts the number to an integer unchecked: check its magnitude first.
        const std::size_t unitStart =
            std::min(text.find_first_not_of("0123456789.eE+-"), text.size());
        const auto number = TryParseGprsNumber(text.substr(0, unitStart));
        if (!number || *number < 0 || *number > 1e15)
        {
            return false;
        }
        std::istringstream in(text);
        DataRate rate;
        if (!(in >> rate) || rate < min || rate > max)
        {
            return false;
        }
        value = rate;
        return true;
    });
}

void
ExampleOptions::AddFlag(const std::string& name, const std::string& help, bool& value)
{
    Add(name,
        help,
        value ? "true" : "false",
        "true or false in any case, 1 or 0; alone: true",
        [&value](const std::string& text) {
            // Any case, as ns-3's CommandLine reads a bool: SEM passes Python's True and False.
            const std::string lower = boost::algorithm::to_lower_copy(text);
            if (lower.empty() || lower == "true" || lower == "1")
            {
                value = true;
            }
            else if (lower == "false" || lower == "0")
            {
                value = false;
            }
            else
            {
                return false;
            }
            return true;
        });
}

void
ExampleOptions::AddText(const std::string& name, const std::string& help, std::string& value)
{
    Add(name, help, value, "", [&value](const std::string& text) {
        value = text;
        return true;
    });
}

void
ExampleOptions::AddOutputDirectory(const std::string& name,
                                   const std::string& help,
                                   std::string& value)
{
    Add(name,
        help + " (created when missing; empty: none)",
        value,
        "a directory that exists or can be created, and is writable",
        {});
    Option& option = m_options.back();
    option.read = [&value, &option](const std::string& text) {
        if (!text.empty())
        {
            std::error_code error;
            std::filesystem::create_directories(text, error);
            if (error)
            {
                option.problem = "cannot create " + text + ": " + error.message();
                return false;
            }
            // A probe file, since neither the permission bits nor access() tell for root or
            // for file systems such as /proc.
            const std::string probe = text + "/.write-test";
            if (!std::ofstream(probe))
            {
                option.problem = "cannot write in " + text;
                return false;
            }
            std::filesystem::remove(probe, error);
        }
        value = text;
        return true;
    };
}

void
ExampleOptions::AddChecked(const std::string& name,
                           const std::string& help,
                           std::string& value,
                           const std::string& allowed,
                           std::function<bool(const std::string&)> check)
{
    Add(name, help, value, allowed, [&value, check](const std::string& text) {
        if (!check(text))
        {
            return false;
        }
        value = text;
        return true;
    });
}

void
ExampleOptions::Require(const std::string& name,
                        const std::string& allowed,
                        std::function<bool()> ok)
{
    m_requirements.push_back(Requirement{name, allowed, std::move(ok)});
}

void
ExampleOptions::SetsAttribute(const std::string& attribute,
                              const std::vector<std::string>& options,
                              bool sameValue)
{
    auto [set, added] = m_setAttributes.try_emplace(attribute, SetAttribute{{}, sameValue});
    set->second.options.insert(set->second.options.end(), options.begin(), options.end());
    set->second.sameValue = set->second.sameValue && sameValue;
}

CommandLine&
ExampleOptions::GetCommandLine()
{
    return m_cmd;
}

std::string
ExampleOptions::Invalid(const std::string& name) const
{
    const auto option = std::find_if(m_options.begin(), m_options.end(), [&name](const auto& o) {
        return o.name == name;
    });
    return "invalid option --" + name + "=" +
           CutGprsInput(option == m_options.end() ? "" : option->text);
}

std::string
ExampleOptions::CheckAttributeArgument(const std::string& argument) const
{
    const auto [name, value] = SplitArgument(argument);
    if (name.find("::") == std::string::npos)
    {
        return "";
    }
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
        return "invalid option " + given + " (allowed: " + DescribeAttribute(info.checker) + ")" +
               (problem->empty() ? "" : ": " + *problem);
    }
    else if (const auto unusable = UsabilityProblem(name, info.checker, value))
    {
        return "invalid option " + given + " (allowed: " + *unusable + ")";
    }
    const auto set = m_setAttributes.find(name);
    if (set == m_setAttributes.end())
    {
        return "";
    }
    const std::vector<std::string>& options = set->second.options;
    if (options.empty())
    {
        return given + " is fixed by this example";
    }
    std::vector<std::string> named;
    std::vector<std::string> suggested;
    for (const auto& option : options)
    {
        named.push_back("--" + option);
        suggested.push_back("--" + option + "=" + CutGprsInput(value));
    }
    const std::string instead = set->second.sameValue ? JoinWords(suggested, "or")
                                : options.size() == 1 ? named.front()
                                                      : "those";
    return given + " is set by this example from " +
           JoinWords(named, set->second.sameValue ? "or" : "and") + "; use " + instead;
}

bool
ExampleOptions::Parse(int argc, char* argv[])
{
    // The declarations are the example's own: a typo there is the program's error.
    for (const auto& [attribute, set] : m_setAttributes)
    {
        TypeId::AttributeInformation info;
        NS_ABORT_MSG_UNLESS(LookupAttribute(attribute, &info),
                            "SetsAttribute: no attribute " << attribute);
        for (const auto& name : set.options)
        {
            NS_ABORT_MSG_UNLESS(std::any_of(m_options.begin(),
                                            m_options.end(),
                                            [&name](const Option& o) { return o.name == name; }),
                                "SetsAttribute " << attribute << ": no option --" << name);
        }
    }
    // Before CommandLine applies them as attribute defaults.
    for (int i = 1; i < argc; ++i)
    {
        std::string problem = ArgumentFormProblem(argv[i]);
        problem = problem.empty() ? CheckAttributeArgument(argv[i]) : problem;
        if (!problem.empty())
        {
            std::cerr << "error: " << problem << "\n";
            return false;
        }
    }
    // The global values taken as options (RngSeed, RngRun) are read here; CommandLine gets the
    // other arguments.
    std::vector<char*> rest{argv, argv + std::min(argc, 1)};
    for (int i = 1; i < argc; ++i)
    {
        const std::pair<std::string, std::string> argument = SplitArgument(argv[i]);
        const auto global =
            std::find_if(m_options.begin(), m_options.end(), [&argument](const Option& o) {
                return o.global && o.name == argument.first;
            });
        if (global == m_options.end())
        {
            rest.push_back(argv[i]);
        }
        else
        {
            global->text = argument.second;
        }
    }
    m_cmd.Parse(static_cast<int>(rest.size()), rest.data());
    std::string error;
    if (m_cmd.GetNExtraNonOptions() > 0)
    {
        // CommandLine keeps arguments beyond the program's non-options and ignores them.
        error = "invalid argument " + QuoteGprsInput(m_cmd.GetExtraNonOption(0)) +
                ": more arguments without -- than the program takes (see --help)";
    }
    for (auto option = m_options.begin(); error.empty() && option != m_options.end(); ++option)
    {
        if (!option->read(option->text))
        {
            error = Invalid(option->name) + " (allowed: " + option->allowed + ")" +
                    (option->problem.empty() ? "" : ": " + option->problem);
        }
    }
    for (std::size_t i = 0; error.empty() && i < m_requirements.size(); ++i)
    {
        if (!m_requirements[i].ok())
        {
            error =
                Invalid(m_requirements[i].name) + " (allowed: " + m_requirements[i].allowed + ")";
        }
    }
    if (error.empty())
    {
        error = CheckModelConfiguration();
    }
    if (!error.empty())
    {
        std::cerr << "error: " << error << "\n";
        return false;
    }
    return true;
}

double
Median(std::vector<double> values)
{
    if (values.empty())
    {
        return 0;
    }
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

std::vector<std::string>
SplitList(const std::string& text)
{
    std::vector<std::string> items;
    boost::algorithm::split(items, text, [](char c) { return c == ','; });
    return items;
}

bool
ReadList(const std::string& text,
         const std::function<bool(const std::string&)>& itemOk,
         std::vector<std::string>* items)
{
    const std::vector<std::string> read = SplitList(text);
    if (read.size() > kMaxExampleListItems ||
        std::set<std::string>(read.begin(), read.end()).size() != read.size() ||
        !std::all_of(read.begin(), read.end(), itemOk))
    {
        return false;
    }
    if (items)
    {
        *items = read;
    }
    return true;
}

bool
ReadChoiceList(const std::string& text,
               const std::vector<std::string>& allowed,
               std::vector<std::string>* items)
{
    return ReadList(
        text,
        [&allowed](const std::string& item) {
            return std::count(allowed.begin(), allowed.end(), item) > 0;
        },
        items);
}

double
Mean(const std::vector<double>& values)
{
    return values.empty() ? 0 : std::accumulate(values.begin(), values.end(), 0.0) / values.size();
}

double
StandardDeviation(const std::vector<double>& values)
{
    if (values.size() < 2)
    {
        return 0;
    }
    const double mean = Mean(values);
    double sum = 0;
    for (double v : values)
    {
        sum += (v - mean) * (v - mean);
    }
    return std::sqrt(sum / (values.size() - 1));
}

void
ReportProgress(const std::string& program, Time end, std::function<std::string()> status)
{
    const Time step = Seconds(10);
    if (Simulator::Now() + step >= end)
    {
        return;
    }
    Simulator::Schedule(step, [program, end, status]() {
        std::cerr << "[" << program << "] t=" << std::fixed << std::setprecision(0)
                  << Simulator::Now().GetSeconds() << " s of " << end.GetSeconds() << " s, "
                  << status() << "\n";
        ReportProgress(program, end, status);
    });
}

std::vector<std::string>
RunJobs(const std::string& program,
        std::size_t count,
        uint32_t jobs,
        std::function<std::string(std::size_t)> run)
{
    std::vector<std::string> results(count);
    std::size_t done = 0;
    const auto report = [&program, &done, count]() {
        std::cerr << "[" << program << "] " << ++done << "/" << count << " runs\n";
    };
    if (jobs <= 1)
    {
        for (std::size_t i = 0; i < count; ++i)
        {
            results[i] = run(i);
            report();
        }
        return results;
    }

    // Worker w runs simulations w, w + jobs, ... and writes "index result" lines to its pipe.
    struct Worker
    {
        pid_t pid;          //!< its process
        int fd;             //!< its pipe's reading end
        std::string buffer; //!< what was read and is not a whole line yet
    };

    std::vector<Worker> workers;
    std::vector<bool> received(count, false);
    for (uint32_t w = 0; w < jobs && w < count; ++w)
    {
        int fds[2];
        if (pipe(fds) != 0)
        {
            std::perror("pipe");
            std::exit(3);
        }
        const pid_t pid = fork();
        if (pid < 0)
        {
            std::perror("fork");
            std::exit(3);
        }
        if (pid == 0)
        {
            close(fds[0]);
            FILE* out = fdopen(fds[1], "w");
            for (std::size_t i = w; i < count; i += jobs)
            {
                std::fprintf(out, "%zu %s\n", i, run(i).c_str());
                std::fflush(out);
            }
            std::fclose(out);
            _exit(0);
        }
        close(fds[1]);
        workers.push_back(Worker{pid, fds[0], ""});
    }
    std::vector<pollfd> open;
    for (const Worker& w : workers)
    {
        open.push_back(pollfd{w.fd, POLLIN, 0});
    }
    std::size_t openCount = open.size();
    while (openCount > 0)
    {
        if (poll(open.data(), open.size(), -1) < 0 && errno != EINTR)
        {
            std::perror("poll");
            std::exit(3);
        }
        for (std::size_t w = 0; w < open.size(); ++w)
        {
            if (open[w].fd < 0 || open[w].revents == 0)
            {
                continue;
            }
            char chunk[4096];
            const ssize_t n = read(open[w].fd, chunk, sizeof(chunk));
            if (n <= 0)
            {
                close(open[w].fd);
                open[w].fd = -1;
                --openCount;
                continue;
            }
            std::string& buffer = workers[w].buffer;
            buffer.append(chunk, n);
            for (std::size_t end; (end = buffer.find('\n')) != std::string::npos;)
            {
                const std::string line = buffer.substr(0, end);
                buffer.erase(0, end + 1);
                const std::size_t space = line.find(' ');
                const std::size_t index = std::stoul(line.substr(0, space));
                results.at(index) = line.substr(space + 1);
                received.at(index) = true;
                report();
            }
        }
    }
    for (std::size_t w = 0; w < workers.size(); ++w)
    {
        int status = 0;
        waitpid(workers[w].pid, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        {
            // Its first simulation without a result is the one it died in.
            std::size_t failed = w;
            while (failed < count && received[failed])
            {
                failed += jobs;
            }
            std::cerr << "error: worker " << workers[w].pid << " failed in simulation " << failed
                      << " of " << count << ": "
                      << (WIFSIGNALED(status)
                              ? "killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
                                    strsignal(WTERMSIG(status)) + ")"
                              : "exit status " + std::to_string(WEXITSTATUS(status)))
                      << " (its own messages, if any, are above)\n";
            std::exit(3);
        }
    }
    return results;
}

bool
RenderGnuplot(const std::string& dir, const std::string& script)
{
    // No shell: the directory is the user's text (--outdir), so it is never parsed.
    constexpr int kNotInstalled = 127;
    const pid_t pid = fork();
    if (pid < 0)
    {
        return false;
    }
    if (pid == 0)
    {
        if (chdir(dir.c_str()) == 0)
        {
            execlp("gnuplot", "gnuplot", script.c_str(), static_cast<char*>(nullptr));
            _exit(errno == ENOENT ? kNotInstalled : 1);
        }
        _exit(1);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
    {
        if (errno != EINTR)
        {
            return false;
        }
    }
    return WIFEXITED(status) && (WEXITSTATUS(status) == 0 || WEXITSTATUS(status) == kNotInstalled);
}

std::string
GnuplotString(const std::string& text)
{
    std::string quoted = "'";
    for (const char c : text)
    {
        if (c == '\'')
        {
            quoted += "''";
        }
        else
        {
            quoted += std::iscntrl(static_cast<unsigned char>(c)) ? '?' : c;
        }
    }
    return quoted + "'";
}

std::string
CsvField(const std::string& text, bool alwaysQuoted)
{
    if (!alwaysQuoted && text.find_first_of(",\"\r\n") == std::string::npos)
    {
        return text;
    }
    std::string quoted = "\"";
    for (const char c : text)
    {
        quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    }
    return quoted + "\"";
}

} // namespace ns3
