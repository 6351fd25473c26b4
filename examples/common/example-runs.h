/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef EXAMPLE_RUNS_H
#define EXAMPLE_RUNS_H

// What a study's summary stands on: its per-run rows (runs.csv beside the summary), how many
// of the runs behind a summary row completed, and the mark a figure shows where not all did.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/// The file every study writes its per-run rows to, in its --outdir.
const std::string kRunsCsvName = "runs.csv";

/// How many of the runs behind one summary row (a bar, a point) completed.
struct RunCount
{
    uint32_t complete{0}; //!< runs that completed
    uint32_t total{0};    //!< runs made

    /// \param isComplete whether one more run completed
    void Add(bool isComplete);

    /// \return whether every run completed (true when none was made)
    bool AllComplete() const;

    /// \return "complete/total", e.g. "2/3"
    std::string Text() const;
};

/**
 * The per-run rows of a study, as written to `<outdir>/runs.csv` (kRunsCsvName): one row per
 * simulation run (or per flow of a run), with the columns
 *
 *     <key columns>,run,complete,<value columns>
 *
 * The key columns name the summary row the run belongs to (as the summary names it), `run` is
 * the run's RNG run number (what --RngRun and --traceRun take), `complete` is 1 or 0, and the
 * values are the run's measurements, formatted by the study as in its summary; a value that was
 * not measured (the time of an incomplete transfer) is empty. Rows keep the order they were
 * added in (the order of the simulations, which does not depend on --jobs), so the same seed
 * and run numbers give the same file, byte for byte.
 */
class ExampleRunRows
{
  public:
    /**
     * \param keys names of the key columns
     * \param values names of the value columns
     */
    ExampleRunRows(std::vector<std::string> keys, std::vector<std::string> values);

    /**
     * Add a run's row.
     * \param keys its key cells, one per key column (CSV-quoted when needed)
     * \param run its RNG run number
     * \param complete whether it completed
     * \param values its value cells, one per value column (CSV-quoted when needed)
     * \exception std::invalid_argument a cell count differs from the columns'
     */
    void Add(const std::vector<std::string>& keys,
             uint64_t run,
             bool complete,
             const std::vector<std::string>& values);

    /// \return the CSV text: header and rows
    std::string Text() const;

    /**
     * Write the CSV to `<outdir>/runs.csv`; nothing when \p outdir is empty.
     * \param outdir the study's --outdir
     * \return false, after a message on stderr naming the file, when it could not be written
     */
    bool Write(const std::string& outdir) const;

  private:
    std::size_t m_keys;   //!< key columns
    std::size_t m_values; //!< value columns
    std::string m_text;   //!< header and rows so far
};

/**
 * \param value a number
 * \param precision digits after the point
 * \return it in fixed notation, as the summaries print numbers
 */
std::string RunField(double value, int precision = 3);

/**
 * A mark for a figure's element (a bar, a point) that averages only some of its runs.
 * \param label what the element is (a scenario, a variant)
 * \param count its runs
 * \return empty when every run completed; else "<label>: k/n runs complete"
 */
std::string IncompleteMark(const std::string& label, const RunCount& count);

/**
 * A gnuplot command that writes, inside the plot at its top left, in red, which elements
 * average only their complete runs: "incomplete runs (a bar or point averages the complete
 * ones):", then a line per such element, "a: 0/3 runs complete". An element none of whose runs
 * completed has no bar or point.
 * \param elements each element's label and runs
 * \return the command and a newline, or empty when every run of every element completed
 */
std::string GnuplotIncompleteNote(const std::vector<std::pair<std::string, RunCount>>& elements);

/**
 * A gnuplot `set xtics (...)` for a clustered histogram whose clusters are at x = 0, 1, ...:
 * each cluster's label on its first line, then a line "<series> k/n" for each of its bars that
 * averages only its complete runs, so that such a bar is marked right below it; and a bottom
 * margin that leaves room for those lines above a key placed below the plot. Plot then
 * without xtic() (the script draws these tics instead).
 * \param labels each cluster's label
 * \param counts each cluster's bars: their series' names and runs
 * \return the commands, each with its newline
 */
std::string GnuplotMarkedTics(
    const std::vector<std::string>& labels,
    const std::vector<std::vector<std::pair<std::string, RunCount>>>& counts);

} // namespace ns3

#endif /* EXAMPLE_RUNS_H */
