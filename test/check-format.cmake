# Fails when any C++ file of the module differs from what .clang-format makes of it.
file(GLOB_RECURSE files ${SOURCE_DIR}/model/*.h ${SOURCE_DIR}/model/*.cc ${SOURCE_DIR}/helper/*.h
     ${SOURCE_DIR}/helper/*.cc ${SOURCE_DIR}/examples/*.cc ${SOURCE_DIR}/examples/*.h
     ${SOURCE_DIR}/test/*.cc ${SOURCE_DIR}/test/*.h)
set(bad "")
foreach(file ${files})
  execute_process(COMMAND ${CLANG_FORMAT} --dry-run -Werror --style=file ${file}
                  WORKING_DIRECTORY ${SOURCE_DIR} RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    string(APPEND bad "${err}")
  endif()
endforeach()
if(bad)
  execute_process(COMMAND ${CLANG_FORMAT} --version OUTPUT_VARIABLE version
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  message(FATAL_ERROR "clang-format would change these files "
                      "(fix with: clang-format -i <file>):\n${bad}\n"
                      "This is ${version}. CI checks with clang-format 14 (Debian 12) and 19 "
                      "(Debian 13), which place a lambda passed among other call arguments "
                      "differently: name such a lambda in a variable first.")
endif()
list(LENGTH files count)
message(STATUS "clang-format: ${count} files clean")
