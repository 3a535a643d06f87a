// Replaying a recorded match on the game (see replay.h). One pass over the record's steps on
// one forward engine: the state, the legal moves, the joint move, the percepts, then the
// move; at the end the terminal state and the goals. Sets of terms are compared as sets of
// GDL terms (symbols already folded by the KIF lexer), so order and case do not matter.
#include "simulate/replay.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

#include "base/errors.h"
#include "gdl/kif_lexer.h"
#include "session/diagnostic_error.h"
#include "infoset/infoset.h"
#include "session/session.h"
#include "simulate/simulate.h"

namespace gdlsc::query {
namespace {

using gdl::Term;

[[noreturn]] void fail_at(const gdl::Location& loc, const std::string& message) {
    gdl::Diagnostics d;
    d.error(loc, message);
    throw_if_errors(d);
    throw UserError(message);  // not reached
}

std::string role_list(const std::vector<std::string>& roles) {
    std::string s;
    for (const auto& r : roles) s += (s.empty() ? "" : " ") + gdl::kif_symbol(r);
    return s;
}

std::vector<Term> as_set(std::vector<Term> ts) {
    std::sort(ts.begin(), ts.end(), gdl::standard_order_less);
    ts.erase(std::unique(ts.begin(), ts.end()), ts.end());
    return ts;
}

std::vector<Term> terms_of(const std::vector<RecordedTerm>& rs) {
    std::vector<Term> out;
    for (const auto& r : rs) out.push_back(r.term);
    return out;
}

std::string kif_items(const std::vector<Term>& ts, std::size_t limit = 8) {
    if (ts.empty()) return "none";
    std::string s;
    for (std::size_t i = 0; i < ts.size() && i < limit; ++i) s += (i ? " " : "") + ts[i].to_kif();
    if (ts.size() > limit) s += " ... (" + std::to_string(ts.size()) + " in all)";
    return s;
}

// The difference of two sets (sorted, unique): what only the record has, what only the game has.
std::string set_difference(const std::vector<Term>& recorded, const std::vector<Term>& game) {
    std::vector<Term> only_rec, only_game;
    auto less = [](const Term& a, const Term& b) { return gdl::standard_order_less(a, b); };
    std::set_difference(recorded.begin(), recorded.end(), game.begin(), game.end(), std::back_inserter(only_rec), less);
    std::set_difference(game.begin(), game.end(), recorded.begin(), recorded.end(), std::back_inserter(only_game), less);
    std::string s;
    if (!only_rec.empty()) s += "recorded but not the game's: " + kif_items(only_rec, 6);
    if (!only_game.empty()) s += std::string(s.empty() ? "" : "; ") + "the game's but not recorded: " + kif_items(only_game, 6);
    return s;
}

// The role index a record's role key names ("#i": the i-th in role order, or the i-th of the
// record's own `roles`).
std::size_t resolve_role(const std::string& key, const MatchRecord& rec, const std::vector<std::string>& roles,
                         const gdl::Location& loc) {
    std::string name = key;
    if (rec.format == RecordFormat::Json && !key.empty() && key[0] == '#') {  // the reader's own keys
        std::size_t i = std::stoul(key.substr(1));
        if (rec.roles.empty()) {
            if (i >= roles.size())
                fail_at(loc, "entry " + std::to_string(i + 1) + " of a list in role order, but the game has " +
                                 std::to_string(roles.size()) + " roles (" + role_list(roles) + ")");
            return i;
        }
        if (i >= rec.roles.size())
            fail_at(loc, "entry " + std::to_string(i + 1) + " of a list in role order, but the record names " +
                             std::to_string(rec.roles.size()) + " roles");
        name = rec.roles[i];
    }
    auto it = std::find(roles.begin(), roles.end(), name);
    if (it == roles.end())
        fail_at(loc, "the record names the role " + gdl::kif_symbol(name) + ", which the game does not have (roles: " +
                         role_list(roles) + ")");
    return static_cast<std::size_t>(it - roles.begin());
}

// Per role (role order): the recorded terms of a RoleTerms, roles it does not list empty.
std::vector<std::vector<Term>> by_role(const RoleTerms& rt, const MatchRecord& rec, const std::vector<std::string>& roles,
                                       const gdl::Location& loc, std::vector<bool>* listed = nullptr) {
    std::vector<std::vector<Term>> out(roles.size());
    if (listed) listed->assign(roles.size(), false);
    for (const auto& [key, terms] : rt) {
        std::size_t i = resolve_role(key, rec, roles, terms.empty() ? loc : terms.front().loc);
        for (const auto& t : terms) out[i].push_back(t.term);
        if (listed) (*listed)[i] = true;
    }
    for (auto& v : out) v = as_set(std::move(v));
    return out;
}

std::string fold_role_name(const std::string& r) {
    if (!r.empty() && (r[0] == '|' || r[0] == '"')) return r;
    std::string s = r;
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

class Replayer {
public:
    Replayer(const Game& g, const MatchRecord& rec, ReplayOutcome& out) : g_(g), rec_(rec), out_(out), roles_(g.analysis.roles) {}

    // Runs the replay; false at the first deviation (in out_.deviation).
    bool run(Forward& fwd) {
        if (!rec_.roles.empty()) {
            for (const auto& r : rec_.roles)
                if (std::find(roles_.begin(), roles_.end(), r) == roles_.end())
                    fail_at(rec_.roles_loc, "the record's roles (" + role_list(rec_.roles) + ") are not the game's (" +
                                                role_list(roles_) + ")");
            if (rec_.roles.size() != roles_.size())
                fail_at(rec_.roles_loc, "the record's roles (" + role_list(rec_.roles) + ") are not the game's (" +
                                            role_list(roles_) + ")");
        }
        fwd.restart();
        const std::size_t n = rec_.steps.size();
        for (std::size_t k = 0; k < n; ++k) {
            const RecordedStep& st = rec_.steps[k];
            const std::size_t number = k + 1;
            if (st.state) {
                auto recorded = as_set(terms_of(*st.state));
                auto game = as_set(fwd.fluents());
                if (recorded != game) {
                    std::string after = k == 0 ? std::string("the initial state")
                                               : "the state after the joint move of step " + std::to_string(k) + " (" +
                                                     joint_text(played_.back().moves) + ")";
                    return deviate(number, "", "", "state", kif_items(recorded, 1000), kif_items(game, 1000),
                                   st.state->empty() ? st.loc : st.state->front().loc,
                                   "the recorded state is not " + after + ": " + set_difference(recorded, game));
                }
                ++out_.states_checked;
            }
            if (st.moves.empty()) {
                if (k + 1 < n)
                    fail_at(st.moves_loc, "step " + std::to_string(number) +
                                              " has no joint move, but the record goes on to step " + std::to_string(number + 1) +
                                              " (only the last step of a record is without moves)");
                break;
            }
            // The joint move, in role order: every role's move, each once.
            std::vector<const RecordedTerm*> joint(roles_.size(), nullptr);
            for (const auto& m : st.moves) {
                std::size_t i = resolve_role(m.role, rec_, roles_, m.move.loc);
                if (joint[i]) fail_at(m.move.loc, "step " + std::to_string(number) + ": a second move of role " + roles_[i]);
                joint[i] = &m.move;
            }
            for (std::size_t i = 0; i < roles_.size(); ++i)
                if (!joint[i])
                    fail_at(st.moves_loc, "step " + std::to_string(number) + ": no move of role " + gdl::kif_symbol(roles_[i]) +
                                              " in the joint move (a joint move has one move per role: " + role_list(roles_) + ")");
            std::vector<Term> moves;
            for (const auto* m : joint) moves.push_back(m->term);
            if (fwd.terminal()) {
                const gdl::Location& loc = st.moves_loc;
                return deviate(number, "", joint_text(moves), "terminal", "a joint move", "terminal",
                               loc, "the game is over at step " + std::to_string(number) +
                                        " (its state is terminal), but the record goes on with the joint move (" +
                                        joint_text(moves) + ")");
            }
            if (st.terminal)
                return deviate(number, "", "", "terminal", "terminal", "not terminal", st.loc,
                               "the record marks step " + std::to_string(number) + " terminal; the game's state is not");
            std::vector<std::vector<Term>> legal(roles_.size());
            for (std::size_t i = 0; i < roles_.size(); ++i) legal[i] = as_set(fwd.legal(i));
            // Each move legal first (what a record most often gets wrong), then the recorded lists.
            for (std::size_t i = 0; i < roles_.size(); ++i) {
                if (std::binary_search(legal[i].begin(), legal[i].end(), moves[i], gdl::standard_order_less)) {
                    ++out_.moves_checked;
                    continue;
                }
                return deviate(number, roles_[i], moves[i].to_kif(), "move", moves[i].to_kif(), kif_items(legal[i], 12),
                               joint[i]->loc,
                               "the move is not legal; the game's legal moves of " + roles_[i] + ": " +
                                   (legal[i].empty() ? std::string("none") : kif_items(legal[i], 12)));
            }
            if (st.legal) {
                auto recorded = by_role(*st.legal, rec_, roles_, st.loc);
                for (std::size_t i = 0; i < roles_.size(); ++i) {
                    if (recorded[i] == legal[i]) continue;
                    return deviate(number, roles_[i], moves[i].to_kif(), "legal", kif_items(recorded[i], 1000),
                                   kif_items(legal[i], 1000), st.loc,
                                   "the recorded legal moves of " + roles_[i] + " are not the game's: " +
                                       set_difference(recorded[i], legal[i]));
                }
                ++out_.legal_checked;
            }
            if (st.percepts) {
                std::vector<bool> listed;
                auto recorded = by_role(*st.percepts, rec_, roles_, st.loc, &listed);
                for (std::size_t i = 0; i < roles_.size(); ++i) {
                    auto game = as_set(fwd.percepts(i, moves));
                    if (recorded[i] == game) {
                        ++out_.percepts_checked;
                        continue;
                    }
                    const RoleTerms& rt = *st.percepts;
                    gdl::Location loc = st.loc;
                    for (const auto& [key, terms] : rt)
                        if (!terms.empty() && resolve_role(key, rec_, roles_, terms.front().loc) == i) loc = terms.front().loc;
                    return deviate(number, roles_[i], moves[i].to_kif(), "percepts", kif_items(recorded[i], 1000),
                                   kif_items(game, 1000), loc,
                                   "the recorded percepts of " + roles_[i] + " after the joint move (" + joint_text(moves) +
                                       ") are not the game's: " + set_difference(recorded[i], game));
                }
            }
            fwd.play(moves);
            played_.push_back(Step{moves, st.moves_loc});
            ++out_.joint_moves;
        }
        // The end: terminal exactly there, and the goals.
        const RecordedStep& last = rec_.steps.back();
        const bool terminal = fwd.terminal();
        out_.finished = terminal;
        if (rec_.finished) {
            out_.terminal_checked = true;
            if (*rec_.finished != terminal) {
                std::string game = terminal ? "terminal" : "not terminal";
                std::string legal;
                if (!terminal)
                    for (std::size_t i = 0; i < roles_.size(); ++i)
                        legal += "; legal moves of " + roles_[i] + ": " + kif_items(as_set(fwd.legal(i)), 6);
                return deviate(last.number, "", "", "terminal", *rec_.finished ? "terminal" : "not terminal", game,
                               rec_.finished_loc.valid() ? rec_.finished_loc : last.loc,
                               std::string("the record ends the match at step ") + std::to_string(last.number) +
                                   (*rec_.finished ? " as finished (terminal); the game's state there is not terminal" + legal
                                                   : " unfinished (not terminal); the game's state there is terminal"));
            }
        }
        if (rec_.goals) {
            out_.goals_checked = true;
            std::vector<bool> listed;
            auto recorded = by_role(*rec_.goals, rec_, roles_, rec_.goals_loc, &listed);
            std::vector<std::vector<Term>> game(roles_.size());
            for (const auto& [role, v] : fwd.goals()) {
                auto it = std::find(roles_.begin(), roles_.end(), role);
                if (it != roles_.end()) game[static_cast<std::size_t>(it - roles_.begin())].push_back(v);
            }
            for (std::size_t i = 0; i < roles_.size(); ++i) {
                if (!listed[i]) continue;
                auto gs = as_set(game[i]);
                if (recorded[i] == gs) continue;
                gdl::Location loc = rec_.goals_loc;
                for (const auto& [key, terms] : *rec_.goals)
                    if (!terms.empty() && resolve_role(key, rec_, roles_, terms.front().loc) == i) loc = terms.front().loc;
                return deviate(last.number, roles_[i], "", "goals", kif_items(recorded[i]), kif_items(gs), loc,
                               "the recorded goal value of " + roles_[i] + " is " + kif_items(recorded[i]) +
                                   "; the game's is " + kif_items(gs));
            }
        }
        return true;
    }

    const History& played() const { return played_; }

private:
    const Game& g_;
    const MatchRecord& rec_;
    ReplayOutcome& out_;
    const std::vector<std::string>& roles_;
    History played_;

    static std::string joint_text(const std::vector<Term>& moves) {
        std::string s;
        for (const auto& m : moves) s += (s.empty() ? "" : " ") + m.to_kif();
        return s;
    }

    bool deviate(std::size_t step, const std::string& role, const std::string& move, const std::string& what,
                 const std::string& recorded, const std::string& game, const gdl::Location& loc, const std::string& text) {
        ReplayDeviation d;
        d.step = step;
        d.role = role;
        d.move = move;
        d.what = what;
        d.recorded = recorded;
        d.game = game;
        d.location = loc.valid() ? loc.str() : rec_.path;
        std::string head = "step " + std::to_string(step);
        if (!role.empty()) head += ", role " + gdl::kif_symbol(role);
        if (!move.empty() && !role.empty()) head += ", move " + move;
        d.message = d.location + ": " + head + ": " + text;
        out_.deviation = d;
        (void)g_;
        return false;
    }
};

// "3 states, 2 legal-move lists, 6 moves, the end, the goals (not compared: percepts)".
std::string checked_text(const ReplayOutcome& o) {
    std::vector<std::string> done, absent;
    auto item = [&](std::size_t n, const char* one, const char* many, const char* what) {
        if (n == 0) absent.push_back(what);
        else done.push_back(std::to_string(n) + " " + (n == 1 ? one : many));
    };
    item(o.states_checked, "state", "states", "states");
    item(o.legal_checked, "legal-move list", "legal-move lists", "legal moves");
    item(o.moves_checked, "move", "moves", "moves");
    item(o.percepts_checked, "percept set", "percept sets", "percepts");
    if (o.terminal_checked) done.push_back("the end");
    if (o.goals_checked) done.push_back("the goals");
    std::string s;
    for (const auto& d : done) s += (s.empty() ? "" : ", ") + d;
    if (s.empty()) s = "nothing";
    if (!absent.empty()) {
        s += " (not compared: ";
        for (std::size_t i = 0; i < absent.size(); ++i) s += (i ? ", " : "") + absent[i];
        s += ")";
    }
    return s;
}

}  // namespace

ReplayOutcome replay(const Game& g, const MatchRecord& rec, const ReplayRequest& r) {
    ReplayOutcome out;
    out.record = rec.path;
    out.format = record_format_name(rec.format);
    out.game = rec.game;
    out.roles = g.analysis.roles;
    out.steps = rec.steps.size();
    std::string role;
    if (!r.role.empty()) {
        role = fold_role_name(r.role);
        check_agent_role(g, role);
    }
    pl::Engine& e = prepare_engine(g, r.timeout_seconds);
    std::string fallback;
    const ForwardEngineEntry& entry = choose_forward_engine(g, r.engine, fallback);
    out.engine = entry.name;
    History played;
    {
        auto fwd = entry.make(g, e);
        Replayer rp(g, rec, out);
        rp.run(*fwd);
        played = rp.played();
    }
    if (!role.empty()) {
        out.knowledge_role = role;
        InfosetReport ir = compute_infoset(g, role, played, InfosetDot::None, r.timeout_seconds, true);
        out.knowledge.push_back({0, "1", 1});  // s0 is known: K(R,S,s0) iff S = s0
        for (const auto& s : ir.step_stats) out.knowledge.push_back({s.step, s.developments, s.states});
    }
    return out;
}

ReplayOutcome replay(const Game& g, const ReplayRequest& r) { return replay(g, read_match_record(r.record_path), r); }

int ReplayOutcome::exit_code() const { return deviation ? kExitRefuted : kExitOk; }

std::string ReplayOutcome::text() const {
    std::ostringstream s;
    s << "replay of " << record << " (" << (format == "json" ? "ggp-base match JSON" : "Dresden match trace XML")
      << (game.empty() ? "" : ", game " + game) << "): " << steps << " step" << (steps == 1 ? "" : "s") << ", engine "
      << engine << "\n";
    if (deviation) {
        s << "deviates at step " << deviation->step << " (after " << joint_moves << " joint move"
          << (joint_moves == 1 ? "" : "s") << " replayed; agreed: " << checked_text(*this) << ")\n";
        s << "deviation: " << deviation->message << "\n";
    } else {
        s << "checked: " << checked_text(*this) << "\n";
        s << "clean: every step agrees with the game (" << joint_moves << " joint move" << (joint_moves == 1 ? "" : "s")
          << ", " << (finished ? "ending in a terminal state" : "ending before a terminal state") << ")\n";
    }
    if (!knowledge_role.empty()) {
        s << "what " << knowledge_role << " knew (its information set after each joint move: developments, distinct states):\n";
        for (const auto& k : knowledge)
            s << "  after " << k.after << ": " << k.developments << " development" << (k.developments == "1" ? "" : "s")
              << ", " << k.states << " state" << (k.states == 1 ? "" : "s") << "\n";
    }
    return s.str();
}

std::string ReplayOutcome::json() const {
    using json = nlohmann::ordered_json;
    json o;
    o["record"] = record;
    o["format"] = format;
    if (!game.empty()) o["game"] = game;
    o["engine"] = engine;
    o["roles"] = roles;
    o["steps"] = steps;
    o["joint_moves"] = joint_moves;
    o["clean"] = !deviation.has_value();
    o["finished"] = finished;
    o["checked"] = {{"states", states_checked},     {"legal", legal_checked},      {"moves", moves_checked},
                    {"percepts", percepts_checked}, {"terminal", terminal_checked}, {"goals", goals_checked}};
    if (deviation) {
        const auto& d = *deviation;
        json j;
        j["step"] = d.step;
        if (!d.role.empty()) j["role"] = d.role;
        if (!d.move.empty()) j["move"] = d.move;
        j["what"] = d.what;
        j["recorded"] = d.recorded;
        j["game"] = d.game;
        j["location"] = d.location;
        j["message"] = d.message;
        o["deviation"] = j;
    }
    if (!knowledge_role.empty()) {
        json ks = json::array();
        for (const auto& k : knowledge) ks.push_back({{"after", k.after}, {"developments", k.developments}, {"states", k.states}});
        o["knowledge"] = {{"role", knowledge_role}, {"steps", ks}};
    }
    return o.dump(2) + "\n";
}

}  // namespace gdlsc::query
