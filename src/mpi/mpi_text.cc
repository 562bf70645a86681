#include "mpi/mpi_text.h"

#include <mpi.h>

namespace warband::mpi {

std::vector<std::string> gather_to_root(const std::string& text, int rank, int size) {
  const int length = static_cast<int>(text.size());
  std::vector<int> lengths(rank == 0 ? size : 0);
  MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::vector<int> offsets(lengths.size());
  std::string all;
  if (rank == 0) {
    int offset = 0;
    for (int i = 0; i < size; ++i) {
      offsets[i] = offset;
      offset += lengths[i];
    }
    all.resize(static_cast<std::size_t>(offset));
  }
  MPI_Gatherv(text.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR,
              0, MPI_COMM_WORLD);
  std::vector<std::string> texts;
  for (std::size_t i = 0; i < lengths.size(); ++i)
    texts.push_back(
        all.substr(static_cast<std::size_t>(offsets[i]), static_cast<std::size_t>(lengths[i])));
  return texts;
}

std::string broadcast_from_root(const std::string& text, int rank) {
  int length = rank == 0 ? static_cast<int>(text.size()) : 0;
  MPI_Bcast(&length, 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::string received = rank == 0 ? text : std::string(static_cast<std::size_t>(length), '\0');
  MPI_Bcast(received.data(), length, MPI_CHAR, 0, MPI_COMM_WORLD);
  return received;
}

}  // namespace warband::mpi
