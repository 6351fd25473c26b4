/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "example-runs.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <stdexcept>

namespace ns3
{

namespace
{

/**
 * \param text any text
 * \return it as the inside of a gnuplot double-quoted string: backslashes and quotes escaped,
 *         control characters as '?'
 */
std::string
GnuplotDoubleQuoted(const std::string& text)
{
    std::string quoted;
    for (const char c : text)
    {
        if (c == '\\' || c == '"')
        {
            quoted += '\\';
            quoted += c;
        }
        else
        {
            quoted += std::iscntrl(static_cast<unsigned char>(c)) ? '?' : c;
        }
    }
    return quoted;
}

/**
 * \param cells CSV cells
 * \return them as one CSV line, with its newline
 */
std::string
CsvLine(const std::vector<std::string>& cells)
{
    std::string line;
    for (std::size_t i = 0; i < cells.size(); ++i)
    {
        line += (i > 0 ? "," : "") + cells[i];
    }
    return line + "\n";
}

} // namespace

void
RunCount::Add(bool isComplete)
{
    ++total;
    complete += isComplete ? 1 : 0;
}

bool
RunCount::AllComplete() const
{
    return complete == total;
}

std::string
RunCount::Text() const
{
    return std::to_string(complete) + "/" + std::to_string(total);
}

ExampleRunRows::ExampleRunRows(std::vector<std::string> keys, std::vector<std::string> values)
    : m_keys(keys.size()),
      m_values(values.size())
{
    std::vector<std::string> header = std::move(keys);
    header.emplace_back("run");
    header.emplace_back("complete");
    header.insert(header.end(), values.begin(), values.end());
    m_text = CsvLine(header);
}

void
ExampleRunRows::Add(const std::vector<std::string>& keys,
                    uint64_t run,
                    bool complete,
                    const std::vector<std::string>& values)
{
    if (keys.size() != m_keys || values.size() != m_values)
    {
        throw std::invalid_argument("run row with " + std::to_string(keys.size()) + " keys and " +
                                    std::to_string(values.size()) + " values, not " +
                                    std::to_string(m_keys) + " and " + std::to_string(m_values));
    }
    std::vector<std::string> cells = keys;
    cells.push_back(std::to_string(run));
    cells.emplace_back(complete ? "1" : "0");
    cells.insert(cells.end(), values.begin(), values.end());
    m_text += CsvLine(cells);
}

std::string
ExampleRunRows::Text() const
{
    return m_text;
}

bool
ExampleRunRows::Write(const std::string& outdir) const
{
    if (outdir.empty())
    {
        return true;
    }
    const std::string path = outdir + "/" + kRunsCsvName;
    std::ofstream file(path);
    file << m_text;
    file.close();
    if (!file)
    {
        std::cerr << "error: cannot write " << path << "\n";
        return false;
    }
    return true;
}

std::string
RunField(double value, int precision)
{
    std::ostringstream out;
    out << std::fixed << std::setprecision(precision) << value;
    return out.str();
}

std::string
IncompleteMark(const std::string& label, const RunCount& count)
{
    return count.AllComplete() ? "" : label + ": " + count.Text() + " runs complete";
}

std::string
GnuplotIncompleteNote(const std::vector<std::pair<std::string, RunCount>>& elements)
{
    std::string marks;
    for (const auto& [label, count] : elements)
    {
        const std::string mark = IncompleteMark(label, count);
        if (!mark.empty())
        {
            marks += (marks.empty() ? "" : "\\n") + GnuplotDoubleQuoted(mark);
        }
    }
    if (marks.empty())
    {
        return "";
    }
    return "set label 9001 \"incomplete runs (a bar or point averages the complete ones):\\n" +
           marks + "\" at graph 0.01, graph 0.97 left front textcolor rgb 'red' noenhanced\n";
}

std::string
GnuplotMarkedTics(const std::vector<std::string>& labels,
                  const std::vector<std::vector<std::pair<std::string, RunCount>>>& counts)
{
    std::string tics = "set xtics (";
    std::size_t lines = 1;
    for (std::size_t i = 0; i < labels.size(); ++i)
    {
        tics += (i > 0 ? ", \"" : "\"") + GnuplotDoubleQuoted(labels[i]);
        std::size_t clusterLines = 1;
        for (const auto& [series, count] :
             i < counts.size() ? counts[i] : std::vector<std::pair<std::string, RunCount>>())
        {
            if (!count.AllComplete())
            {
                tics += "\\n" + GnuplotDoubleQuoted(series + " " + count.Text());
                ++clusterLines;
            }
        }
        lines = std::max(lines, clusterLines);
        tics += "\" " + std::to_string(i);
    }
    // Tic lines, the key's line and a line between them.
    return tics + ")\nset bmargin " + std::to_string(lines + 3) + "\n";
}

} // namespace ns3
