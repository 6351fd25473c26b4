#!/usr/bin/env python3
"""Checks that an example can be driven by SEM (the ns-3 Simulation Execution Manager, PyPI
sem), without SEM itself. SEM (0.3.9) learns a program's parameters from its --PrintHelp: each
line of "Program Options" is one, its default the text in the line's last brackets (none
without brackets); a default that reads as a number becomes a Python float and true/false a
Python bool. It then runs the program with every parameter as --name=str(value), the
campaign's values replacing the defaults, and --RngRun=N per run. So:

- RngRun and RngSeed must not be program options: SEM would make RngRun a parameter of the
  campaign, fill it with its default and then never find the results it already has (it looks
  them up without RngRun), rerunning every run each time;
- the example must take its defaults back as SEM writes them (30.0 for 30, True and False)
  and still print its CSV table.

Options without a default are given "" (what doc/gprs-benchmark.rst.inc tells a campaign to
give --outdir: SEM would pass the text None).

Usage: sem-options-test.py EXAMPLE WORK_DIR [--name=value ...]
  the options given replace the defaults, as a campaign's values do (keep the run short).
"""
import csv
import io
import os
import re
import shutil
import subprocess
import sys


def sem_parameters(help_text):
    """The program options and defaults SEM reads from --PrintHelp, as SEM converts them."""
    start = help_text.find("Program Options:")
    end = help_text.find("General Arguments:")
    if start < 0 or end < start:
        sys.exit("error: --PrintHelp has no Program Options before General Arguments")
    params = {}
    for line in help_text[start:end].splitlines()[1:]:
        name = re.match(r"\s*--([^:=]+)[:=]", line)
        if not name:
            continue
        brackets = re.findall(r"\[([^\]]*)\]", line)
        value = brackets[-1] if brackets else None
        if value is not None and value.lower() in ("true", "false"):
            value = value.lower() == "true"
        elif value is not None:
            try:
                value = float(value)
            except ValueError:
                pass
        params[name.group(1)] = value
    return params


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    example, work_dir = sys.argv[1], sys.argv[2]
    given = dict(arg[2:].split("=", 1) for arg in sys.argv[3:])
    help_text = subprocess.run([example, "--PrintHelp"], check=True, capture_output=True,
                               text=True).stdout
    global_text = subprocess.run([example, "--PrintGlobals"], check=True, capture_output=True,
                                 text=True).stdout
    params = sem_parameters(help_text)
    if not params:
        sys.exit("error: SEM would find no parameter in --PrintHelp")
    for name in ("RngRun", "RngSeed"):
        if name in params:
            sys.exit(f"error: --{name} is a program option in --PrintHelp: SEM would make it a "
                     "parameter of the campaign and rerun the runs it already has")
        if f"--{name}=" not in global_text:
            sys.exit(f"error: --PrintGlobals does not list --{name}")
    unknown = set(given) - set(params)
    if unknown:
        sys.exit(f"error: not options of {example}: {sorted(unknown)}")

    args = []
    for name, default in params.items():
        value = given.get(name, "" if default is None else default)
        args.append(f"--{name}={value}")
    args.append("--RngRun=2")
    shutil.rmtree(work_dir, ignore_errors=True)
    os.makedirs(work_dir)
    run = subprocess.run([example] + args, cwd=work_dir, capture_output=True, text=True,
                         timeout=120)
    command = " ".join([example] + args)
    if run.returncode != 0:
        sys.exit(f"error: {command}\nexited {run.returncode}:\n{run.stderr}")
    rows = list(csv.reader(io.StringIO(run.stdout)))
    if len(rows) < 2 or len(rows[0]) < 2 or any(len(r) != len(rows[0]) for r in rows):
        sys.exit(f"error: {command}\nprinted no CSV table:\n{run.stdout}")
    print(f"ok: {len(params)} options as SEM passes them, {len(rows) - 1} rows")


if __name__ == "__main__":
    main()
