# What the compare_mpi_*.cmake scripts share: a command that must succeed, and the same under
# `mpirun -np 2` as a container allows it. Included by them (cmake -P); MPIEXEC is the mpirun.

# run_checked(NAME <what> OUTPUT_FILE <file> COMMAND <program> <args>...): runs the command with
# its standard output to <file>; a non-zero exit stops the script naming <what>, the exit code and
# what the command printed on standard error.
function(run_checked)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;OUTPUT_FILE" "COMMAND")
  execute_process(COMMAND ${arg_COMMAND} OUTPUT_FILE "${arg_OUTPUT_FILE}"
                  ERROR_VARIABLE error RESULT_VARIABLE code)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "${arg_NAME} failed (${code}): ${error}")
  endif()
endfunction()

# run_mpi_checked(NAME ... OUTPUT_FILE ... COMMAND ...): the same with the command run on two
# ranks by ${MPIEXEC}.
function(run_mpi_checked)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;OUTPUT_FILE" "COMMAND")
  # Containers: launch locally without ssh, no cross-memory attach, more ranks than cores is fine.
  set(ENV{OMPI_MCA_plm} "isolated")
  set(ENV{OMPI_MCA_btl_vader_single_copy_mechanism} "none")
  set(ENV{OMPI_MCA_rmaps_base_oversubscribe} "1")
  set(mpi_flags -np 2 --oversubscribe)
  execute_process(COMMAND id -u OUTPUT_VARIABLE uid OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(uid STREQUAL "0")
    list(APPEND mpi_flags --allow-run-as-root)
  endif()
  run_checked(NAME "${arg_NAME}" OUTPUT_FILE "${arg_OUTPUT_FILE}"
              COMMAND "${MPIEXEC}" ${mpi_flags} ${arg_COMMAND})
endfunction()
