/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "gprs-gi-summary.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <stdexcept>

namespace ns3
{

namespace
{

/// Set-up delays up to 60 s (a SYN retransmitted 4 times at 3, 6, 12, 24 s: RFC 1122) by 10 ms.
constexpr double kSetupBin = 0.01;
constexpr std::size_t kSetupBins = 6000; //!< \see kSetupBin
/// RTT up to 20 s by 10 ms (GPRS RTTs of 0.5-2 s and stalls of seconds: Benko et al.).
constexpr double kRttBin = 0.01;
constexpr std::size_t kRttBins = 2000; //!< \see kRttBin
/// Rates up to 200 kbit/s by 1 kbit/s: above GPRS's 171.2 kbit/s (8 timeslots of CS-4).
constexpr double kRateBin = 1000;
constexpr std::size_t kRateBins = 200; //!< \see kRateBin

/// \return seconds of ns
double
Seconds(int64_t ns)
{
    return static_cast<double>(ns) * 1e-9;
}

/// \return the value, or empty
template <typename T>
std::string
Optional(const std::optional<T>& v, double scale = 1)
{
    if (!v)
    {
        return "";
    }
    std::ostringstream s;
    s << std::setprecision(9) << static_cast<double>(*v) * scale;
    return s.str();
}

} // namespace

GprsGiHistogram::GprsGiHistogram(double binWidth, std::size_t bins)
    : m_binWidth(binWidth),
      m_bins(bins, 0)
{
}

void
GprsGiHistogram::Add(double value)
{
    ++m_count;
    const double bin = std::floor(std::max(0.0, value) / m_binWidth);
    if (bin >= static_cast<double>(m_bins.size()))
    {
        ++m_overflow;
        return;
    }
    ++m_bins[static_cast<std::size_t>(bin)];
}

uint64_t
GprsGiHistogram::GetCount() const
{
    return m_count;
}

std::optional<double>
GprsGiHistogram::Median() const
{
    if (m_count == 0)
    {
        return std::nullopt;
    }
    uint64_t seen = 0;
    for (std::size_t i = 0; i < m_bins.size(); ++i)
    {
        seen += m_bins[i];
        if (2 * seen >= m_count)
        {
            return (static_cast<double>(i) + 0.5) * m_binWidth;
        }
    }
    return static_cast<double>(m_bins.size()) * m_binWidth; // in the overflow
}

void
GprsGiHistogram::WriteDat(std::ostream& os, double scale) const
{
    std::size_t first = m_bins.size();
    std::size_t last = 0;
    for (std::size_t i = 0; i < m_bins.size(); ++i)
    {
        if (m_bins[i] > 0)
        {
            first = std::min(first, i);
            last = i;
        }
    }
    for (std::size_t i = first; i <= last && i < m_bins.size(); ++i)
    {
        os << static_cast<double>(i) * m_binWidth / scale << ' ' << m_bins[i] << '\n';
    }
    if (m_overflow > 0)
    {
        os << "# beyond " << static_cast<double>(m_bins.size()) * m_binWidth / scale << ": "
           << m_overflow << '\n';
    }
}

std::string
GprsGiCsvHeader()
{
    return "start_s,mobile,mobile_port,server,server_port,opener,end,syns,synacks,setup_class,"
           "background,setup_delay_s,gprs_rtt_s,mss,mss_class,mss_source,sack,timestamps,window_"
           "scale,"
           "rwnd,rwnd_class,bytes_down,bytes_up,access_loss_down,internet_loss_down,"
           "access_loss_up,internet_loss_up,rate_periods,channel_rate_bps,greedy,b_tcp,b_other,"
           "throughput_bps,duration_s";
}

std::string
GprsGiCsvRow(const GprsGiConnectionReport& r)
{
    std::ostringstream s;
    s << std::setprecision(9) << Seconds(r.firstNs) << ',' << GprsGiAddressToString(r.mobile) << ','
      << r.mobilePort << ',' << GprsGiAddressToString(r.server) << ',' << r.serverPort << ','
      << (!r.synSeen       ? "unknown"
          : r.mobileOpened ? "mobile"
                           : "server")
      << ',' << GprsGiEndName(r.end) << ',' << r.syns << ',' << r.synAcks << ','
      << GprsGiSetupClassName(r.setupClass) << ',' << r.background << ','
      << Optional(r.setupDelayNs, 1e-9) << ',' << Optional(r.accessRttNs, 1e-9) << ','
      << Optional(r.Mss()) << ',' << GprsGiMssClass(r.Mss()) << ','
      << (r.mobileOptions.mss ? "option"
          : r.MssInferred()   ? "largest-segment"
                              : "none")
      << ',' << r.Sack() << ',' << r.Timestamps() << ','
      << (r.mobileOptions.windowScale && r.serverOptions.windowScale
              ? std::to_string(*r.mobileOptions.windowScale)
              : std::string())
      << ',' << Optional(r.mobileWindow) << ','
      << (r.mobileWindow ? GprsGiWindowClass(*r.mobileWindow) : std::string("none")) << ','
      << r.bytesDown << ',' << r.bytesUp << ',' << r.accessLossDown << ',' << r.internetLossDown
      << ',' << r.accessLossUp << ',' << r.internetLossUp << ',' << r.ratePeriods << ','
      << Optional(r.ChannelRate()) << ',' << r.Greedy() << ',' << r.throughputTcpBytes << ','
      << r.throughputOtherBytes << ',' << Optional(r.Throughput()) << ','
      << Seconds(r.lastNs - r.firstNs);
    return s.str();
}

GprsGiSummary::GprsGiSummary()
    : m_rtt(kRttBin, kRttBins),
      m_rate(kRateBin, kRateBins),
      m_throughput(kRateBin, kRateBins)
{
}

void
GprsGiSummary::AddConnection(const GprsGiConnectionReport& r)
{
    ++m_connections;
    if (r.setupDelayNs)
    {
        const std::string key =
            GprsGiSetupClassName(r.setupClass) + (r.background ? "/background" : "/no-background");
        m_setup.try_emplace(key, kSetupBin, kSetupBins).first->second.Add(Seconds(*r.setupDelayNs));
    }
    if (r.accessRttNs)
    {
        m_rtt.Add(Seconds(*r.accessRttNs));
    }
    m_loss[0] += r.accessLossDown;
    m_loss[1] += r.internetLossDown;
    m_loss[2] += r.accessLossUp;
    m_loss[3] += r.internetLossUp;
    const auto rate = r.Throughput();
    if (r.Greedy() && rate)
    {
        m_throughput.Add(*rate);
        const std::string flows = r.throughputOtherBytes == 0 ? "single" : "parallel";
        for (const std::string& key :
             {"flows=" + flows,
              "mss=" + GprsGiMssClass(r.Mss()),
              std::string("sack=") + (r.Sack() ? "yes" : "no"),
              std::string("timestamps=") + (r.Timestamps() ? "yes" : "no"),
              "rwnd=" + (r.mobileWindow ? GprsGiWindowClass(*r.mobileWindow) : "none")})
        {
            m_byClass[key].count++;
            m_byClass[key].sum += *rate;
        }
    }
}

void
GprsGiSummary::AddRatePeriod(const GprsGiRatePeriod& period)
{
    m_rate.Add(period.Rate());
}

void
GprsGiSummary::AddUser(const GprsGiUserReport&)
{
    ++m_users;
}

void
GprsGiSummary::Write(std::ostream& os) const
{
    os << "connections: " << m_connections << "\nuser spells: " << m_users << '\n';
    uint64_t withSetup = 0;
    for (const auto& [key, h] : m_setup)
    {
        withSetup += h.GetCount();
    }
    for (const auto& [key, h] : m_setup)
    {
        os << "setup " << key << ": " << h.GetCount() << " (" << std::setprecision(3)
           << 100.0 * static_cast<double>(h.GetCount()) / static_cast<double>(withSetup)
           << " %), median " << Optional(h.Median()) << " s\n";
    }
    os << "GPRS RTT: " << m_rtt.GetCount() << " handshakes, median " << Optional(m_rtt.Median())
       << " s\n";
    os << "channel rate: " << m_rate.GetCount() << " periods, median " << Optional(m_rate.Median())
       << " bit/s\n";
    os << "loss downlink: access side " << m_loss[0] << ", Internet side " << m_loss[1]
       << " segments\nloss uplink: access side " << m_loss[2] << ", Internet side " << m_loss[3]
       << " segments\n";
    os << "greedy flows (> 100 KB): " << m_throughput.GetCount() << ", median R "
       << Optional(m_throughput.Median()) << " bit/s\n";
    for (const auto& [key, mean] : m_byClass)
    {
        os << "greedy R " << key << ": " << mean.count << " flows, mean " << std::setprecision(6)
           << mean.sum / static_cast<double>(mean.count) << " bit/s\n";
    }
}

void
GprsGiSummary::WriteHistograms(const std::string& dir) const
{
    const auto open = [&dir](const std::string& name) {
        std::ofstream f(dir + "/" + name);
        if (!f)
        {
            throw std::runtime_error("cannot write " + dir + "/" + name);
        }
        return f;
    };
    {
        std::ofstream f = open("setup-delay.dat");
        f << "# set-up delay (s, bins of 10 ms) and connections; a block per class/background\n";
        for (const auto& [key, h] : m_setup)
        {
            f << '"' << key << "\" count\n"; // the block's title for gnuplot
            h.WriteDat(f, 1);
            f << "\n\n";
        }
    }
    {
        std::ofstream f = open("rtt.dat");
        f << "# GPRS RTT, SYN-ACK to ACK (s, bins of 10 ms), handshakes\n";
        m_rtt.WriteDat(f, 1);
    }
    {
        std::ofstream f = open("channel-rate.dat");
        f << "# available downlink channel rate (kbit/s, bins of 1 kbit/s), periods\n";
        m_rate.WriteDat(f, 1000);
    }
    {
        std::ofstream f = open("throughput.dat");
        f << "# R of greedy flows (kbit/s, bins of 1 kbit/s), flows\n";
        m_throughput.WriteDat(f, 1000);
    }
    std::ofstream g = open("gprs-gi-analyzer.gnuplot");
    g << "# gnuplot gprs-gi-analyzer.gnuplot (in this directory)\n"
         "set terminal pngcairo size 800,500\nset style fill solid 0.5\nset ylabel 'count'\n"
         "set output 'channel-rate.png'\nset xlabel 'available downlink channel rate (kbit/s)'\n"
         "plot 'channel-rate.dat' using ($1+0.5):2 with boxes title 'periods'\n"
         "set output 'rtt.png'\nset xlabel 'GPRS RTT, SYN-ACK to ACK (s)'\n"
         "plot 'rtt.dat' using ($1+0.005):2 with boxes title 'handshakes'\n"
         "set output 'throughput.png'\nset xlabel 'R of greedy flows (kbit/s)'\n"
         "plot 'throughput.dat' using ($1+0.5):2 with boxes title 'flows'\n"
         "set output 'setup-delay.png'\nset xlabel 'set-up delay, first SYN to first ACK (s)'\n"
         "plot for [i=0:*] 'setup-delay.dat' index i using ($1+0.005):2 with steps "
         "title columnheader(1)\n";
}

const GprsGiHistogram&
GprsGiSummary::ChannelRates() const
{
    return m_rate;
}

const GprsGiHistogram&
GprsGiSummary::AccessRtts() const
{
    return m_rtt;
}

} // namespace ns3
