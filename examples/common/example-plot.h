/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef EXAMPLE_PLOT_H
#define EXAMPLE_PLOT_H

// The examples' figures (gnuplot) and tables (CSV): user text made safe for both.

#include <string>

namespace ns3
{

/**
 * Render a gnuplot script in its directory when gnuplot is installed: gnuplot runs there with
 * the script as its argument, through no shell.
 * \param dir directory holding the script and its data
 * \param script script file name
 * \return false if gnuplot is installed and failed
 */
bool RenderGnuplot(const std::string& dir, const std::string& script);

/**
 * \param text any text (a file name, a C/I specification)
 * \return it as a gnuplot single-quoted string: quotes doubled, control characters as '?', so
 *         that gnuplot reads it as text, never as commands
 */
std::string GnuplotString(const std::string& text);

/**
 * \param text any text
 * \param alwaysQuoted quote it even when it needs no quotes
 * \return it as one CSV field (RFC 4180): in double quotes with quotes doubled, when quoted;
 *         quoted when it holds a comma, a quote or a line break
 */
std::string CsvField(const std::string& text, bool alwaysQuoted = false);

} // namespace ns3

#endif /* EXAMPLE_PLOT_H */
