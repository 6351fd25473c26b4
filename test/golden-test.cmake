# Runs one example with fixed arguments and compares its CSV (stdout) and the digest of its
# .dat files with the golden files test/golden/NAME.csv and NAME.digest.
# -DUPDATE=1 rewrites the golden files instead (after an intended change).
# Variables: EXAMPLE (binary), ARGS (@-separated), NAME, GOLDEN_TOOL, GOLDEN_DIR, WORK_DIR.
string(REPLACE "@" ";" ARGS "${ARGS}")
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
execute_process(COMMAND ${EXAMPLE} ${ARGS} --outdir=${WORK_DIR}
                OUTPUT_FILE ${WORK_DIR}/${NAME}.csv ERROR_VARIABLE stderr RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${EXAMPLE} ${ARGS} failed (${rc}):\n${stderr}")
endif()
execute_process(COMMAND ${GOLDEN_TOOL} digest ${WORK_DIR} OUTPUT_FILE ${WORK_DIR}/${NAME}.digest
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "digest of ${WORK_DIR} failed")
endif()
if(UPDATE)
  file(COPY ${WORK_DIR}/${NAME}.csv ${WORK_DIR}/${NAME}.digest DESTINATION ${GOLDEN_DIR})
  message(STATUS "updated ${GOLDEN_DIR}/${NAME}.csv and ${NAME}.digest")
  return()
endif()
set(failed FALSE)
foreach(kind csv digest)
  execute_process(COMMAND ${GOLDEN_TOOL} compare ${GOLDEN_DIR}/${NAME}.${kind}
                          ${WORK_DIR}/${NAME}.${kind} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    set(failed TRUE)
  endif()
endforeach()
if(failed)
  message(FATAL_ERROR "${NAME}: output differs from the golden files (above). If the change is "
                      "intended, regenerate them: cmake --build build --target update-golden")
endif()
