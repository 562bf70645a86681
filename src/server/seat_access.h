// Who a request to a game is, and what it may do there (issue 21). A game created with remote
// seats (store.h GameAccess) is played through secret links: a seat's token plays that seat and
// sees that seat's view; the owner token (the creator's) plays the seats not opened remotely and
// manages the links; anyone else is a spectator and sees what neither side hides. A game without
// remote seats is open, as a hot-seat game: anyone at the server plays any human seat.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "server/store.h"

namespace httplib {
struct Request;
}

namespace warband::server {

struct Caller {
  bool open = true;        // a game without remote seats
  bool owner = false;      // holds the owner token
  std::vector<int> seats;  // the seats this caller plays (a game with remote seats)
  bool plays(int seat) const;
  bool spectator() const { return !open && seats.empty(); }
};

// The token a request carries: "Authorization: Bearer TOKEN"; with `allow_query` (the event
// stream, which EventSource opens without headers) also ?token=TOKEN. "" if none.
std::string request_token(const httplib::Request& request, bool allow_query);

// Who holds `token` in a game with `access` (nullopt: an open game, anyone plays every seat in
// `human_seats`). An unknown token is ApiError 403 at `where`; a revoked one 403 saying so.
Caller identify(const std::optional<GameAccess>& access, const std::string& token,
                const std::vector<int>& human_seats, const std::string& where);

// "Red", "Blue", or "Red and Blue": the seats a caller plays, for the errors it reads.
std::string seats_text(const std::vector<int>& seats);

}  // namespace warband::server
