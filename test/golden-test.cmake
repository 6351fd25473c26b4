# Runs one example with fixed arguments and compares its CSV (stdout) and the digest of its
# .dat files with the golden files test/golden/NAME.csv and NAME.digest, made with ns-3
# BASE_NS3. Where another ns-3 release gives other results (its TCP changed), its own files in
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
set(version_dir ${GOLDEN_DIR}/ns-${NS3_VERSION})
if(UPDATE AND NS3_VERSION STREQUAL BASE_NS3)
  file(COPY ${WORK_DIR}/${NAME}.csv ${WORK_DIR}/${NAME}.digest DESTINATION ${GOLDEN_DIR})
  message(STATUS "updated ${GOLDEN_DIR}/${NAME}.csv and ${NAME}.digest")
  return()
elseif(UPDATE)
  foreach(kind csv digest)
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
foreach(kind csv digest)
  set(golden ${GOLDEN_DIR}/${NAME}.${kind})
  if(EXISTS ${version_dir}/${NAME}.${kind})
    set(golden ${version_dir}/${NAME}.${kind})
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
