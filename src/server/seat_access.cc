#include "server/seat_access.h"

#include <fmt/format.h>
#include <httplib.h>

#include <algorithm>

#include "server/api.h"
#include "server/game_session.h"
#include "server/seat_tokens.h"

namespace warband::server {

bool Caller::plays(int seat) const {
  return std::find(seats.begin(), seats.end(), seat) != seats.end();
}

std::string request_token(const httplib::Request& request, bool allow_query) {
  const std::string header = request.get_header_value("Authorization");
  constexpr std::string_view kBearer = "Bearer ";
  if (header.starts_with(kBearer)) return header.substr(kBearer.size());
  if (allow_query && request.has_param("token")) return request.get_param_value("token");
  return "";
}

Caller identify(const std::optional<GameAccess>& access, const std::string& token,
                const std::vector<int>& human_seats, const std::string& where) {
  Caller caller;
  if (!access) {
    caller.seats = human_seats;
    return caller;
  }
  caller.open = false;
  if (token.empty()) return caller;  // a spectator
  const std::string hash = token_hash(token);
  const auto found = std::find_if(access->tokens.begin(), access->tokens.end(),
                                  [&](const AccessToken& held) { return held.hash == hash; });
  // Never echo the token: errors are read, and may be logged, by others.
  if (found == access->tokens.end())
    throw ApiError(403, where, "is not a link of this game (check that the whole link was copied)");
  if (found->revoked)
    throw ApiError(403, where,
                   "this link was revoked by the game's creator: ask them for the new one");
  if (found->role == GameAccess::kOwnerRole) {
    caller.owner = true;
    for (int seat : human_seats)
      if (std::find(access->remote_seats.begin(), access->remote_seats.end(), seat) ==
          access->remote_seats.end())
        caller.seats.push_back(seat);
  } else {
    caller.seats.push_back(found->role);
  }
  return caller;
}

std::string seats_text(const std::vector<int>& seats) {
  if (seats.empty()) return "no seat";
  std::string text;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    if (i > 0) text += " and ";
    text += seat_name(seats[i]);
  }
  return text;
}

}  // namespace warband::server
