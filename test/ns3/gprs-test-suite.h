/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef GPRS_TEST_SUITE_H
#define GPRS_TEST_SUITE_H

#include "ns3/test.h"

#include <string>

/**
 * \file
 * \ingroup gprs-tests
 * How the module's ns-3 test cases are registered: every case runs in the suite "gprs" (what
 * `test.py --suite=gprs` runs, as ns-3 users expect of a module), and again in a suite of its
 * own, because ns-3 stops a suite at its first failing case: `test.py --suite='gprs-*'` reports
 * every failing case.
 */

namespace ns3
{

/**
 * \ingroup gprs-tests
 * The suite "gprs": every test case of the module.
 */
class GprsModuleTestSuite : public TestSuite
{
  public:
    /**
     * Created on first use, so test cases of any translation unit can join it while static
     * objects are constructed.
     * \return the suite
     */
    static GprsModuleTestSuite& Get()
    {
        static GprsModuleTestSuite suite;
        return suite;
    }

    /**
     * \param testCase a test case, owned by the suite from now on
     */
    void Add(TestCase* testCase)
    {
        AddTestCase(testCase);
    }

  private:
    GprsModuleTestSuite()
        : TestSuite("gprs", TestSuite::Type::UNIT)
    {
    }
};

/**
 * \ingroup gprs-tests
 * A suite "gprs-..." whose cases also join the suite "gprs".
 */
class GprsTestSuite : public TestSuite
{
  public:
    /**
     * \param name the suite's name, "gprs-..."
     */
    explicit GprsTestSuite(const std::string& name)
        : TestSuite(name, TestSuite::Type::UNIT)
    {
    }

  protected:
    /**
     * Adds a case of type T to this suite and another to the suite "gprs".
     * \tparam T a default-constructible TestCase
     */
    template <typename T>
    void Add()
    {
        AddMade([]() { return new T; });
    }

    /**
     * Adds a case made by make() to this suite and another to the suite "gprs".
     * \param make returns a new TestCase
     */
    template <typename Make>
    void AddMade(Make make)
    {
        AddTestCase(make());
        GprsModuleTestSuite::Get().Add(make());
    }
};

/**
 * \ingroup gprs-tests
 * A suite of the one test case T (and T in the suite "gprs").
 * \tparam T a default-constructible TestCase
 */
template <typename T>
class GprsSingleCaseTestSuite : public GprsTestSuite
{
  public:
    /**
     * \param name the suite's name, "gprs-..."
     */
    explicit GprsSingleCaseTestSuite(const std::string& name)
        : GprsTestSuite(name)
    {
        Add<T>();
    }
};

} // namespace ns3

#endif /* GPRS_TEST_SUITE_H */
