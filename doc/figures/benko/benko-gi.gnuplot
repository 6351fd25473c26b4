# gnuplot script written by benko-gi; run: gnuplot benko-gi.gnuplot
set terminal pngcairo size 1200,900 noenhanced
set output 'benko-gi.png'
set multiplot layout 2,2 title 'Benko et al. on a simulated population (Gi capture)'
set style fill transparent solid 0.5
set boxwidth 0.8
set grid ytics
set title 'Set-up delay: median by branch of the tree'
set ylabel 's'
set xtics rotate by 30 right
plot 'setup-tree.dat' using 1:4:xtic(2) with boxes notitle
set title 'GPRS RTT (SYN to SYN-ACK of the mobile)'
set xtics norotate center
set xlabel 's'
set ylabel 'CDF'
plot 'rtt.dat' using 1:2 with steps notitle
set title 'Available channel rate (one sample per period)'
set xlabel 'kbit/s'
set ylabel 'periods'
set boxwidth 1
set arrow 1 from 24, graph 0 to 24, graph 1 nohead dashtype 2
set arrow 2 from 36, graph 0 to 36, graph 1 nohead dashtype 2
plot 'channel-rate.dat' using 1:2 with boxes title '2 timeslots', '' using 1:3 with boxes title '3 timeslots'
unset arrow
set title 'Goodput R of greedy flows by TCP option class'
set xlabel ''
set ylabel 'mean kbit/s'
set yrange [0:*]
set boxwidth 0.8
set xtics rotate by 30 right
plot 'goodput.dat' using 1:3:xtic(2) with boxes notitle
unset multiplot
