# Writes OUTPUT, a CTest file with one test "ns3-suite-NAME" per ns-3 TestSuite that RUNNER
# (gprs-test-runner) holds, as gtest_discover_tests does for googletest. Run after each build of
# RUNNER; one suite per process, as ns-3.43 and later require. The suites named in UNSANITIZED
# get the label "unsanitized-only" (left out of CI's run under the sanitizers).
# Variables: RUNNER, OUTPUT, UNSANITIZED (@-separated suite names).
cmake_minimum_required(VERSION 3.13) # if(IN_LIST)
string(REPLACE "@" ";" UNSANITIZED "${UNSANITIZED}")
execute_process(COMMAND ${RUNNER} --print-test-name-list OUTPUT_VARIABLE names
                ERROR_VARIABLE errors RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${RUNNER} --print-test-name-list failed (${rc}): ${errors}")
endif()
string(REPLACE "\n" ";" names "${names}")
set(tests "")
foreach(name IN LISTS names)
  string(STRIP "${name}" name)
  if(name)
    string(APPEND tests "add_test([=[ns3-suite-${name}]=] [=[${RUNNER}]=] "
                        "[=[--suite=${name}]=] --verbose)\n")
    if(name IN_LIST UNSANITIZED)
      string(APPEND tests "set_tests_properties([=[ns3-suite-${name}]=] "
                          "PROPERTIES LABELS unsanitized-only)\n")
    endif()
  endif()
endforeach()
if(NOT tests)
  message(FATAL_ERROR "${RUNNER} lists no test suite")
endif()
file(WRITE ${OUTPUT} "${tests}")
