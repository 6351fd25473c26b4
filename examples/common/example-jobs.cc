/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "example-jobs.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace ns3
{

namespace
{

/**
 * \param status a worker's status, as waitpid gives it
 * \param complete whether the worker sent all its results
 * \return why it failed, or empty: it exited with status 0 after all its results
 */
std::string
WorkerFailure(int status, bool complete)
{
    if (WIFSIGNALED(status))
    {
        return "killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
               strsignal(WTERMSIG(status)) + ")";
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    {
        return "exit status " + std::to_string(WEXITSTATUS(status));
    }
    return complete ? "" : "exit status 0 before its results";
}

/**
 * Take the first whole record from what a worker sent: a simulation's index and its result, as
 * WriteResult writes them (the result's length before its bytes).
 * \param buffer what was read from the worker's pipe; the record is removed from its front
 * \param[out] index the simulation
 * \param[out] result its result
 * \return whether a whole record was there
 */
bool
TakeRecord(std::string& buffer, uint64_t& index, std::string& result)
{
    const std::size_t header = sizeof(index) + sizeof(uint64_t);
    uint64_t length = 0;
    if (buffer.size() < header)
    {
        return false;
    }
    std::memcpy(&length, buffer.data() + sizeof(index), sizeof(length));
    if (buffer.size() - header < length)
    {
        return false;
    }
    std::string_view record(buffer.data(), header + length);
    ReadResult(record, index);
    ReadResult(record, result);
    buffer.erase(0, header + length);
    return true;
}

} // namespace

std::vector<std::string>
RunJobRecords(const std::string& program,
              std::size_t count,
              uint32_t jobs,
              std::function<std::string(std::size_t)> run)
{
    std::vector<std::string> results(count);
    std::size_t done = 0;
    const auto report = [&program, &done, count]() {
        std::cerr << "[" << program << "] " << ++done << "/" << count << " runs\n";
    };
    if (jobs <= 1)
    {
        for (std::size_t i = 0; i < count; ++i)
        {
            results[i] = run(i);
            report();
        }
        return results;
    }

    // Worker w runs simulations w, w + jobs, ... and writes each one's index and result to its
    // pipe, as WriteResult writes them (the result's length first).
    struct Worker
    {
        pid_t pid;          //!< its process
        int fd;             //!< its pipe's reading end
        std::string buffer; //!< what was read and is not a whole record yet
    };

    std::vector<Worker> workers;
    std::vector<bool> received(count, false);
    for (uint32_t w = 0; w < jobs && w < count; ++w)
    {
        int fds[2];
        if (pipe(fds) != 0)
        {
            std::perror("pipe");
            std::exit(3);
        }
        const pid_t pid = fork();
        if (pid < 0)
        {
            std::perror("fork");
            std::exit(3);
        }
        if (pid == 0)
        {
            close(fds[0]);
            FILE* out = fdopen(fds[1], "w");
            for (std::size_t i = w; i < count; i += jobs)
            {
                std::string record;
                WriteResult(record, static_cast<uint64_t>(i));
                WriteResult(record, run(i));
                std::fwrite(record.data(), 1, record.size(), out);
                std::fflush(out);
            }
            std::fclose(out);
            _exit(0);
        }
        close(fds[1]);
        workers.push_back(Worker{pid, fds[0], ""});
    }
    std::vector<pollfd> open;
    for (const Worker& w : workers)
    {
        open.push_back(pollfd{w.fd, POLLIN, 0});
    }
    std::size_t openCount = open.size();
    while (openCount > 0)
    {
        if (poll(open.data(), open.size(), -1) < 0 && errno != EINTR)
        {
            std::perror("poll");
            std::exit(3);
        }
        for (std::size_t w = 0; w < open.size(); ++w)
        {
            if (open[w].fd < 0 || open[w].revents == 0)
            {
                continue;
            }
            char chunk[4096];
            const ssize_t n = read(open[w].fd, chunk, sizeof(chunk));
            if (n <= 0)
            {
                close(open[w].fd);
                open[w].fd = -1;
                --openCount;
                continue;
            }
            std::string& buffer = workers[w].buffer;
            buffer.append(chunk, n);
            uint64_t index = 0;
            std::string result;
            while (TakeRecord(buffer, index, result))
            {
                results.at(index) = std::move(result);
                received.at(index) = true;
                report();
            }
        }
    }
    for (std::size_t w = 0; w < workers.size(); ++w)
    {
        int status = 0;
        waitpid(workers[w].pid, &status, 0);
        // Its first simulation without a result is the one it failed in.
        std::size_t failed = w;
        while (failed < count && received[failed])
        {
            failed += jobs;
        }
        const std::string failure = WorkerFailure(status, failed >= count);
        if (!failure.empty())
        {
            std::cerr << "error: worker " << workers[w].pid << " failed in simulation " << failed
                      << " of " << count << ": " << failure
                      << " (its own messages, if any, are above)\n";
            std::exit(3);
        }
    }
    return results;
}

} // namespace ns3
