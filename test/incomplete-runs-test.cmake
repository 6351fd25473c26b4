# Runs a study whose --limit cuts some runs short and checks that they are marked, not left
# out silently: runs.csv (in --outdir) has a row per run with complete = 0 for those, and the
# figure's gnuplot script marks them (the regular expression MARK must match it).
# Variables: EXAMPLE (binary), ARGS (@-separated), WORK_DIR, SCRIPT (the .gp file's name),
# MARK (a CMake regular expression).
cmake_minimum_required(VERSION 3.13)
string(REPLACE "@" ";" ARGS "${ARGS}")
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
execute_process(COMMAND ${EXAMPLE} ${ARGS} --outdir=${WORK_DIR} OUTPUT_VARIABLE stdout
                ERROR_VARIABLE stderr RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${EXAMPLE} ${ARGS} failed (${rc}):\n${stderr}")
endif()
if(NOT EXISTS ${WORK_DIR}/runs.csv)
  message(FATAL_ERROR "${EXAMPLE} wrote no runs.csv in --outdir")
endif()
file(STRINGS ${WORK_DIR}/runs.csv rows)
list(GET rows 0 header)
string(REPLACE "," ";" columns "${header}")
list(FIND columns complete complete_index)
if(complete_index LESS 0)
  message(FATAL_ERROR "runs.csv has no column 'complete': ${header}")
endif()
list(REMOVE_AT rows 0)
set(incomplete 0)
foreach(row IN LISTS rows)
  string(REPLACE "," ";" cells "${row},")
  list(GET cells ${complete_index} complete)
  if(complete STREQUAL "0")
    math(EXPR incomplete "${incomplete} + 1")
  endif()
endforeach()
if(incomplete EQUAL 0)
  message(FATAL_ERROR "runs.csv marks no run incomplete; the arguments should cut some short:\n"
                      "${stdout}")
endif()
file(READ ${WORK_DIR}/${SCRIPT} script)
if(NOT script MATCHES "${MARK}")
  message(FATAL_ERROR "${SCRIPT} does not mark the incomplete runs (expected '${MARK}'):\n"
                      "${script}")
endif()
message(STATUS "${incomplete} incomplete runs in runs.csv, marked in ${SCRIPT}")
