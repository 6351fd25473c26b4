# Checks that an example obeys ns-3's --RngRun: the same run twice gives the same CSV, another
# run a different one.
# Variables: EXAMPLE (binary), ARGS (@-separated arguments), WORK_DIR (scratch directory).
string(REPLACE "@" ";" ARGS "${ARGS}")
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
foreach(run 1 1 2)
  execute_process(COMMAND ${EXAMPLE} ${ARGS} --RngRun=${run} WORKING_DIRECTORY ${WORK_DIR}
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc TIMEOUT 60)
  if(NOT rc STREQUAL "0")
    message(FATAL_ERROR "${EXAMPLE} ${ARGS} --RngRun=${run} failed (${rc}):\n${err}")
  endif()
  list(APPEND outputs "${out}")
endforeach()
list(GET outputs 0 first)
list(GET outputs 1 again)
list(GET outputs 2 other)
if(NOT first STREQUAL again)
  message(FATAL_ERROR "--RngRun=1 twice gave different results:\n${first}\n${again}")
endif()
if(first STREQUAL other)
  message(FATAL_ERROR "--RngRun=2 gave the results of --RngRun=1 (ignored?):\n${first}")
endif()
