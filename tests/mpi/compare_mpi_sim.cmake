# CTest: `mpirun -np 2 warband_mpi_sim` must print exactly the JSON summary that one
# `warband sim` process prints for the same sweep. Run with cmake -P and
#   -DWARBAND=... -DWARBAND_MPI_SIM=... -DMPIEXEC=... -DWORK_DIR=...
cmake_minimum_required(VERSION 3.25)
include("${CMAKE_CURRENT_LIST_DIR}/run_checked.cmake")
file(MAKE_DIRECTORY "${WORK_DIR}")

set(sweep atomspast --games 24 --seed 11 --map training_ground --json --no-progress)

run_checked(NAME "warband sim" OUTPUT_FILE "${WORK_DIR}/single.json"
            COMMAND "${WARBAND}" sim ${sweep} --threads 2)

run_mpi_checked(NAME "mpirun warband_mpi_sim" OUTPUT_FILE "${WORK_DIR}/mpi.json"
                COMMAND "${WARBAND_MPI_SIM}" ${sweep} --threads 1)

file(READ "${WORK_DIR}/single.json" single)
file(READ "${WORK_DIR}/mpi.json" mpi)
string(JSON games GET "${mpi}" totals games)
if(NOT games EQUAL 24)
  message(FATAL_ERROR "the MPI run summarised ${games} games, not 24:\n${mpi}")
endif()
if(NOT single STREQUAL mpi)
  message(FATAL_ERROR "the MPI summary differs from one process's:\n--- single\n${single}\n"
                      "--- mpi\n${mpi}")
endif()
message(STATUS "2 ranks: the same ${games}-game summary as one process")
