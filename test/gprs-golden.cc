/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Golden output tool for the example programs' outputs.
//
//   gprs-golden digest DIR            print a digest of every .dat file in DIR (sorted): per
//                                     file and column, the line count, sum, minimum, maximum
//   gprs-golden compare EXPECTED ACTUAL [REL_TOL]
//                                     compare two CSV or digest files cell by cell: text
//                                     must match, numbers within REL_TOL (default 1e-6);
//                                     prints every difference; exit 1 if any
//
// Digests keep the golden files small while still catching any change in a trace.

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace
{

std::vector<std::string>
Split(const std::string& line)
{
    std::vector<std::string> cells;
    std::string cell;
    bool quoted = false;
    for (char c : line)
    {
        if (c == '"')
        {
            quoted = !quoted;
        }
        else if ((c == ',' || c == ' ') && !quoted)
        {
            cells.push_back(cell);
            cell.clear();
        }
        else
        {
            cell += c;
        }
    }
    cells.push_back(cell);
    return cells;
}

std::optional<double>
Number(const std::string& text)
{
    if (text.empty())
    {
        return std::nullopt;
    }
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    return *end == '\0' ? std::optional<double>(v) : std::nullopt;
}

std::vector<std::string>
ReadLines(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
    {
        std::cerr << path << ": cannot open file for reading\n";
        std::exit(2);
    }
    std::vector<std::string> lines;
    std::string line;
    while (std::getline(in, line))
    {
        lines.push_back(line);
    }
    return lines;
}

int
Digest(const std::string& dir)
{
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
    {
        if (entry.path().extension() == ".dat")
        {
            files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    std::cout << "file column lines sum min max\n";
    for (const auto& file : files)
    {
        std::vector<double> sum;
        std::vector<double> lo;
        std::vector<double> hi;
        std::size_t lines = 0;
        for (const auto& line : ReadLines(file.string()))
        {
            ++lines;
            const auto cells = Split(line);
            for (std::size_t c = 0; c < cells.size(); ++c)
            {
                const double v = Number(cells[c]).value_or(0);
                if (c >= sum.size())
                {
                    sum.push_back(0);
                    lo.push_back(v);
                    hi.push_back(v);
                }
                sum[c] += v;
                lo[c] = std::min(lo[c], v);
                hi[c] = std::max(hi[c], v);
            }
        }
        for (std::size_t c = 0; c < sum.size(); ++c)
        {
            std::cout << std::setprecision(12) << file.filename().string() << " " << c + 1 << " "
                      << lines << " " << sum[c] << " " << lo[c] << " " << hi[c] << "\n";
        }
    }
    return 0;
}

int
Compare(const std::string& expectedPath, const std::string& actualPath, double tolerance)
{
    const auto expected = ReadLines(expectedPath);
    const auto actual = ReadLines(actualPath);
    const auto header = expected.empty() ? std::vector<std::string>{} : Split(expected[0]);
    int differences = 0;
    if (expected.size() != actual.size())
    {
        std::cout << actualPath << ": " << actual.size() << " lines, expected " << expected.size()
                  << " (" << expectedPath << ")\n";
        ++differences;
    }
    for (std::size_t r = 0; r < std::min(expected.size(), actual.size()); ++r)
    {
        const auto e = Split(expected[r]);
        const auto a = Split(actual[r]);
        if (e.size() != a.size())
        {
            std::cout << "line " << r + 1 << ": " << a.size() << " cells, expected " << e.size()
                      << "\n  expected: " << expected[r] << "\n  actual:   " << actual[r] << "\n";
            ++differences;
            continue;
        }
        for (std::size_t c = 0; c < e.size(); ++c)
        {
            const auto ev = Number(e[c]);
            const auto av = Number(a[c]);
            const std::string where = "line " + std::to_string(r + 1) + ", column " +
                                      (c < header.size() ? header[c] : std::to_string(c + 1)) +
                                      (e.size() > 1 && !Number(e[0]) ? " (" + e[0] + ")" : "");
            if (ev && av)
            {
                const double diff = std::abs(*av - *ev);
                if (diff > tolerance * std::max(std::abs(*ev), 1e-9) && diff > 1e-12)
                {
                    std::cout << where << ": expected " << e[c] << ", got " << a[c] << " ("
                              << std::showpos << (*ev != 0 ? (*av - *ev) / *ev * 100 : 0)
                              << std::noshowpos << " %, tolerance " << tolerance * 100 << " %)\n";
                    ++differences;
                }
            }
            else if (e[c] != a[c])
            {
                std::cout << where << ": expected '" << e[c] << "', got '" << a[c] << "'\n";
                ++differences;
            }
        }
    }
    if (differences > 0)
    {
        std::cout << differences << " difference(s) between " << expectedPath << " and "
                  << actualPath << "\n";
        return 1;
    }
    std::cout << actualPath << " matches " << expectedPath << "\n";
    return 0;
}

} // namespace

int
main(int argc, char** argv)
{
    const std::string usage = "usage: gprs-golden digest DIR | compare EXPECTED ACTUAL [REL_TOL]";
    if (argc == 3 && std::string(argv[1]) == "digest")
    {
        return Digest(argv[2]);
    }
    if ((argc == 4 || argc == 5) && std::string(argv[1]) == "compare")
    {
        const auto tol = argc == 5 ? Number(argv[4]) : std::optional<double>(1e-6);
        if (!tol || *tol < 0)
        {
            std::cerr << "REL_TOL '" << argv[4] << "' is not a non-negative number\n"
                      << usage << "\n";
            return 2;
        }
        return Compare(argv[2], argv[3], *tol);
    }
    std::cerr << usage << "\n";
    return 2;
}
