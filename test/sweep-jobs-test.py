#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""CTest of examples/gprs-sweep-jobs.py: the job list has one line per run (the product of the
swept values times the RNG runs, each with its --RngRun and own --outdir); a listed line runs;
the Slurm script's array covers the runs and its task N runs line N; bad input is refused.

Usage: sweep-jobs-test.py GENERATOR BINARY_DIR WORK_DIR (BINARY_DIR holds gprs-tcp-tutorial).
"""

import os
import shlex
import shutil
import subprocess
import sys


def fail(message):
    print(f"FAIL: {message}")
    sys.exit(1)


def generate(generator, *args):
    done = subprocess.run([sys.executable, generator, *args], capture_output=True, text=True)
    return done.returncode, done.stdout, done.stderr


def main(generator, binary_dir, work_dir):
    shutil.rmtree(work_dir, ignore_errors=True)
    os.makedirs(work_dir)
    common = ["--example=gprs-tcp-tutorial", f"--binary-dir={binary_dir}",
              "--options=--bytes=5000 --progress=0", "--sweep=radio=9,24", "--runs=3",
              "--first-run=2", f"--outdir={os.path.join(work_dir, 'out')}"]
    rc, out, err = generate(generator, *common)
    if rc != 0:
        fail(f"list: exit {rc}: {err}")
    lines = out.splitlines()
    if len(lines) != 6:
        fail(f"2 radio values x 3 runs should give 6 lines, got {len(lines)}:\n{out}")
    seen = set()
    for i, line in enumerate(lines):
        args = shlex.split(line)
        radio = "9" if i < 3 else "24"
        expected = [os.path.join(binary_dir, "gprs-tcp-tutorial"), "--bytes=5000", "--progress=0",
                    f"--radio={radio}", f"--RngRun={2 + i % 3}",
                    f"--outdir={os.path.join(work_dir, 'out', f'run-{i:05d}')}"]
        if args != expected:
            fail(f"line {i}: {args}, expected {expected}")
        seen.add(args[-1])
    if len(seen) != 6:
        fail("two runs share an output directory")
    # The first listed run runs and writes into its own directory.
    done = subprocess.run(lines[0], shell=True, capture_output=True, text=True, cwd=work_dir)
    if done.returncode != 0:
        fail(f"the listed run failed ({done.returncode}): {lines[0]}\n{done.stderr}")
    if not os.listdir(os.path.join(work_dir, "out", "run-00000")):
        fail("the listed run wrote nothing into its --outdir")

    rc, script, err = generate(generator, *common, "--format=slurm", "--max-parallel=2")
    if rc != 0:
        fail(f"slurm: exit {rc}: {err}")
    if "#SBATCH --array=0-5%2\n" not in script:
        fail(f"the array should be 0-5%2:\n{script}")
    for line in lines:
        if shlex.quote(line) not in script:
            fail(f"the Slurm script lacks the run {line}")
    # Task 4 (what Slurm would start with SLURM_ARRAY_TASK_ID=4) runs line 4.
    path = os.path.join(work_dir, "sweep.sbatch")
    with open(path, "w") as f:
        f.write(script)
    env = dict(os.environ, SLURM_ARRAY_TASK_ID="4")
    done = subprocess.run(["bash", path], capture_output=True, text=True, cwd=work_dir, env=env)
    if done.returncode != 0:
        fail(f"array task 4 failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    if f"run 4: {lines[4]}" not in done.stdout:
        fail(f"array task 4 did not run line 4:\n{done.stdout}")
    if not os.listdir(os.path.join(work_dir, "out", "run-00004")):
        fail("array task 4 wrote nothing into its --outdir")

    for bad, message in ((["--sweep=radio="], "empty value"),
                         (["--sweep=radio"], "expected NAME=V1,V2"),
                         (["--sweep=a=1", "--sweep=a=2"], "names an option twice"),
                         (["--runs=0"], "--runs=0"),
                         (["--first-run=0"], "--first-run=0")):
        rc, out, err = generate(generator, "--example=gprs-tcp-tutorial", *bad)
        if rc == 0 or message not in err or out:
            fail(f"{bad} should be refused with '{message}' (exit {rc}): {err}")
    print("PASS")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        fail(f"usage: {sys.argv[0]} GENERATOR BINARY_DIR WORK_DIR")
    main(*sys.argv[1:])
