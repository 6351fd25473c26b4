/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_TEXT_INPUT_H
#define GPRS_TEXT_INPUT_H

#include "ns3/nstime.h"

#include <cstddef>
#include <fstream>
#include <functional>
#include <istream>
#include <optional>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup gprs
 * Reading of the module's line-oriented text input files (BLER tables, C/I traces) and
 * number formatting for their error messages.
 */

namespace ns3
{

/**
 * \ingroup gprs
 * Called for each data line of a text table.
 *
 * The first argument holds the line's whitespace-separated tokens (never empty), the second
 * the line's text without comment and surrounding blanks, for messages. A handler rejects a
 * line by throwing std::invalid_argument with a message saying what was expected.
 */
using GprsTextLineHandler =
    std::function<void(const std::vector<std::string>& tokens, const std::string& text)>;

/// Longest line ReadGprsTextTable() reads: the module's tables have lines of a few dozen
/// characters; a longer one is refused as soon as it is seen, so that no line of a large file
/// is held whole.
constexpr size_t kGprsMaxLineLength = 4096;

/**
 * \ingroup gprs
 * Read a line-oriented text table: `#` starts a comment, blank lines are skipped.
 *
 * \param in the stream to read
 * \param sourceName the name used in error messages (usually the file name)
 * The stream is read line by line, never whole; a line longer than kGprsMaxLineLength is
 * refused when its first kGprsMaxLineLength + 1 characters are read.
 *
 * \param handler called for each data line
 * \throws std::runtime_error "<sourceName>:<line>: <message>" when the handler throws
 *         std::invalid_argument or a line is too long, or "<sourceName>: read error" when the
 *         stream fails
 */
void ReadGprsTextTable(std::istream& in,
                       const std::string& sourceName,
                       const GprsTextLineHandler& handler);

/**
 * \ingroup gprs
 * Refuse an input file that is not a regular file: opening a FIFO without a writer blocks for
 * ever, and a directory or device has no content to read.
 *
 * \param path the file
 * \throws std::runtime_error "<path>: not a regular file ..." if it exists and is not one
 */
void CheckGprsInputFile(const std::string& path);

/**
 * \ingroup gprs
 * Open a text file for reading (a regular file: CheckGprsInputFile).
 *
 * \param path the file
 * \return the open stream
 * \throws std::runtime_error "<path>: cannot open file for reading", or CheckGprsInputFile's
 */
std::ifstream OpenGprsInputFile(const std::string& path);

/**
 * \ingroup gprs
 * Parse a whole token as a finite decimal number, without throwing.
 *
 * \param token the text, e.g. "13.5" or "-2e-3"
 * \return the number, or nothing if the token is not wholly a finite number
 */
std::optional<double> TryParseGprsNumber(const std::string& token);

/**
 * \ingroup gprs
 * Parse a whole token as a finite decimal number.
 *
 * \param token the text, e.g. "13.5" or "-2e-3"
 * \param what what the number is, for the message (e.g. "C/I dB")
 * \return the number
 * \throws std::invalid_argument "expected <what> as a finite number, got '<token>'" (quoted by
 * QuoteGprsInput())
 */
double ParseGprsNumber(const std::string& token, const std::string& what);

/// Longest input quoted whole by QuoteGprsInput(): enough for any good value, and a message
/// quoting a bad one still fits a line.
constexpr size_t kGprsQuotedInputMax = 60;

/**
 * \ingroup gprs
 * Input text as a message shows it: every octet outside printable ASCII (a NUL, a CR, a BOM,
 * binary) and the backslash escaped C-style (\\0, \\r, \\xef ...), so that a message is one line,
 * whole, and shows what the input holds.
 *
 * \param text the input
 * \return it escaped
 */
std::string EscapeGprsInput(const std::string& text);

/**
 * \ingroup gprs
 * Input text for a message, escaped (EscapeGprsInput) and cut so that a huge input (a 100 MB
 * line) gives a short message.
 *
 * \param text the input
 * \return "<text>", or "<first kGprsQuotedInputMax characters>... (<size> characters)"
 */
std::string CutGprsInput(const std::string& text);

/**
 * \ingroup gprs
 * Quote input text for a message, escaped and cut (CutGprsInput).
 *
 * \param text the input
 * \return "'<text>'", or "'<first kGprsQuotedInputMax characters>...' (<size> characters)"
 */
std::string QuoteGprsInput(const std::string& text);

/**
 * \ingroup gprs
 * Format a number for a message as a stream does by default ("13", "0.034", "nan").
 *
 * \param value the number
 * \return its text
 */
std::string FormatGprsNumber(double value);

/**
 * \ingroup gprs
 * Parse a time: a decimal number followed by an optional unit as ns3::Time's string
 * constructor accepts (s, ms, us, ns, ps, fs, min, h, d, y; none means s).
 *
 * Unlike ns3::Time(const std::string&), which aborts the program on an unknown unit, this
 * throws, and it also rejects malformed numbers, negative times and times ns-3 cannot
 * represent: the number must stay below 2^63 both in its own unit and in counts of the time
 * resolution (at the default resolution, ns: 9223372036.854774 s, 292.47 y, 9.2e18 ps or fs).
 * The check comes before any conversion, so nothing wraps around.
 *
 * \param text the time, e.g. "10s", "250ms", "10"
 * \param what what the time is, for messages
 * \return the time
 * \throws std::invalid_argument naming the text and what is allowed
 */
Time ParseGprsTime(const std::string& text, const std::string& what);

/**
 * \ingroup gprs
 * \param t a time
 * \return it in seconds with unit, for messages ("10 s")
 */
std::string FormatGprsTime(Time t);

} // namespace ns3

#endif /* GPRS_TEXT_INPUT_H */
