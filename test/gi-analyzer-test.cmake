# Runs gprs-tcp-tutorial with --pcap, then gprs-gi-analyzer on its capture at the GGSN (the Gi
# side of the cell), and checks what the analyzer must find there against what the cell allows.
# Variables: TUTORIAL, ANALYZER (programs), WORK_DIR (scratch directory).
cmake_minimum_required(VERSION 3.13)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
# 4 PDCHs, multislot class 8 (4 downlink timeslots), CS-2, C/I 24 dB, MSS 1400 (the defaults).
execute_process(COMMAND ${TUTORIAL} --bytes=150000 --pcap --outdir=${WORK_DIR}/run --progress=0
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gprs-tcp-tutorial failed (${rc}): ${err}")
endif()
execute_process(COMMAND ${ANALYZER} ${WORK_DIR}/run/ggsn.pcap --mobilePrefix=10.1.0.0/16
                        --outdir=${WORK_DIR}/gi
                RESULT_VARIABLE rc OUTPUT_VARIABLE csv ERROR_VARIABLE summary)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gprs-gi-analyzer failed (${rc}): ${summary}")
endif()
string(REPLACE "\n" ";" rows "${csv}")
list(GET rows 0 header)
string(REPLACE "," ";" header "${header}")
set(found FALSE)
foreach(row IN LISTS rows)
  string(REPLACE "," ";" fields "${row}")
  list(LENGTH fields n)
  list(FIND header mobile_port column)
  if(n LESS 2 OR row MATCHES "^start_s")
    continue()
  endif()
  list(GET fields ${column} port)
  if(NOT port STREQUAL "5000") # the download to the PacketSink on the mobile's port 5000
    continue()
  endif()
  set(found TRUE)
  foreach(name opener setup_class gprs_rtt_s channel_rate_bps greedy bytes_down)
    list(FIND header ${name} column)
    list(GET fields ${column} ${name})
  endforeach()
endforeach()
if(NOT found)
  message(FATAL_ERROR "no connection to the mobile's port 5000 in the analyzer's output:\n${csv}\n${summary}")
endif()
set(report "opener=${opener} setup=${setup_class} rtt=${gprs_rtt_s} s rate=${channel_rate_bps}")
string(APPEND report " bit/s greedy=${greedy} bytes_down=${bytes_down}")
message(STATUS "${report}")
# The server opens (BulkSend to the mobile's PacketSink): the GPRS RTT is SYN to the mobile's
# SYN-ACK. It takes at least a downlink and an uplink radio block (20 ms each) and is below
# ns-3's SYN timeout, TcpSocket::ConnTimeout of 3 s (a longer one would retransmit the SYN and
# leave no unambiguous RTT).
if(NOT opener STREQUAL "server" OR NOT bytes_down EQUAL 150000 OR NOT greedy EQUAL 1)
  message(FATAL_ERROR "wrong connection: ${report}")
endif()
if(gprs_rtt_s STREQUAL "" OR gprs_rtt_s LESS 0.04 OR NOT gprs_rtt_s LESS 3.0)
  message(FATAL_ERROR "GPRS RTT outside 0.04 .. 3 s: ${report}")
endif()
# The available channel rate is below the RLC data rate of 4 CS-2 timeslots, 4 x 12 kbit/s
# (TCP payload is less than the RLC data carrying it) and above that of 3 timeslots, 36 kbit/s
# (at C/I 24 dB CS-2 loses few blocks; with overhead of 40 TCP/IP + ~15 SNDCP/LLC octets per
# 1400, 4 timeslots carry 46 kbit/s of payload).
if(channel_rate_bps STREQUAL "" OR NOT channel_rate_bps GREATER 36000
   OR NOT channel_rate_bps LESS 48000)
  message(FATAL_ERROR "channel rate outside 36 .. 48 kbit/s: ${report}")
endif()
foreach(file summary.txt users.csv channel-rate.dat rtt.dat setup-delay.dat throughput.dat
             gprs-gi-analyzer.gnuplot)
  if(NOT EXISTS ${WORK_DIR}/gi/${file})
    message(FATAL_ERROR "--outdir: ${file} not written")
  endif()
endforeach()
