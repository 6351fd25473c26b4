# Runs one example with fixed arguments and compares its CSV (stdout), the digest of its
# .dat files and its per-run rows (runs.csv in its --outdir, written by every study through
# examples/common/example-runs.h) with the golden files test/golden/NAME.csv, NAME.digest and
# NAME.runs.csv, made with ns-3 BASE_NS3 (an example that writes no runs.csv has none). Where
# another ns-3 release gives other results (its TCP changed), its own files in
# test/golden/ns-VERSION/ replace them.
# -DUPDATE=1 rewrites the golden files instead (after an intended change): those of
# test/golden/ with ns-3 BASE_NS3, else those of test/golden/ns-NS3_VERSION/ that differ.
# Variables: EXAMPLE (binary), ARGS (@-separated), NAME, GOLDEN_TOOL, GOLDEN_DIR, WORK_DIR,
# NS3_VERSION, BASE_NS3.
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
set(kinds csv digest)
if(EXISTS ${WORK_DIR}/runs.csv)
  configure_file(${WORK_DIR}/runs.csv ${WORK_DIR}/${NAME}.runs.csv COPYONLY)
  list(APPEND kinds runs.csv)
elseif(EXISTS ${GOLDEN_DIR}/${NAME}.runs.csv)
  message(FATAL_ERROR "${NAME}: ${EXAMPLE} wrote no runs.csv in its --outdir, which "
                      "${GOLDEN_DIR}/${NAME}.runs.csv expects")
endif()
set(version_dir ${GOLDEN_DIR}/ns-${NS3_VERSION})
if(UPDATE AND NS3_VERSION STREQUAL BASE_NS3)
  foreach(kind ${kinds})
    file(COPY ${WORK_DIR}/${NAME}.${kind} DESTINATION ${GOLDEN_DIR})
    message(STATUS "updated ${GOLDEN_DIR}/${NAME}.${kind}")
  endforeach()
  return()
elseif(UPDATE)
  foreach(kind ${kinds})
    execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${GOLDEN_DIR}/${NAME}.${kind}
                            ${WORK_DIR}/${NAME}.${kind} RESULT_VARIABLE differs)
    if(differs)
      file(COPY ${WORK_DIR}/${NAME}.${kind} DESTINATION ${version_dir})
      message(STATUS "updated ${version_dir}/${NAME}.${kind}")
    elseif(EXISTS ${version_dir}/${NAME}.${kind})
      file(REMOVE ${version_dir}/${NAME}.${kind})
      message(STATUS "removed ${version_dir}/${NAME}.${kind}: same as ns-3 ${BASE_NS3}'s")
    endif()
  endforeach()
  return()
endif()
set(failed FALSE)
foreach(kind ${kinds})
  set(golden ${GOLDEN_DIR}/${NAME}.${kind})
  if(EXISTS ${version_dir}/${NAME}.${kind})
    set(golden ${version_dir}/${NAME}.${kind})
  elseif(kind STREQUAL "runs.csv" AND EXISTS ${version_dir}/${NAME}.csv)
    # This release's summary differs from ns-3 BASE_NS3's, so its runs do too; without their
    # own golden rows here (update-golden with this release writes them), they are not compared.
    message(STATUS "${NAME}.runs.csv not compared: no ${version_dir}/${NAME}.runs.csv")
    continue()
  endif()
  execute_process(COMMAND ${GOLDEN_TOOL} compare ${golden} ${WORK_DIR}/${NAME}.${kind}
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    set(failed TRUE)
  endif()
endforeach()
if(failed)
  message(FATAL_ERROR "${NAME}: output differs from the golden files (above). If the change is "
                      "intended, regenerate them: cmake --build build --target update-golden")
endif()
