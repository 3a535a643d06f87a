# Runs one golden case: `gdlsc <args of CASE.cmd>` in the current folder, then compares
# standard output with CASE.out (and standard error with CASE.err, the exit code with
# CASE.exit, when they exist). Trailing whitespace of every line is ignored.
# Usage: cmake -DGDLSC=... -DCASE_DIR=... -DCASE=... -DGAMES=... -P run_golden.cmake
# With -DUPDATE=1 it rewrites the expected files instead (check the diff before committing).

function(normalise text out)
  string(REGEX REPLACE "[ \t\r]+\n" "\n" text "${text}")
  string(REGEX REPLACE "[ \t\r\n]+$" "" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

file(READ ${CASE_DIR}/${CASE}.cmd args)
string(STRIP "${args}" args)
string(REPLACE "\${GAMES}" "${GAMES}" args "${args}")
separate_arguments(args UNIX_COMMAND "${args}")
execute_process(COMMAND ${GDLSC} ${args} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE code)

set(expected_code 0)
if(EXISTS ${CASE_DIR}/${CASE}.exit)
  file(READ ${CASE_DIR}/${CASE}.exit expected_code)
  string(STRIP "${expected_code}" expected_code)
endif()

if(UPDATE)
  file(WRITE ${CASE_DIR}/${CASE}.out "${out}")
  if(EXISTS ${CASE_DIR}/${CASE}.err OR NOT err STREQUAL "")
    file(WRITE ${CASE_DIR}/${CASE}.err "${err}")
  endif()
  if(NOT code EQUAL 0)
    file(WRITE ${CASE_DIR}/${CASE}.exit "${code}\n")
  endif()
  return()
endif()

if(NOT "${code}" STREQUAL "${expected_code}")
  message(SEND_ERROR "exit code ${code}, expected ${expected_code}\nstderr:\n${err}")
endif()

function(compare what actual expected_file)
  file(READ ${expected_file} expected)
  normalise("${actual}" a)
  normalise("${expected}" e)
  if(NOT a STREQUAL e)
    file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/${CASE}.${what}.actual "${actual}")
    execute_process(COMMAND diff -u ${expected_file} ${CMAKE_CURRENT_BINARY_DIR}/${CASE}.${what}.actual
                    OUTPUT_VARIABLE d)
    message(SEND_ERROR "${what} differs from ${expected_file}:\n${d}")
  endif()
endfunction()

compare(out "${out}" ${CASE_DIR}/${CASE}.out)
if(EXISTS ${CASE_DIR}/${CASE}.err)
  compare(err "${err}" ${CASE_DIR}/${CASE}.err)
endif()
