// Text between the ranks of an MPI job (MPI_COMM_WORLD): the MPI programs send JSON as strings,
// so what travels is what the single process would have computed, number for number.
#pragma once

#include <string>
#include <vector>

namespace warband::mpi {

// Gathers each rank's text to rank 0 (in rank order); other ranks get an empty list.
std::vector<std::string> gather_to_root(const std::string& text, int rank, int size);

// Rank 0's `text`, on every rank.
std::string broadcast_from_root(const std::string& text, int rank);

}  // namespace warband::mpi
