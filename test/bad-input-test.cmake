# Runs one row of the bad-input table (test/bad-inputs.txt) and checks the example's answer.
# A row is "example | arguments | expected", where expected is either
#   - a regular expression (CMake syntax) that stderr must match: the example must then exit
#     non-zero and print nothing on stdout (no table for a bad input), or
#   - "ok", optionally followed by files (relative to the working directory): the example must
#     exit 0, print a well-formed CSV table on stdout and write those files.
# Variables: TABLE (the table), ROW (index among the lines file(STRINGS) reads), EXAMPLES
# (directory of the example binaries), WORK_DIR (scratch directory, the examples' working
# directory).
cmake_minimum_required(VERSION 3.13) # list(GET) counts empty lines (CMP0007)
file(STRINGS ${TABLE} lines)
list(GET lines ${ROW} line)
string(FIND "${line}" " | " bar1)
string(SUBSTRING "${line}" 0 ${bar1} example)
math(EXPR rest_start "${bar1} + 3")
string(SUBSTRING "${line}" ${rest_start} -1 rest)
string(FIND "${rest}" " | " bar2)
string(SUBSTRING "${rest}" 0 ${bar2} args)
math(EXPR expected_start "${bar2} + 3")
string(SUBSTRING "${rest}" ${expected_start} -1 expected)
string(STRIP "${example}" example)
string(STRIP "${expected}" expected)
separate_arguments(args UNIX_COMMAND "${args}")

file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
execute_process(COMMAND ${EXAMPLES}/${example} ${args}
                WORKING_DIRECTORY ${WORK_DIR}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
set(run "${example} ${args}\n  exit: ${rc}\n  stdout: ${out}\n  stderr: ${err}")

set(expected_files "")
if(expected MATCHES "^ok( |$)")
  string(REGEX REPLACE "^ok *" "" expected_files "${expected}")
  separate_arguments(expected_files UNIX_COMMAND "${expected_files}")
  set(expected "ok")
endif()

if(NOT expected STREQUAL "ok")
  if(rc STREQUAL "0" OR rc MATCHES "timeout")
    message(FATAL_ERROR "bad input accepted (expected a non-zero exit): ${run}")
  endif()
  if(NOT out STREQUAL "")
    message(FATAL_ERROR "bad input printed a table: ${run}")
  endif()
  if(NOT err MATCHES "${expected}")
    message(FATAL_ERROR "the message does not match '${expected}': ${run}")
  endif()
  return()
endif()

if(NOT rc STREQUAL "0")
  message(FATAL_ERROR "good input failed: ${run}")
endif()
# Well-formed: a header of column names, at least one row, every row as many fields as the
# header (a quoted field may hold commas), no field "nan" or "inf".
string(REGEX REPLACE "\n$" "" out_lines "${out}")
string(REPLACE "\n" ";" out_lines "${out_lines}")
list(LENGTH out_lines count)
list(GET out_lines 0 header)
if(count LESS 2 OR NOT header MATCHES "^[a-z][a-z0-9_]*(,[a-z][a-z0-9_]*)*$")
  message(FATAL_ERROR "no CSV header and row on stdout: ${run}")
endif()
string(REGEX MATCHALL "," header_commas "${header}")
list(LENGTH header_commas columns)
list(REMOVE_AT out_lines 0)
foreach(row ${out_lines})
  string(REGEX REPLACE "\"[^\"]*\"" "text" unquoted "${row}")
  string(REGEX MATCHALL "," commas "${unquoted}")
  list(LENGTH commas row_columns)
  if(NOT row_columns EQUAL columns)
    message(FATAL_ERROR "row '${row}' has ${row_columns}+1 fields, the header ${columns}+1: ${run}")
  endif()
  if(",${unquoted}," MATCHES ",-?(nan|inf)[^,]*,")
    message(FATAL_ERROR "row '${row}' holds a nan or inf: ${run}")
  endif()
endforeach()
foreach(file ${expected_files})
  if(NOT EXISTS ${WORK_DIR}/${file})
    message(FATAL_ERROR "${file} not written: ${run}")
  endif()
endforeach()
