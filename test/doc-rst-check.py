#!/usr/bin/env python3
"""Parses an ns-3 style .rst chapter (with its ``.. include::`` files) with docutils and fails
on any warning or error, naming the file and line: a merge that breaks a table or a heading
shows up here rather than in a Sphinx build of ns-3's documentation.

The chapter uses only docutils' own roles and directives, so no Sphinx extension is needed.

Usage: doc-rst-check.py doc/gprs.rst
"""

import io
import sys

import docutils.core
import docutils.utils

def main(argv):
    if len(argv) != 2:
        print("usage: doc-rst-check.py FILE.rst", file=sys.stderr)
        return 2
    path = argv[1]
    try:
        with open(path, encoding="utf-8") as f:
            source = f.read()
    except OSError as e:
        print(f"doc-rst-check: {path}: {e.strerror}", file=sys.stderr)
        return 2
    messages = io.StringIO()
    docutils.core.publish_doctree(
        source,
        source_path=path,
        settings_overrides={
            "report_level": docutils.utils.Reporter.WARNING_LEVEL,
            "halt_level": docutils.utils.Reporter.SEVERE_LEVEL + 1,
            "warning_stream": messages,
            "file_insertion_enabled": True,
        },
    )
    text = messages.getvalue()
    if text:
        print(text, end="", file=sys.stderr)
        print(f"doc-rst-check: {path}: docutils reported the problems above", file=sys.stderr)
        return 1
    print(f"doc-rst-check: {path}: no warnings")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
