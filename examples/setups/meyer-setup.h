/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef MEYER_SETUP_H
#define MEYER_SETUP_H

// The setup of M. Meyer, "TCP performance over GPRS", IEEE WCNC 1999, shared by the
// meyer-download-time and meyer-two-state examples.

#include "../common/example-options.h"

#include "ns3/gprs-module.h"
#include "ns3/packet-sink.h"

#include <string>

namespace ns3
{

/// Inputs of one Meyer run; defaults are the paper's setup plus the documented choices.
struct MeyerSetup
{
    std::string cs{"CS-2"};               //!< downlink coding scheme
    std::string ulCs;                     //!< uplink coding scheme; empty: as the downlink
    uint32_t pdchs{4};                    //!< PDCHs (paper: 4)
    uint32_t msClass{8};                  //!< multislot class (paper: 4 down / 1 up = class 8)
    uint32_t mss{512};                    //!< TCP MSS (paper: 512 bytes)
    uint32_t sendWindow{8192};            //!< TCP max send window (paper: 8192 bytes)
    Time internetDelay{MilliSeconds(50)}; //!< one-way server-GGSN delay (paper: not given)
    uint32_t pollInterval{16};            //!< RRBP poll every N blocks (paper: not given)
    std::string rlcMode{"Acknowledged"};  //!< RLC mode (paper: acknowledged)
    bool sack{false};                     //!< TCP SACK (paper: not given; off, a 1999 stack)

    /**
     * Register the options, with help texts naming the sources.
     * \param options the example's options
     * \param withCs whether to add --cs, the downlink coding scheme; without it the example
     *        sets cs from an option of its own (a list of schemes, one per run)
     */
    void AddOptions(ExampleOptions& options, bool withCs = true);
    /// \return the text for CommandLine::Usage() that states the choices
    static std::string Choices();
};

/// One built run.
struct MeyerRun
{
    GprsScenario scenario; //!< nodes, devices, PCU
    Ptr<PacketSink> sink;  //!< TCP receiver on the mobile
    Time start;            //!< when the download starts
};

/**
 * Build the single-user scenario with a TCP bulk download (BulkSend -> PacketSink).
 * \param setup the inputs (validated)
 * \param radio RadioConditions attribute of the mobile (C/I spec)
 * \param bytes bytes to download (0: unlimited)
 * \param stream first random stream index
 * \return the run
 */
MeyerRun BuildMeyerRun(const MeyerSetup& setup,
                       const std::string& radio,
                       uint64_t bytes,
                       int64_t stream);

} // namespace ns3

#endif /* MEYER_SETUP_H */
