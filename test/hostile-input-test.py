#!/usr/bin/env python3
"""Checks what the bad-input table (test/bad-inputs.txt) cannot express: an empty argument, a
FIFO given as an input file, and user text that reaches a shell, gnuplot or a CSV field.

- An empty argument is refused with one line (CMake drops empty list items, so the table
  cannot pass one).
- A FIFO without a writer, given as a C/I trace, is refused at once: opening it for reading
  would block for ever.
- --outdir with shell syntax and a C/I trace whose name holds gnuplot syntax and a quote: no
  command runs. gnuplot is replaced on PATH by a script that records its directory and
  arguments (and runs the real gnuplot, when installed, so that gnuplot itself reads the
  script); the example must run it in the directory with the script's name as its argument,
  and no file named in the injected commands may appear.
- The CSV row stays one row of the header's columns, the C/I field holding the trace's name.

Usage: hostile-input-test.py TUTORIAL DATA_DIR WORK_DIR
  TUTORIAL: the gprs-tcp-tutorial binary; DATA_DIR: test/data.
"""
import csv
import io
import os
import shutil
import stat
import subprocess
import sys

TIMEOUT = 60


def fail(message):
    sys.exit("FAIL: " + message)


def run(args, cwd, env=None):
    try:
        return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True,
                              errors="replace", timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        fail(" ".join(args) + f": no answer within {TIMEOUT} s (hangs)")


def expect_refused(result, what, needle):
    lines = result.stderr.strip().splitlines()
    if result.returncode not in (1, 2) or result.stdout or len(lines) != 1 or \
            needle not in lines[0]:
        fail(f"{what}: expected exit 1 with one line holding {needle!r}, got exit "
             f"{result.returncode}, stdout {result.stdout!r}, stderr {result.stderr!r}")


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    tutorial, data_dir, work = (os.path.abspath(a) for a in sys.argv[1:])
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)

    expect_refused(run([tutorial, ""], work), "an empty argument", "invalid empty argument")

    fifo = os.path.join(work, "ci.fifo")
    os.mkfifo(fifo)
    expect_refused(run([tutorial, "--radio=file:" + fifo], work), "a FIFO as C/I trace",
                   "not a regular file")

    # A fake gnuplot first on PATH: it records where and how it ran, then hands on to the
    # real one if there is one.
    real_gnuplot = shutil.which("gnuplot")
    bin_dir = os.path.join(work, "bin")
    os.makedirs(bin_dir)
    record = os.path.join(work, "gnuplot-calls.txt")
    fake = os.path.join(bin_dir, "gnuplot")
    with open(fake, "w") as f:
        f.write("#!/bin/sh\n"
                f"printf '%s\\n' \"$PWD\" \"$#\" \"$1\" >> '{record}'\n"
                + (f"exec '{real_gnuplot}' \"$@\"\n" if real_gnuplot else "exit 0\n"))
    os.chmod(fake, os.stat(fake).st_mode | stat.S_IXUSR)
    env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ.get("PATH", ""))

    marker_shell = os.path.join(work, "INJECTED-SHELL")
    outdir = os.path.join(work, "out';touch '" + marker_shell + "';'")
    # No '/' in a file name: gnuplot would run the command in --outdir.
    marker_gnuplot = os.path.join(outdir, "INJECTED-GNUPLOT")
    trace = os.path.join(work, "ci \"x\" '.system(\"touch INJECTED-GNUPLOT\").'.txt")
    shutil.copy(os.path.join(data_dir, "ci-meyer-two-state.txt"), trace)
    result = run([tutorial, "--bytes=2000", "--progress=0", "--radio=file:" + trace,
                  "--outdir=" + outdir], work, env)
    if result.returncode != 0:
        fail(f"the tutorial failed (exit {result.returncode}): {result.stderr}")
    for marker in (marker_shell, marker_gnuplot):
        if os.path.exists(marker):
            fail(f"{os.path.basename(marker)}: user text ran a command")
    if not os.path.isfile(os.path.join(outdir, "gprs-tcp-tutorial.gp")):
        fail("no gnuplot script in the --outdir given")
    calls = open(record).read().splitlines() if os.path.exists(record) else []
    if calls != [outdir, "1", "gprs-tcp-tutorial.gp"]:
        fail(f"gnuplot ran as {calls}, expected in {outdir!r} with the script as only argument")
    if real_gnuplot and not os.path.isfile(os.path.join(outdir, "gprs-tcp-tutorial.png")):
        fail("gnuplot did not render the script: " + result.stderr)

    rows = list(csv.reader(io.StringIO(result.stdout)))
    if len(rows) != 2 or len(rows[1]) != len(rows[0]):
        fail(f"the CSV is not one row of the header's {len(rows[0])} columns: {rows}")
    radio = rows[1][rows[0].index("radio")]
    if radio != "file:" + trace:
        fail(f"the radio column reads {radio!r}, expected {'file:' + trace!r}")
    print("ok")


if __name__ == "__main__":
    main()
