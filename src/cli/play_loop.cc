#include "cli/play_loop.h"

#include <fmt/format.h>

#include <algorithm>
#include <istream>
#include <ostream>
#include <string>
#include <vector>

#include "bots/bot.h"
#include "cli/choice_menu.h"
#include "cli/command.h"
#include "cli/human_input.h"
#include "cli/narration.h"
#include "cli/play_resume.h"
#include "cli/setup_options.h"
#include "core/error.h"
#include "core/file_io.h"
#include "core/registry.h"
#include "core/text.h"

namespace warband::cli {

namespace {

// The help's "how to type" paragraph fits an 80-column terminal, --wide or not.
constexpr int kHelpColumns = 80;

// The player an action or chance outcome is private to (State::action_view's "private_to"), or -1.
int private_to(const State& state, Action action) {
  const nlohmann::json view = state.action_view(action);
  const auto owner = view.find("private_to");
  return owner != view.end() && owner->is_number_integer() ? owner->get<int>() : -1;
}

// "1 action", "7 actions": how far a stopped game got.
std::string actions_played(std::size_t count) {
  return fmt::format("{} action{}", count, count == 1 ? "" : "s");
}

}  // namespace

int exit_code(PlayEnd end) {
  switch (end) {
    case PlayEnd::kFinished:
    case PlayEnd::kQuit:
      return kExitOk;
    case PlayEnd::kInputClosed:
      return kExitInputClosed;
    case PlayEnd::kTooLong:
      return kExitInternal;
  }
  return kExitInternal;
}

PlayLoop::PlayLoop(std::string ruleset, std::shared_ptr<const Game> game, PlaySettings settings,
                   std::istream& in, std::ostream& out, std::ostream& err)
    : settings_(std::move(settings)),
      game_(game),
      record_(std::move(ruleset), std::move(game)),
      in_(in),
      out_(out),
      err_(err),
      chance_rng_(mix_seed(settings_.seed, 0)),
      bot_rng_(mix_seed(settings_.seed, 1)) {
  record_.seed = settings_.seed;
  const int seats =
      std::max<int>(record_.game().info().num_players, static_cast<int>(settings_.players.size()));
  for (int seat = 0; seat < seats; ++seat) {
    const std::string player = seat < static_cast<int>(settings_.players.size())
                                   ? settings_.players[seat]
                                   : std::string("random");
    bots_.push_back(
        player == "human" ? nullptr : bots::make_bot(bots::player_spec(player), player_name(seat)));
  }
  std::vector<int> humans;
  for (int seat = 0; seat < record_.game().info().num_players; ++seat)
    if (is_human(seat)) humans.push_back(seat);
  hot_seat_ = humans.size() > 1;
  viewer_ = humans.empty() ? kSeesEverything : hot_seat_ ? kSeesPublic : humans.front();
}

bool PlayLoop::is_human(int player) const {
  return player >= 0 && static_cast<std::size_t>(player) < bots_.size() && !bots_[player];
}

void PlayLoop::narrate(const std::string& line) {
  if (settings_.narration == Narration::kFull) out_ << fit_lines(line, settings_.columns) << "\n";
}

void PlayLoop::show_board() {
  if (board_shown_at_ == record_.actions().size()) return;  // nothing changed since
  const State& state = record_.state();
  const std::string board = state.to_string_fitting(viewer_, settings_.columns);
  out_ << "\n" << board;
  if (!board.ends_with('\n')) out_ << "\n";
  out_ << "\n";
  board_shown_at_ = record_.actions().size();
}

bool PlayLoop::pass_device(int player, PlayEnd& end) {
  save_during_game();
  if (settings_.screen) {
    // Home, clear the screen and its scrollback: the last player's hand goes with them.
    out_.flush();
    *settings_.screen << "\x1b[H\x1b[2J\x1b[3J" << std::flush;
  }
  out_ << fmt::format("\nPass the device to {}: press Enter when only {} can see the screen.\n",
                      player_name(player), player_name(player));
  out_ << player_name(player) << ", press Enter> " << std::flush;
  std::string line;
  if (!std::getline(in_, line)) {
    report_input_closed(player);
    end = PlayEnd::kInputClosed;
    return false;
  }
  if (interpret_human_input(line, {}).kind == HumanInput::Kind::kQuit) {
    out_ << fmt::format("{} quits after {}.\n", player_name(player),
                        actions_played(record_.actions().size()));
    end = PlayEnd::kQuit;
    return false;
  }
  viewer_ = player;
  board_shown_at_ = SIZE_MAX;  // the board again, from the new side
  return true;
}

void PlayLoop::report_input_closed(int player) {
  out_ << "\n";
  out_.flush();
  err_ << fmt::format("Input ended while {} was to move; the game stops after {}.\n",
                      player_name(player), actions_played(record_.actions().size()));
}

PlayEnd PlayLoop::run() {
  const GameInfo& info = record_.game().info();
  replay_resumed();
  if (settings_.narration == Narration::kFull) {
    std::string seats;
    for (int player = 0; player < info.num_players; ++player)
      seats += fmt::format("{}{}: {}", player == 0 ? "" : ", ", player_name(player),
                           static_cast<std::size_t>(player) < settings_.players.size()
                               ? settings_.players[player]
                               : "random");
    const std::string resumed =
        settings_.resume.path.empty()
            ? ""
            : fmt::format(", resumed from {} after {}", settings_.resume.path,
                          actions_played(record_.actions().size()));
    std::string saved;
    if (!settings_.log_path.empty() && viewer_ != kSeesEverything)
      saved = fmt::format(" Saved as you play to {}.", settings_.log_path);
    out_ << fit_lines(fmt::format("{} ({}){}. {}. Seed {} (--seed {} replays these dice).{}",
                                  info.title, record_.ruleset(), resumed, seats, settings_.seed,
                                  settings_.seed, saved),
                      settings_.columns)
         << "\n";
    show_board();
  }
  const auto max_length = static_cast<std::size_t>(info.max_game_length);
  while (!record_.state().is_terminal()) {
    const State& state = record_.state();
    if (record_.actions().size() >= max_length) {
      out_.flush();
      err_ << fmt::format(
          "error: the game has not ended after {} actions, its declared maximum "
          "(info().max_game_length): a bug in ruleset '{}'\n",
          max_length, record_.ruleset());
      return finish(PlayEnd::kTooLong);
    }
    if (state.is_chance()) {
      const Action outcome = chance_rng_.sample(state.chance_outcomes());
      // Hot seat: a card dealt to a human is read by that human, the device passed first.
      const int owner = hot_seat_ ? private_to(state, outcome) : -1;
      if (is_human(owner) && owner != viewer_) {
        PlayEnd end = PlayEnd::kFinished;
        if (!pass_device(owner, end)) return finish(end);
      }
      narrate(action_line(state, outcome, viewer_));
      apply(outcome, kChancePlayer);
      continue;
    }
    const int player = state.current_player();
    if (hot_seat_ && is_human(player) && player != viewer_) {
      PlayEnd end = PlayEnd::kFinished;
      if (!pass_device(player, end)) return finish(end);
    }
    // The rest of a typed path goes on at once, while it stays legal.
    bool typed_ahead = false;
    if (is_human(player) && !pending_.empty()) {
      const std::vector<Action> legal = state.legal_actions();
      typed_ahead = std::binary_search(legal.begin(), legal.end(), pending_.front());
      if (!typed_ahead) pending_.clear();
    }
    const bool turn_changed = last_player_ >= 0 && player != last_player_;
    if (!typed_ahead &&
        (is_human(player) || (turn_changed && settings_.narration == Narration::kFull)))
      show_board();
    Action action = 0;
    if (is_human(player)) {
      if (typed_ahead) {
        action = pending_.front();
        pending_.erase(pending_.begin());
      } else {
        PlayEnd end = PlayEnd::kFinished;
        const Asked asked = ask_human(player, action, end);
        if (asked == Asked::kStopped) return finish(end);
        if (asked == Asked::kTakeBack) continue;
      }
    } else {
      WB_CHECK(static_cast<std::size_t>(player) < bots_.size());
      // A human's last decision is on disk before a bot thinks (for as long as its budget says).
      if (is_human(last_player_)) save_during_game();
      action = bots_[player]->choose(state, bot_rng_);
    }
    narrate(action_line(state, action, viewer_));
    apply(action, player);
    last_player_ = player;
  }
  if (settings_.narration == Narration::kFull) show_board();
  return finish(PlayEnd::kFinished);
}

void PlayLoop::apply(Action action, int mover) {
  record_.apply(action);
  movers_.push_back(mover);
  log_saved_ = false;
}

void PlayLoop::replay_resumed() {
  const ResumeFrom& resume = settings_.resume;
  // A seat's bot is asked again where it is the log's own bot and plays the same for the same
  // dice: its answers then draw what they drew, and its later choices are the straight game's.
  std::vector<bool> ask_again(bots_.size(), false);
  for (std::size_t seat = 0; seat < bots_.size(); ++seat)
    ask_again[seat] =
        bots_[seat] && seat < resume.players.size() && seat < settings_.players.size() &&
        bots::player_spec(resume.players[seat]) == bots::player_spec(settings_.players[seat]) &&
        bots::BotSpec::parse(bots::player_spec(settings_.players[seat]), "bot")
                .options.count("ms") == 0;
  for (const Action action : resume.actions) {
    const State& state = record_.state();
    if (state.is_chance()) {
      chance_rng_.sample(state.chance_outcomes());
      record_.apply_checked(action);
      movers_.push_back(kChancePlayer);
      continue;
    }
    const int player = state.current_player();
    if (player >= 0 && static_cast<std::size_t>(player) < ask_again.size() && ask_again[player])
      bots_[player]->choose(state, bot_rng_);
    record_.apply_checked(action);
    movers_.push_back(player);
    last_player_ = player;
  }
  // The log on disk is this record already when the game goes on in the same file.
  log_saved_ = settings_.log_path == resume.path && !resume.actions.empty();
}

nlohmann::json PlayLoop::log_json() const {
  nlohmann::json log = record_.to_json();
  std::vector<std::string> players;
  for (int seat = 0; seat < record_.game().info().num_players; ++seat)
    players.push_back(static_cast<std::size_t>(seat) < settings_.players.size()
                          ? settings_.players[seat]
                          : std::string("random"));
  log["players"] = players;
  return log;
}

void PlayLoop::save_during_game() {
  if (settings_.log_path.empty() || log_saved_) return;
  try {
    write_file_atomically(settings_.log_path, log_json().dump(2) + "\n", "log");
    log_saved_ = true;
  } catch (const InputError& error) {
    // A full disk does not end the game: the save is tried again at each decision and at the end.
    if (save_failure_told_) return;
    save_failure_told_ = true;
    out_.flush();
    err_ << "warning: the game could not be saved (" << error.message()
         << "); it goes on and is saved again at the next decision\n";
  }
}

bool PlayLoop::take_back(int player) {
  if (movers_.empty() || movers_.back() != player) return false;
  // The record again without its last action; nothing random happened since, so the dice and
  // bots go on as they would have.
  const std::size_t keep = movers_.size() - 1;
  const Action taken = record_.actions().back();
  GameRecord shorter(record_.ruleset(), game_);
  shorter.seed = record_.seed;
  for (std::size_t i = 0; i < keep; ++i)
    shorter.apply(record_.actions()[i]);
  const std::string words = shorter.state().action_to_string_for(player, taken);
  record_ = std::move(shorter);
  movers_.resize(keep);
  pending_.clear();
  log_saved_ = false;
  board_shown_at_ = SIZE_MAX;
  out_ << fit_lines(fmt::format("{} takes back: {}", player_name(player), words), settings_.columns)
       << "\n";
  return true;
}

PlayLoop::Asked PlayLoop::ask_human(int player, Action& chosen, PlayEnd& end) {
  save_during_game();  // what was played up to this decision survives a closed terminal
  const State& state = record_.state();
  ChoiceMenu menu(state, player);
  out_ << fit_lines(menu.listing(), settings_.columns);
  for (;;) {
    out_ << player_name(player) << "> " << std::flush;
    std::string line;
    if (!std::getline(in_, line)) {
      report_input_closed(player);
      end = PlayEnd::kInputClosed;
      return Asked::kStopped;
    }
    MenuAnswer answer = menu.answer(line);
    switch (answer.kind) {
      case MenuAnswer::Kind::kChosen:
        chosen = answer.actions.front();
        pending_.assign(answer.actions.begin() + 1, answer.actions.end());
        return Asked::kChosen;
      case MenuAnswer::Kind::kListed:
        out_ << fit_lines(answer.text, settings_.columns);
        break;
      case MenuAnswer::Kind::kBack:
        if (take_back(player)) return Asked::kTakeBack;
        // Before a player's first choice, nothing of theirs was revealed: there is no choice.
        if (std::find(movers_.begin(), movers_.end(), player) == movers_.end())
          out_ << "Nothing to take back: you have made no choice yet.\n";
        else
          out_ << "Nothing to take back: dice were rolled, a card drawn or the other side\n"
                  "moved since your last choice.\n";
        break;
      case MenuAnswer::Kind::kBoard:
        board_shown_at_ = SIZE_MAX;
        show_board();
        out_ << fit_lines(menu.listing(), settings_.columns);
        break;
      case MenuAnswer::Kind::kHelp:
        print_help(menu);
        break;
      case MenuAnswer::Kind::kQuit:
        out_ << fmt::format("{} quits after {}.\n", player_name(player),
                            actions_played(record_.actions().size()));
        end = PlayEnd::kQuit;
        return Asked::kStopped;
      case MenuAnswer::Kind::kInvalid:
        out_ << fit_lines(answer.text, settings_.columns) << "\n";
        break;
    }
  }
}

void PlayLoop::print_help(const ChoiceMenu& menu) {
  const Ruleset* ruleset = nullptr;
  for (const Ruleset* entry : Registry::instance().all())
    if (entry->name == record_.ruleset()) ruleset = entry;
  // The ways to type a move are the ruleset's own (squares on a grid, points on a tabletop).
  const std::string examples = ruleset ? ruleset->hints.typing_examples : std::string();
  const std::string text = fmt::format(
      "Type a number from the list (1 to {}), an action's text or enough of its start to tell "
      "it apart (case does not matter){}. 'back' leaves a half-made choice, or takes back your "
      "last decision while nothing has been rolled or drawn since. 'board' shows the board "
      "again; 'quit' ends the game{}.",
      menu.listed(), examples.empty() ? "" : ", or " + examples,
      settings_.log_path.empty() ? "" : " and saves the log");
  // Broken between words, never inside a quoted example ('18 3' stays on one line).
  std::vector<std::string> words;
  bool quoted = false;
  std::string word;
  for (const char c : text) {
    if (c == ' ' && !quoted) {
      words.push_back(std::move(word));
      word.clear();
      continue;
    }
    // An apostrophe inside a word ("action's") neither opens nor closes a quote.
    if (c == '\'' && (word.empty() ? !quoted : quoted)) quoted = !quoted;
    word += c;
  }
  words.push_back(std::move(word));
  out_ << wrap_parts(words, " ", kHelpColumns, "") << "\n";
  if (ruleset && !ruleset->hints.play_help.empty()) out_ << "\n" << ruleset->hints.play_help;
}

void PlayLoop::print_summary() {
  const State& state = record_.state();
  const std::string final_hash = hash_to_hex(state.hash());
  if (settings_.narration == Narration::kJson) {
    const nlohmann::json summary = {
        {"ruleset", record_.ruleset()},
        {"seed", settings_.seed},
        {"actions", record_.actions().size()},
        {"terminal", state.is_terminal()},
        {"returns", state.is_terminal() ? state.returns() : std::vector<double>{}},
        {"winner", winner_json(state)},
        {"final_hash", final_hash},
    };
    out_ << summary.dump(2) << "\n";
    return;
  }
  out_ << fmt::format("{}\nActions: {}\nSeed: {}\nFinal hash: {}\n",
                      fit_lines("Result: " + result_text(state), settings_.columns),
                      record_.actions().size(), settings_.seed, final_hash);
}

PlayEnd PlayLoop::finish(PlayEnd end) {
  print_summary();
  if (!settings_.log_path.empty()) {
    write_file_atomically(settings_.log_path, log_json().dump(2) + "\n", "log");
    log_saved_ = true;
    if (settings_.narration == Narration::kFull) {
      if (record_.state().is_terminal())
        out_ << "Log written to " << settings_.log_path << "\n";
      else  // one line, however long, to be copied whole
        out_ << "Saved: resume with `warband play --resume " << shell_quoted(settings_.log_path)
             << "`\n";
    }
  }
  return end;
}

}  // namespace warband::cli
