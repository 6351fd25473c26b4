/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "example-plot.h"

#include <cctype>
#include <cerrno>
#include <sys/wait.h>
#include <unistd.h>

namespace ns3
{

bool
RenderGnuplot(const std::string& dir, const std::string& script)
{
    // No shell: the directory is the user's text (--outdir), so it is never parsed.
    constexpr int kNotInstalled = 127;
    const pid_t pid = fork();
    if (pid < 0)
    {
        return false;
    }
    if (pid == 0)
    {
        if (chdir(dir.c_str()) == 0)
        {
            execlp("gnuplot", "gnuplot", script.c_str(), static_cast<char*>(nullptr));
            _exit(errno == ENOENT ? kNotInstalled : 1);
        }
        _exit(1);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
    {
        if (errno != EINTR)
        {
            return false;
        }
    }
    return WIFEXITED(status) && (WEXITSTATUS(status) == 0 || WEXITSTATUS(status) == kNotInstalled);
}

std::string
GnuplotString(const std::string& text)
{
    std::string quoted = "'";
    for (const char c : text)
    {
        if (c == '\'')
        {
            quoted += "''";
        }
        else
        {
            quoted += std::iscntrl(static_cast<unsigned char>(c)) ? '?' : c;
        }
    }
    return quoted + "'";
}

std::string
CsvField(const std::string& text, bool alwaysQuoted)
{
    if (!alwaysQuoted && text.find_first_of(",\"\r\n") == std::string::npos)
    {
        return text;
    }
    std::string quoted = "\"";
    for (const char c : text)
    {
        quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    }
    return quoted + "\"";
}

} // namespace ns3
