/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "example-traces.h"

#include "example-options.h"

#include "ns3/gprs-helper.h"
#include "ns3/gprs-scenario-helper.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/rng-seed-manager.h"

#include <cctype>
#include <filesystem>
#include <stdexcept>
#include <utility>

namespace ns3
{

namespace
{

/**
 * \param text --traceRun's text
 * \param[out] run the run number, when it is one
 * \return whether it is none, first or a run number (decimal digits, below 2^33)
 */
bool
ReadTraceRun(const std::string& text, uint64_t* run)
{
    if (text == "none" || text == "first")
    {
        return true;
    }
    if (text.empty() || text.size() > 10)
    {
        return false;
    }
    for (const char c : text)
    {
        if (!std::isdigit(static_cast<unsigned char>(c)))
        {
            return false;
        }
    }
    if (run)
    {
        *run = std::stoull(text);
    }
    return true;
}

} // namespace

ExampleTraceRun::ExampleTraceRun(std::string defaultText)
    : m_text(std::move(defaultText))
{
}

void
ExampleTraceRun::AddTo(ExampleOptions& options,
                       const std::string& traced,
                       std::function<uint32_t()> runs,
                       const std::string* outdir)
{
    const std::string runText =
        runs ? "a run number from --RngRun to --RngRun + --runs - 1" : "the run number --RngRun";
    options.AddChecked("traceRun",
                       "the run whose traces are written into --outdir/trace-run<K>...: " + traced +
                           "; none, first (--RngRun) or an RNG run number, the run "
                           "column of runs.csv",
                       m_text,
                       "none, first or " + runText,
                       [](const std::string& text) { return ReadTraceRun(text, nullptr); });
    options.Require("traceRun",
                    "none, first or " + runText + ", with --outdir",
                    [this, runs = std::move(runs), outdir]() {
                        uint64_t run = 0;
                        if (m_text == "none" || !ReadTraceRun(m_text, &run))
                        {
                            return true;
                        }
                        if (outdir->empty())
                        {
                            // "first" may be a default that traces only with --outdir.
                            return m_text == "first";
                        }
                        const uint64_t first = RngSeedManager::GetRun();
                        return m_text == "first" ||
                               (run >= first && run - first < (runs ? runs() : 1));
                    });
}

bool
ExampleTraceRun::IsTraced(uint64_t run) const
{
    uint64_t number = 0;
    if (m_text == "none")
    {
        return false;
    }
    if (m_text == "first")
    {
        return run == RngSeedManager::GetRun();
    }
    return ReadTraceRun(m_text, &number) && number == run;
}

std::string
ExampleTraceRun::Directory(const std::string& outdir,
                           uint64_t run,
                           const std::vector<std::string>& parts)
{
    std::string dir = outdir + "/trace-run" + std::to_string(run);
    for (const std::string& part : parts)
    {
        // A part may be user text (a page file's path): one file name, of safe characters.
        dir += "-";
        for (const char c : part)
        {
            dir += std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' ? c : '_';
        }
    }
    return dir;
}

void
EnableRunTraces(const GprsScenario& s, const std::string& dir, uint32_t mobile)
{
    GprsHelper cell;
    std::error_code error;
    if (!std::filesystem::create_directories(dir, error) && error)
    {
        throw std::runtime_error(dir + ": cannot create directory: " + error.message());
    }
    PointToPointHelper().EnablePcap(dir + "/server.pcap", s.internetDevices.Get(0), false, true);
    const uint32_t c = s.mobileCell.empty() ? 0 : s.mobileCell.at(mobile);
    cell.EnablePcap(dir + "/ggsn.pcap", s.bssDevices.Get(c), false, true);
    cell.EnablePcap(dir + "/mobile.pcap", s.msDevices.Get(mobile), false, true);
    if (s.pcu)
    {
        // A statistical radio (GprsScenarioHelper::SetStatisticalRadio) has no radio blocks.
        cell.EnableGsmtap(dir + "/gsmtap.pcap", s.bssDevices.Get(c), true);
        NetDeviceContainer measured(s.msDevices.Get(mobile));
        cell.EnableRlcTraces(dir + "/rlc", measured);
    }
}

} // namespace ns3
