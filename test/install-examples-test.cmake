# The examples' sources as installed build against the installed module, outside this tree, and
# the tutorial built there prints its golden output (test/golden-test.cmake).
# Variables: BINARY_DIR (this build), WORK_DIR, GENERATOR, LIBDIR and DOCDIR (install paths
# under the prefix), EXAMPLE_ARGS (@-separated), GOLDEN_TOOL, GOLDEN_DIR, NS3_VERSION, BASE_NS3.
function(run)
  execute_process(COMMAND ${ARGN} OUTPUT_VARIABLE out ERROR_VARIABLE out RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${ARGN} failed (${rc}):\n${out}")
  endif()
endfunction()
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
run(${CMAKE_COMMAND} --install ${BINARY_DIR} --prefix ${prefix})
run(${CMAKE_COMMAND} -S ${prefix}/${DOCDIR}/examples -B ${WORK_DIR}/build -G ${GENERATOR}
    -DCMAKE_PREFIX_PATH=${prefix})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build --target gprs-tcp-tutorial)
set(ENV{LD_LIBRARY_PATH} ${prefix}/${LIBDIR})
set(EXAMPLE ${WORK_DIR}/build/gprs-tcp-tutorial)
set(ARGS ${EXAMPLE_ARGS})
set(NAME gprs-tcp-tutorial)
set(WORK_DIR ${WORK_DIR}/run)
include(${CMAKE_CURRENT_LIST_DIR}/golden-test.cmake)
