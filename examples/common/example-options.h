/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef EXAMPLE_OPTIONS_H
#define EXAMPLE_OPTIONS_H

// The examples' command lines: every option read as text and checked before anything is
// simulated.

#include "ns3/command-line.h"
#include "ns3/data-rate.h"
#include "ns3/gprs-radio-conditions.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <functional>
#include <list>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

/// The longest simulated time an example option accepts: 11.6 days, beyond any run of the
/// examples (the longest default is meyer-download-time's --limit, 1 h), far below ns-3's
/// Time range (292 years), so that sums and multiples of such times cannot overflow.
const Time kMaxExampleTime = Seconds(1e6);

/// The longest one-way delay of a link an example option accepts (a geostationary satellite
/// hop is 0.27 s).
const Time kMaxExampleDelay = Seconds(10);

/**
 * The command line of an example. ns-3's CommandLine reads every option as text (its own
 * parsers take "4x" as 4, wrap "-1" in unsigned types and abort on a bad time); Parse() then
 * converts each text and checks it against what the option allows, so that a bad value gives
 * one line naming the option, the value and what is allowed, and a non-zero exit, before
 * anything is simulated. The allowed values are appended to each option's --help text.
 */
class ExampleOptions
{
  public:
    /**
     * \param file the program's source file (__FILE__), for CommandLine
     * \param usage the --help text
     */
    ExampleOptions(const std::string& file, const std::string& usage);

    /**
     * Add an integer option.
     * \param name option name, without "--"
     * \param help what it is
     * \param value holds the default; receives the value
     * \param min smallest allowed value
     * \param max largest allowed value (at most 2^53)
     */
    template <typename T>
    void AddInteger(const std::string& name, const std::string& help, T& value, T min, T max)
    {
        AddWholeNumber(name, help, value, min, max, [&value](uint64_t v) {
            value = static_cast<T>(v);
        });
    }

    /**
     * Add the PDCHs of a cell, 1..kMaxExamplePdchs; the example sets GprsPcu's NumberOfPdchs
     * from it (SetsAttribute).
     * \param name option name
     * \param help what it is
     * \param value holds the default; receives the value
     */
    void AddPdchs(const std::string& name, const std::string& help, uint32_t& value);

    /**
     * Add --msClass, a multislot class of GprsMultislotClass; the example sets
     * GprsMsNetDevice's MultislotClass from it (SetsAttribute).
     * \param help what it is
     * \param value holds the default; receives the value
     */
    void AddMultislotClass(const std::string& help, uint32_t& value);

    /**
     * Add --mss, the TCP MSS, kMinExampleMss..kMaxExampleMss; the example sets TcpSocket's
     * SegmentSize from it (SetsAttribute).
     * \param help what it is
     * \param value holds the default; receives the value
     */
    void AddMss(const std::string& help, uint32_t& value);

    /**
     * Add a coding scheme option (kCodingSchemeNames); the example sets GprsPcu's
     * DownlinkLinkAdaptation and UplinkLinkAdaptation from it (SetsAttribute).
     * \param name option name
     * \param help what it is
     * \param value holds the default; receives the value as given
     */
    void AddCodingScheme(const std::string& name, const std::string& help, std::string& value);

    /**
     * Add a C/I specification, read at once with the model's parser
     * (GprsRadioConditions::FromSpec; a trace file is parsed once, and shared with the mobiles
     * built later); the example sets GprsMsNetDevice's RadioConditions from it (SetsAttribute).
     * \param name option name
     * \param help what it is
     * \param value holds the default; receives the value as given
     */
    void AddRadioConditions(const std::string& name, const std::string& help, std::string& value);

    /**
     * Add a real number option.
     * \param name option name
     * \param help what it is
     * \param value holds the default; receives the value
     * \param min smallest allowed value
     * \param max largest allowed value
     * \param unit the value's unit, for messages (e.g. "dB")
     */
    void AddNumber(const std::string& name,
                   const std::string& help,
                   double& value,
                   double min,
                   double max,
                   const std::string& unit);

    /**
     * Add a time option: a number with an optional unit as ParseGprsTime reads it.
     * \param name option name
     * \param help what it is
     * \param value holds the default; receives the value
     * \param min shortest allowed time
     * \param max longest allowed time
     * \param zeroAllowed whether 0 is allowed as well (when it means "none")
     * \param unitRequired whether a bare number is refused (where it used to mean ms)
     */
    void AddTime(const std::string& name,
                 const std::string& help,
                 Time& value,
                 Time min,
                 Time max,
                 bool zeroAllowed = false,
                 bool unitRequired = false);

    /**
     * Add a simulated duration: a time from 1 ns to kMaxExampleTime.
     * \param name option name
     * \param help what it is
     * \param value holds the default; receives the value
     */
    void AddDuration(const std::string& name, const std::string& help, Time& value);

    /**
     * Add the one-way delay of a link: a time from 0 to kMaxExampleDelay.
     * \param name option name
     * \param help what it is
     * \param value holds the default; receives the value
     * \param unitRequired whether a bare number is refused (where it used to mean ms)
     */
    void AddDelay(const std::string& name,
                  const std::string& help,
                  Time& value,
                  bool unitRequired = false);

    /**
     * Add a data rate option, in ns3::DataRate's syntax ("100Mbps").
     * \param name option name
     * \param help what it is
     * \param value holds the default; receives the value
     * \param min smallest allowed rate
     * \param max largest allowed rate
     */
    void AddRate(const std::string& name,
                 const std::string& help,
                 DataRate& value,
                 DataRate min,
                 DataRate max);

    /**
     * Add a true/false option ("--name" alone means true; true and false in any case).
     * \param name option name
     * \param help what it is
     * \param value holds the default; receives the value
     */
    void AddFlag(const std::string& name, const std::string& help, bool& value);

    /**
     * Add a text option that any text is good for (a path, or a value a model checks itself).
     * \param name option name
     * \param help what it is
     * \param value holds the default; receives the value
     */
    void AddText(const std::string& name, const std::string& help, std::string& value);

    /**
     * Add an output directory: empty for none; else Parse() creates it with its parents when
     * missing and refuses one it cannot create or write in.
     * \param name option name
     * \param help what it is
     * \param value holds the default; receives the value
     */
    void AddOutputDirectory(const std::string& name, const std::string& help, std::string& value);

    /**
     * Add a text option checked by a function.
     * \param name option name
     * \param help what it is
     * \param value holds the default; receives the value (after \p check)
     * \param allowed what is allowed, for messages
     * \param check returns whether a text is allowed; may store what it reads from it
     */
    void AddChecked(const std::string& name,
                    const std::string& help,
                    std::string& value,
                    const std::string& allowed,
                    std::function<bool(const std::string&)> check);

    /**
     * Add a check that involves several options, run by Parse() after every option is read.
     * \param name the option named in the message when the check fails
     * \param allowed what is allowed, for the message
     * \param ok returns whether the options are consistent
     */
    void Require(const std::string& name, const std::string& allowed, std::function<bool()> ok);

    /**
     * Declare an ns-3 attribute that the example sets itself (Config::SetDefault, or a helper's
     * Set...Attribute) after the command line is read: a "--<attribute>=value" argument would be
     * silently overridden, so Parse() refuses it with one line naming the options to use
     * instead. Declaring an attribute again adds options to it.
     * \param attribute the attribute's full name, e.g. "ns3::GprsPcu::NumberOfPdchs"
     * \param options the example's options it is set from (without "--"); none: the example
     *        fixes it
     * \param sameValue whether those options take the attribute's value as it is, so that the
     *        message can say "use --pdchs=2" rather than "use --pdchs"
     */
    void SetsAttribute(const std::string& attribute,
                       const std::vector<std::string>& options = {},
                       bool sameValue = true);

    /**
     * Parse the command line, read and check every option.
     * \param argc argument count
     * \param argv arguments
     * \return false after printing "error: invalid option --name=value (allowed: ...)" on
     *         stderr when an option is bad
     */
    bool Parse(int argc, char* argv[]);

    /// \return the underlying command line, e.g. to add options ns-3 parses
    CommandLine& GetCommandLine();

  private:
    /// One option, kept as the text the user gave.
    struct Option
    {
        std::string name;                             //!< name, without "--"
        std::string text;                             //!< the value as given (or the default)
        std::string allowed;                          //!< what is allowed, for messages
        std::function<bool(const std::string&)> read; //!< reads and checks the text
        std::string problem; //!< why the text is not allowed, when read can tell
        bool global;         //!< one of ns-3's global values: Parse() reads it, not CommandLine
    };

    /// An ns-3 attribute the example sets itself.
    struct SetAttribute
    {
        std::vector<std::string> options; //!< options it is set from; none: fixed
        bool sameValue;                   //!< whether the options take its value as it is
    };

    /// One check across options.
    struct Requirement
    {
        std::string name;         //!< option named in the message
        std::string allowed;      //!< what is allowed
        std::function<bool()> ok; //!< the check
    };

    /**
     * Register an option.
     * \param name option name
     * \param help what it is
     * \param defaultText the default as text
     * \param allowed what is allowed
     * \param read reads and checks a text, storing the value
     * \param global whether it is one of ns-3's global values (RngRun): Parse() reads it from
     *        the arguments and hides it from CommandLine, whose --PrintHelp then lists it among
     *        the global values only, not as a program option (\p help is unused)
     */
    void Add(const std::string& name,
             const std::string& help,
             const std::string& defaultText,
             const std::string& allowed,
             std::function<bool(const std::string&)> read,
             bool global = false);

    /**
     * Register an integer option (AddInteger without the type).
     * \param name option name
     * \param help what it is
     * \param defaultValue the default
     * \param min smallest allowed value
     * \param max largest allowed value
     * \param store receives the value
     * \param global whether it is one of ns-3's global values (see Add)
     */
    void AddWholeNumber(const std::string& name,
                        const std::string& help,
                        uint64_t defaultValue,
                        uint64_t min,
                        uint64_t max,
                        std::function<void(uint64_t)> store,
                        bool global = false);

    /**
     * \param name an option
     * \return the error line for it
     */
    std::string Invalid(const std::string& name) const;

    /**
     * Check an argument that sets an ns-3 attribute ("--ns3::GprsPcu::T3193=2s"): its value
     * (AttributeArgumentProblem), and that the example does not set the attribute itself.
     * \param argument one command-line argument
     * \return why it is refused, or empty: it is good, or sets no attribute
     */
    std::string CheckAttributeArgument(const std::string& argument) const;

    CommandLine m_cmd;                       //!< ns-3's parser
    std::list<Option> m_options;             //!< stable: m_cmd's callbacks refer to each
    std::vector<Requirement> m_requirements; //!< cross-option checks
    std::map<std::string, SetAttribute> m_setAttributes; //!< attributes the example sets
    std::list<GprsRadioConditions> m_radio; //!< parsed C/I options, kept while the options live
};

/// Most PDCHs of a cell: the 8 timeslots of a TDMA frame (TS 45.002), as GprsPcu's
/// NumberOfPdchs allows.
const uint32_t kMaxExamplePdchs = 8;

/// TCP MSS range of the examples: up to 1460 octets, what fits a 1500-octet IP packet
/// (RFC 894 Ethernet MTU); from 100 octets, below which headers dominate every segment.
const uint32_t kMinExampleMss = 100;
const uint32_t kMaxExampleMss = 1460; //!< see kMinExampleMss

} // namespace ns3

#endif /* EXAMPLE_OPTIONS_H */
