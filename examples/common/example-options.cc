/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "example-options.h"

#include "example-attributes.h"
#include "example-option-text.h"

#include "ns3/abort.h"
#include "ns3/gprs-multislot-class.h"
#include "ns3/gprs-ns3-compat.h"
#include "ns3/gprs-text-input.h"
#include "ns3/rng-seed-manager.h"

#include <algorithm>
#include <boost/algorithm/string/case_conv.hpp>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

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

/// TCP buffers and windows that must hold one segment (with less, ns-3's TCP sends nothing),
/// and the attribute of their own segment size, if not the example's --mss. The split proxy's
/// legs take 0 for the node's default.
const std::map<std::string, std::string> kSegmentHolders = {
    {"ns3::TcpSocket::SndBufSize", ""},
    {"ns3::TcpSocket::RcvBufSize", ""},
    {"ns3::TcpSocketBase::MaxWindowSize", ""},
    {"ns3::GprsSplitProxy::MobileLegSndBufSize", "ns3::GprsSplitProxy::MobileLegSegmentSize"},
    {"ns3::GprsSplitProxy::MobileLegRcvBufSize", "ns3::GprsSplitProxy::MobileLegSegmentSize"},
    {"ns3::GprsSplitProxy::ServerLegSndBufSize", "ns3::GprsSplitProxy::ServerLegSegmentSize"},
    {"ns3::GprsSplitProxy::ServerLegRcvBufSize", "ns3::GprsSplitProxy::ServerLegSegmentSize"},
};

/**
 * \param attributes the --ns3:: arguments, by attribute, the attribute checks passed
 * \param mss the option the example sets the segment size from, as "--mss=1400"
 * \param mssValue its value
 * \return why one of them is a TCP buffer or window too small for one segment, or empty
 */
std::string
SegmentHolderProblem(const std::map<std::string, std::string>& attributes,
                     const std::string& mss,
                     double mssValue)
{
    for (const auto& [name, value] : attributes)
    {
        const auto holder = kSegmentHolders.find(name);
        const auto number = TryParseGprsNumber(value);
        if (holder == kSegmentHolders.end() || !number || (*number == 0 && !holder->second.empty()))
        {
            continue;
        }
        const auto own = attributes.find(holder->second);
        const auto ownValue =
            own == attributes.end() ? std::nullopt : TryParseGprsNumber(own->second);
        const bool byOwn = ownValue && *ownValue > 0;
        if (*number < (byOwn ? *ownValue : mssValue))
        {
            return "invalid option --" + name + "=" + CutGprsInput(value) +
                   " (allowed: at least one segment, " +
                   (byOwn ? "--" + own->first + "=" + CutGprsInput(own->second) : mss) +
                   " octets; with less nothing is sent)";
        }
    }
    return "";
}

} // namespace

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
    if (const std::string problem = AttributeArgumentProblem(name, value); !problem.empty())
    {
        return problem;
    }
    const std::string given = "--" + name + "=" + CutGprsInput(value);
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
    // The segment size is known once the options are read (the attribute checks took each
    // buffer and window on its own).
    const auto mssSet = m_setAttributes.find("ns3::TcpSocket::SegmentSize");
    const auto mss =
        mssSet == m_setAttributes.end() || mssSet->second.options.empty()
            ? m_options.end()
            : std::find_if(m_options.begin(), m_options.end(), [&mssSet](const Option& o) {
                  return o.name == mssSet->second.options.front();
              });
    const auto segment = mss == m_options.end() ? std::nullopt : TryParseGprsNumber(mss->text);
    std::map<std::string, std::string> attributes;
    for (int i = 1; i < argc; ++i)
    {
        const auto [name, value] = SplitArgument(argv[i]);
        if (name.find("::") != std::string::npos)
        {
            attributes[name] = value;
        }
    }
    if (segment && error.empty())
    {
        error = SegmentHolderProblem(attributes, "--" + mss->name + "=" + mss->text, *segment);
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

} // namespace ns3
