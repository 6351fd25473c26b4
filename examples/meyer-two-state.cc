/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Meyer, "TCP performance over GPRS" (WCNC 1999), figures M2-M5: a bulk TCP download while
// the C/I switches between a good and a bad state (default CS-2: 13 dB, 6 dB from 10 s,
// 13 dB from 20 s, 30 s). --cs=CS-4 --good-db=20 --bad-db=8 gives figure M5.
//
// Prints one CSV row (header first); --outdir receives the TCP sender and receiver traces,
// the RLC BSN trace, RTT/RTO, cwnd and gnuplot scripts that render the figures.

#include "common/example-option-text.h"
#include "common/example-options.h"
#include "common/example-plot.h"
#include "common/example-progress.h"
#include "setups/meyer-setup.h"

#include "ns3/core-module.h"
#include "ns3/gprs-module.h"

#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>

using namespace ns3;

namespace
{

/// Gnuplot scripts of meyer-two-state, named by what they show: the default run gives Meyer's
/// figures M2 (receiver), M3 (rlc) and M4 (rtt), the CS-4 run of M5 all four.
const char* const kScripts[] = {"meyer-receiver.gp",
                                "meyer-rlc.gp",
                                "meyer-rtt.gp",
                                "meyer-sender-receiver.gp"};

/// Write the gnuplot scripts kScripts. Legends go below the plots, where they cover no data.
void
WriteScripts(const std::string& dir, const std::string& title, double badStart, double badEnd)
{
    const std::string common = "set terminal pngcairo size 900,600 noenhanced\n"
                               "set grid\nset xlabel 'time (s)'\nset key below horizontal\n";
    std::ofstream m2(dir + "/meyer-receiver.gp");
    m2 << common << "set output 'meyer-receiver.png'\n"
       << "set title 'TCP receiver trace, " << title << "'\n"
       << "set ylabel 'bytes received'\n"
       << "set object 1 rect from " << badStart << ", graph 0 to " << badEnd
       << ", graph 1 fc rgb '#eeeeee' behind\n"
       << "plot 'tcp-receiver.dat' using 1:2 with lines lw 2 title 'receiver'\n";
    std::ofstream m3(dir + "/meyer-rlc.gp");
    m3 << common << "set terminal pngcairo size 900,700 noenhanced\nset output 'meyer-rlc.png'\n"
       << "set multiplot layout 2,1 title 'Around the switch to the bad state, " << title << "'\n"
       << "set xrange [" << badStart - 2 << ":" << badStart + 2 << "]\n"
       << "set ylabel 'bytes received'\n"
       << "plot 'tcp-receiver.dat' using 1:2 with lines title 'TCP receiver'\n"
       << "set ylabel 'BSN'\nset yrange [0:127]\n"
       << "plot 'rlc-dl.dat' using 1:($3==0 ? $2 : 1/0) with points pt 7 ps 0.3 title 'RLC first "
          "transmission', 'rlc-dl.dat' using 1:($3==1 ? $2 : 1/0) with points pt 6 ps 0.6 "
          "title 'RLC retransmission'\n"
       << "unset multiplot\n";
    std::ofstream m4(dir + "/meyer-rtt.gp");
    m4 << common << "set output 'meyer-rtt.png'\n"
       << "set title 'TCP smoothed RTT and RTO, " << title << "'\n"
       << "set ylabel 'ms'\n"
       << "plot 'rtt.dat' using 1:2 with points pt 7 ps 0.5 title 'RTT', "
          "'rtt.dat' using 1:3 with steps lw 2 title 'RTO'\n";
    std::ofstream m5(dir + "/meyer-sender-receiver.gp");
    m5 << common << "set output 'meyer-sender-receiver.png'\n"
       << "set title 'TCP sender and receiver traces, " << title << "'\n"
       << "set ylabel 'sequence / bytes'\n"
       << "plot 'tcp-sender.dat' using 1:($3==0 ? $2 : 1/0) with points pt 7 ps 0.3 title "
          "'sent', 'tcp-sender.dat' using 1:($3==1 ? $2 : 1/0) with points pt 6 ps 1 title "
          "'retransmitted', 'tcp-receiver.dat' using 1:2 with lines title 'received in order', "
          "'tcp-receiver-segments.dat' using 1:($3==1 ? $2 : 1/0) with points pt 2 ps 1 title "
          "'received again (duplicate)'\n";
}

} // namespace

int
main(int argc, char* argv[])
{
    MeyerSetup setup;
    double goodDb = 13;
    double badDb = 6;
    Time badStart = Seconds(10);
    Time badEnd = Seconds(20);
    Time duration = Seconds(30);
    std::string outdir;

    ExampleOptions options(
        __FILE__,
        "Figures M2-M5 of Meyer (WCNC 1999): a bulk TCP download for --duration seconds "
        "while the C/I is --good-db, then --bad-db from --bad-start to --bad-end. "
        "Defaults reproduce M2-M4 (CS-2, 13/6 dB); --cs=CS-4 --good-db=20 --bad-db=8 "
        "reproduces M5. Prints one CSV row; --outdir receives tcp-sender.dat, "
        "tcp-receiver.dat, tcp-receiver-segments.dat, rlc-dl.dat, rtt.dat, cwnd.dat, inflight.dat, "
        "ggsn-buffer.dat and gnuplot scripts meyer-receiver, meyer-rlc, meyer-rtt and "
        "meyer-sender-receiver (rendered to PNG when gnuplot is installed). " +
            MeyerSetup::Choices());
    setup.AddOptions(options);
    // Beyond the BLER tables' C/I range the nearest table value applies.
    options.AddNumber("good-db", "C/I of the good state", goodDb, -100, 100, "dB");
    options.AddNumber("bad-db", "C/I of the bad state", badDb, -100, 100, "dB");
    options.AddDuration("bad-start", "start of the bad state, after 0 s", badStart);
    options.AddDuration("bad-end", "end of the bad state, after --bad-start", badEnd);
    options.AddDuration("duration", "simulated time of the download (it starts at 0 s)", duration);
    options.AddOutputDirectory("outdir", "directory for traces and gnuplot scripts", outdir);
    options.Require("bad-end", "after --bad-start", [&badStart, &badEnd]() {
        return badEnd > badStart;
    });
    options.SetsAttribute("ns3::GprsMsNetDevice::RadioConditions",
                          {"good-db", "bad-db", "bad-start", "bad-end"},
                          false);
    options.SetsAttribute("ns3::BulkSendApplication::MaxBytes");
    if (!options.Parse(argc, argv))
    {
        return 2;
    }

    std::ostringstream radio;
    radio << "0s:" << goodDb << "," << FormatTimeOption(badStart) << ":" << badDb << ","
          << FormatTimeOption(badEnd) << ":" << goodDb;
    std::unique_ptr<GprsTcpTracer> tracer;
    try
    {
        tracer = std::make_unique<GprsTcpTracer>(outdir);
    }
    catch (const std::runtime_error& e)
    {
        std::cerr << "error: --outdir: " << e.what() << "\n";
        return 2;
    }
    MeyerRun meyer = BuildMeyerRun(setup, radio.str(), 0, 1000);
    tracer->WatchTcp(meyer.scenario.server, meyer.start, meyer.sink, 0);
    tracer->WatchRlc(meyer.scenario.pcu, 0);
    ReportProgress("meyer-two-state", meyer.start + duration, [&tracer]() {
        return std::to_string(tracer->GetBytesReceived()) + " bytes received";
    });
    Simulator::Stop(meyer.start + duration);
    Simulator::Run();
    tracer->Close();

    const double threshold = (goodDb + badDb) / 2;
    const bool goodAbove = goodDb >= badDb;
    std::cout << "cs,good_db,bad_db,duration_s,bytes_received,tcp_timeouts,tcp_retransmissions,"
                 "tcp_duplicate_segments_received,rlc_blocks,rlc_retransmissions,rlc_stalls,"
                 "bler_good,bler_bad,llc_frames_lost\n"
              << std::fixed << std::setprecision(4) << ToString(ParseGprsCodingScheme(setup.cs))
              << "," << goodDb << "," << badDb << "," << duration.GetSeconds() << ","
              << tracer->GetBytesReceived() << "," << tracer->GetTimeouts() << ","
              << tracer->GetRetransmissions() << "," << tracer->GetDuplicateSegments() << ","
              << tracer->GetRlcBlocks() << "," << tracer->GetRlcRetransmissions() << ","
              << tracer->GetRlcStalls() << "," << tracer->GetBlockErrorRate(threshold, goodAbove)
              << "," << tracer->GetBlockErrorRate(threshold, !goodAbove) << ","
              << tracer->GetLlcFramesLost() << "\n";
    Simulator::Destroy();

    if (!outdir.empty())
    {
        std::ostringstream title;
        title << ToString(ParseGprsCodingScheme(setup.cs)) << " " << goodDb << "/" << badDb
              << " dB";
        WriteScripts(outdir, title.str(), badStart.GetSeconds(), badEnd.GetSeconds());
        for (const char* script : kScripts)
        {
            if (!RenderGnuplot(outdir, script))
            {
                std::cerr << "warning: gnuplot failed on " << outdir << "/" << script << "\n";
            }
        }
    }
    return 0;
}
