/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef CHAKRAVORTY_SETUP_H
#define CHAKRAVORTY_SETUP_H

// The testbed of Chakravorty & Pratt, "Performance issues with General Packet Radio Service",
// Journal of Communications and Networks 4(4), 2002, shared by the chakravorty-* examples.

#include "../common/example-options.h"

#include "ns3/gprs-module.h"

#include <string>

namespace ns3
{

/// Inputs of the testbed; defaults are the paper's setup plus the documented choices.
struct ChakravortySetup
{
    std::string cs{"CS-2"};              //!< coding scheme, both directions (paper: CS-2)
    uint32_t pdchs{4};                   //!< PDCHs of the cell (paper: not given; >= 3)
    uint32_t msClass{4};                 //!< multislot class (paper: 3+1 phone = class 4)
    uint32_t mss{1400};                  //!< TCP MSS (paper: about 1400 bytes)
    bool sack{true};                     //!< TCP SACK (paper: Linux 2.4 with SACK)
    bool timestamps{true};               //!< TCP timestamps (Linux 2.4 default: on)
    uint32_t rcvBuf{65535};              //!< TCP receive buffer (paper C5: up to 64 KB)
    uint32_t sndBuf{131072};             //!< TCP send buffer (never the limit)
    Time internetDelay{MilliSeconds(5)}; //!< server-GGSN one-way delay (paper: server at CGSN)
    uint64_t ggsnBuffer{131072};         //!< per-mobile downlink buffer (paper: over 120 KB)
    std::string rlcMode{"Acknowledged"}; //!< RLC mode (paper: not given; operators' default)

    /**
     * Register the options, with help texts naming the sources, and the attributes the
     * testbed sets (ExampleOptions::SetsAttribute).
     * \param options the example's options
     */
    void AddOptions(ExampleOptions& options);

    /// \return the text for the --help usage that states the testbed and its choices
    static std::string Choices();

    /// Set ns-3's TCP defaults to the testbed's Linux 2.4-like TCP (Config::SetDefault).
    void ConfigureTcp() const;

    /**
     * Build the scenario: server, optional proxy node, GGSN, one cell with the mobiles.
     * ConfigureTcp() must have been called.
     * \param radio RadioConditions of the mobiles (a C/I specification)
     * \param mobiles number of mobiles
     * \param proxy with a proxy node between the Internet and the GGSN
     * \param stream first random stream index
     * \return the scenario
     */
    GprsScenario Build(const std::string& radio,
                       uint32_t mobiles,
                       bool proxy,
                       int64_t stream) const;
};

} // namespace ns3

#endif /* CHAKRAVORTY_SETUP_H */
