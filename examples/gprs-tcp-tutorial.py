#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""gprs-tcp-tutorial.cc in Python, through ns-3's own bindings (cppyy; PyPI's ns3 wheel).

One server, one GPRS mobile: a TCP bulk download (BulkSend -> PacketSink) starting at 2 s and a
64-byte UDP probe from the server every --probeInterval from 1 s. Prints the C++ tutorial's CSV
summary on stdout, the same for the same options, seed and run. Takes its options but --pcap
and --progress; --outdir writes the GprsTcpTracer time series only (no probe.dat, gnuplot script
or figure). Needs the module installed into the wheel's ns-3 (doc/gprs.rst, "Python"):

  python3 examples/gprs-tcp-tutorial.py --bytes=50000
"""

import sys
from ctypes import c_uint

from ns import ns

# The probe's trace sink is C++: a trace source calls an ns3::Callback, which cppyy does not make
# from a Python function.
ns.cppyy.cppdef(
    r"""
namespace gprs_tutorial
{
std::vector<double> probeDelaysMs;

void
ProbeReceived(ns3::Ptr<const ns3::Packet> p, const ns3::Address&, const ns3::Address&)
{
    ns3::SeqTsHeader h;
    p->PeekHeader(h);
    probeDelaysMs.push_back((ns3::Simulator::Now() - h.GetTs()).GetSeconds() * 1000);
}

ns3::Callback<void, ns3::Ptr<const ns3::Packet>, const ns3::Address&, const ns3::Address&>
MakeProbeSink()
{
    return ns3::MakeCallback(&ProbeReceived);
}
} // namespace gprs_tutorial
"""
)


def median(values):
    """The C++ tutorial's Median: the middle value, or the mean of the two middle ones."""
    v = sorted(values)
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


def field(measured, value):
    """A CSV number with three decimals, or an empty field for what was not measured."""
    return f"{value:.3f}" if measured else ""


def main(argv):
    bytes_ = c_uint(100000)
    cs = ns.cppyy.gbl.std.string("CS-2")
    radio = ns.cppyy.gbl.std.string("24")
    pdchs = c_uint(4)
    ms_class = c_uint(8)
    mss = c_uint(1400)
    internet_delay = ns.MilliSeconds(50)
    probe_interval = ns.Seconds(5)
    stop = ns.Seconds(300)
    outdir = ns.cppyy.gbl.std.string("")

    cmd = ns.CommandLine(__file__)
    cmd.AddValue("bytes", "bytes to download", bytes_)
    cmd.AddValue("cs", "coding scheme", cs)
    cmd.AddValue("radio", "C/I of the mobile, both directions", radio)
    cmd.AddValue("pdchs", "PDCHs in the cell", pdchs)
    cmd.AddValue("msClass", "multislot class of the mobile", ms_class)
    cmd.AddValue("mss", "TCP maximum segment size, octets", mss)
    cmd.AddValue("internetDelay", "one-way delay of the Internet link", internet_delay)
    cmd.AddValue("probeInterval", "interval of the UDP probes (0 disables them)", probe_interval)
    cmd.AddValue("stop", "simulation end if the download is not done before", stop)
    cmd.AddValue("outdir", "directory for the GprsTcpTracer .dat files", outdir)
    cmd.Parse(argv)
    scheme = str(ns.ToString(ns.ParseGprsCodingScheme(str(cs))))

    ns.Config.SetDefault("ns3::TcpSocket::SegmentSize", ns.UintegerValue(mss.value))
    scenario = ns.GprsScenarioHelper()
    scenario.SetInternetLink(ns.DataRate("10Mbps"), internet_delay, 0)
    scenario.Cell().SetPcuAttribute("NumberOfPdchs", ns.UintegerValue(pdchs.value))
    la = f"ns3::GprsFixedLinkAdaptation[CodingScheme={scheme}]"
    scenario.Cell().SetPcuAttribute("DownlinkLinkAdaptation", ns.StringValue(la))
    scenario.Cell().SetPcuAttribute("UplinkLinkAdaptation", ns.StringValue(la))
    scenario.Cell().SetMsDeviceAttribute("MultislotClass", ns.UintegerValue(ms_class.value))
    scenario.Cell().SetMsDeviceAttribute("RadioConditions", ns.StringValue(radio))
    s = scenario.Install(1)
    scenario.Cell().AssignStreams(s.bssDevices, 100)
    tracer = ns.GprsTcpTracer(outdir)

    # TCP download.
    port = 5000
    sink_helper = ns.PacketSinkHelper(
        "ns3::TcpSocketFactory", ns.InetSocketAddress(ns.Ipv4Address.GetAny(), port).ConvertTo()
    )
    sink = sink_helper.Install(s.mobiles.Get(0))
    bulk = ns.BulkSendHelper(
        "ns3::TcpSocketFactory", ns.InetSocketAddress(s.GetMobileAddress(0), port).ConvertTo()
    )
    bulk.SetAttribute("MaxBytes", ns.UintegerValue(bytes_.value))
    source = bulk.Install(s.server)
    source.Start(ns.Seconds(2))
    packet_sink = ns.DynamicCast[ns.PacketSink](sink.Get(0))
    tracer.WatchTcp(s.server, ns.Seconds(2), packet_sink, bytes_.value)
    tracer.WatchRlc(s.pcu, 0)

    # UDP probe: 64-byte packets with a timestamp (SeqTsHeader) from the server.
    interval_ns = probe_interval.GetNanoSeconds()
    if interval_ns > 0:
        ps = ns.UdpServerHelper(6000).Install(s.mobiles.Get(0))
        ps.Get(0).TraceConnectWithoutContext(
            "RxWithAddresses", ns.cppyy.gbl.gprs_tutorial.MakeProbeSink()
        )
        probe = ns.UdpClientHelper(s.GetMobileAddress(0).ConvertTo(), 6000)
        probe.SetAttribute("Interval", ns.TimeValue(probe_interval))
        probe.SetAttribute("PacketSize", ns.UintegerValue(64))
        # Every interval from 1 s until --stop, as the C++ tutorial counts them.
        stop_ns = stop.GetNanoSeconds()
        count = (stop_ns - 10**9 - 1) // interval_ns + 1 if stop_ns > 10**9 else 0
        probe.SetAttribute("MaxPackets", ns.UintegerValue(min(count, 2**32 - 1)))
        probe.Install(s.server).Start(ns.Seconds(1))

    ns.Simulator.Stop(stop)
    ns.Simulator.Run()

    tracer.Close()
    received = tracer.GetBytesReceived()
    done = received >= bytes_.value
    seconds = (tracer.GetLastReceive().GetNanoSeconds() - 2 * 10**9) / 1e9
    rtt = list(tracer.GetRttSamplesMs())
    probe_ms = list(ns.cppyy.gbl.gprs_tutorial.probeDelaysMs)
    print(
        "bytes,cs,radio,pdchs,ms_class,complete,bytes_received,download_time_s,"
        "goodput_kbps,rtt_min_ms,rtt_median_ms,rtt_max_ms,rlc_dl_blocks,"
        "rlc_dl_retransmissions,tbfs_established,probes,probe_first_ms,probe_median_ms"
    )
    row = [
        str(bytes_.value),
        scheme,
        f'"{radio}"',
        str(pdchs.value),
        str(ms_class.value),
        "1" if done else "0",
        str(received),
        field(done, seconds),
        field(done, received * 8 / seconds / 1000 if done else 0),
        field(bool(rtt), min(rtt, default=0)),
        field(bool(rtt), median(rtt) if rtt else 0),
        field(bool(rtt), max(rtt, default=0)),
        str(tracer.GetRlcBlocks()),
        str(tracer.GetRlcRetransmissions()),
        str(tracer.GetTbfs()),
        str(len(probe_ms)),
        field(bool(probe_ms), probe_ms[0] if probe_ms else 0),
        field(bool(probe_ms), median(probe_ms) if probe_ms else 0),
    ]
    print(",".join(row))
    sys.stdout.flush()
    ns.Simulator.Destroy()
    return 0 if done else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
