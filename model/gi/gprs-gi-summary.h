/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_GI_SUMMARY_H
#define GPRS_GI_SUMMARY_H

#include "gprs-gi-analyzer.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * Presentation of GprsGiAnalyzer's reports: a CSV row per connection, and a summary with
 * fixed-bin histograms (bounded memory whatever the trace's length) of the quantities of
 * Benko et al.'s figures.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * A histogram of fixed-width bins from 0; values beyond the last bin are counted apart.
 */
class GprsGiHistogram
{
  public:
    /**
     * \param binWidth width of a bin
     * \param bins number of bins
     */
    GprsGiHistogram(double binWidth, std::size_t bins);

    /// \param value a sample (negative ones go to the first bin)
    void Add(double value);
    /// \return samples added
    uint64_t GetCount() const;
    /// \return the median as the middle of its bin (resolution: the bin width); nothing if empty
    std::optional<double> Median() const;
    /**
     * Write "bin_start count" lines, the bins from the first to the last non-empty one.
     * \param os the stream
     * \param scale each bin start is printed divided by this
     */
    void WriteDat(std::ostream& os, double scale) const;

  private:
    double m_binWidth;            //!< bin width
    std::vector<uint64_t> m_bins; //!< counts
    uint64_t m_overflow = 0;      //!< beyond the last bin
    uint64_t m_count = 0;         //!< all samples
};

/// \return the CSV header line of GprsGiCsvRow (no newline)
std::string GprsGiCsvHeader();
/// \param r a connection \return its CSV line (no newline); times in s, rates in bit/s
std::string GprsGiCsvRow(const GprsGiConnectionReport& r);

/**
 * \ingroup gprs
 * Summary of the reports of a GprsGiAnalyzer: set-up tree shares and medians, GPRS RTT and
 * channel-rate histograms, loss by side, greedy-flow throughput by TCP option class.
 */
class GprsGiSummary
{
  public:
    GprsGiSummary();

    /// \param r a connection report
    void AddConnection(const GprsGiConnectionReport& r);
    /// \param period a channel-limited period
    void AddRatePeriod(const GprsGiRatePeriod& period);
    /// \param r a user report
    void AddUser(const GprsGiUserReport& r);

    /// \param os receives the summary as "key: value" lines
    void Write(std::ostream& os) const;
    /**
     * Write setup-delay.dat, rtt.dat, channel-rate.dat, throughput.dat and
     * gprs-gi-analyzer.gnuplot (whose PNGs gnuplot writes in the same directory).
     * \param dir an existing directory
     * \throw std::runtime_error naming a file that cannot be written
     */
    void WriteHistograms(const std::string& dir) const;

    /// \return the channel-rate histogram (bins of 1 kbit/s)
    const GprsGiHistogram& ChannelRates() const;
    /// \return the GPRS RTT histogram (bins of 10 ms)
    const GprsGiHistogram& AccessRtts() const;

  private:
    /// Throughput of greedy flows in one class: count and sum, for the mean.
    struct Mean
    {
        uint64_t count = 0; //!< flows
        double sum = 0;     //!< sum of R, bit/s
    };

    uint64_t m_connections = 0; //!< connections
    uint64_t m_users = 0;       //!< user spells
    /// Set-up delays in s by "class/background" (bins of 10 ms).
    std::map<std::string, GprsGiHistogram> m_setup;
    GprsGiHistogram m_rtt;                 //!< GPRS RTT, s
    GprsGiHistogram m_rate;                //!< channel rate per period, bit/s
    GprsGiHistogram m_throughput;          //!< R of greedy flows, bit/s
    std::map<std::string, Mean> m_byClass; //!< R of greedy flows by option class
    std::array<uint64_t, 4> m_loss{};      //!< access down, Internet down, access up, Internet up
};

} // namespace ns3

#endif // GPRS_GI_SUMMARY_H
