/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef EXAMPLE_TRACES_H
#define EXAMPLE_TRACES_H

// One run's traces (--traceRun): which run of a study writes them, and what it writes.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ns3
{

class ExampleOptions;
struct GprsScenario;

/**
 * The --traceRun option of a study: the one run whose traces (EnableRunTraces, and the study's
 * own time series) are written into a directory of their own inside --outdir. Its values:
 * `none`; `first`, the first run (--RngRun); or an RNG run number from --RngRun to --RngRun +
 * --runs - 1, as the `run` column of runs.csv names it, so that a run seen there can be traced
 * alone by running the study again with the same options.
 */
class ExampleTraceRun
{
  public:
    /// \param defaultText the default: none or first
    explicit ExampleTraceRun(std::string defaultText);

    /**
     * Add --traceRun to a study's options, checked once all are read (a run number outside
     * the study's runs, or one without --outdir, is refused).
     * \param options the study's options
     * \param traced what the run's traces are, for --help
     * \param runs gives the study's runs (called when the options are checked, after every
     *        option was read); empty: one run only
     * \param outdir the study's --outdir (read when the options are checked)
     */
    void AddTo(ExampleOptions& options,
               const std::string& traced,
               std::function<uint32_t()> runs,
               const std::string* outdir);

    /**
     * \param run an RNG run number
     * \return whether its traces are written (after the options were read)
     */
    bool IsTraced(uint64_t run) const;

    /**
     * \param outdir the study's --outdir
     * \param run the traced run's RNG run number
     * \param parts what else names the simulation (scenario, variant), in order
     * \return `<outdir>/trace-run<run>[-<part>...]`, the directory of its traces; a part's
     *         characters other than letters, digits, '.' and '-' become '_' (a page file's
     *         path is one name)
     */
    static std::string Directory(const std::string& outdir,
                                 uint64_t run,
                                 const std::vector<std::string>& parts);

  private:
    std::string m_text; //!< the option as given
};

/**
 * Write one run's packet and radio traces into a directory (created when missing), as
 * gprs-tcp-tutorial --pcap does: `server.pcap` (the server's Internet link), `ggsn.pcap` (the
 * cell's network-side device) and `mobile.pcap` (the mobile's device), IP packets; `gsmtap.pcap`
 * (the cell's radio blocks and LLC frames, GSMTAP for Wireshark); and the mobile's RLC block
 * trace, `rlc-<node>-<device>-rlc.tr` and `.dat` (GprsHelper::EnableRlcTraces); with a
 * statistical radio (no PCU) the pcaps only. Call after
 * the scenario is installed and before the simulation runs. The traces are the devices', so
 * any GprsHelper writes them: the scenario's own is not needed.
 * \param s the scenario
 * \param dir the directory
 * \param mobile the measured mobile's index
 */
void EnableRunTraces(const GprsScenario& s, const std::string& dir, uint32_t mobile = 0);

} // namespace ns3

#endif /* EXAMPLE_TRACES_H */
