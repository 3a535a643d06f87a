// Reading and checking histories of joint moves.
#include "session/history.h"

#include <set>
#include <sstream>

#include "gdl/kif_lexer.h"
#include "prolog/engine.h"
#include "prolog/runtime.h"
#include "base/errors.h"
#include "session/diagnostic_error.h"

namespace gdlsc::query {
namespace {

using gdl::SExpr;

std::string role_list(const std::vector<std::string>& roles) {
    std::string s;
    for (const auto& r : roles) s += (s.empty() ? "" : " ") + gdl::kif_symbol(r);
    return s;
}

[[noreturn]] void fail(const gdl::Location& loc, size_t step, const std::string& msg) {
    std::string where = loc.valid() ? loc.str() + ": " : std::string();
    throw UserError(where + "history step " + std::to_string(step) + ": " + msg);
}

void check_diags(const gdl::Diagnostics& d) { throw_if_errors(d); }

// One step from a list of move s-expressions.
Step make_step(const SExpr& list, const std::vector<SExpr>& items, const std::vector<std::string>& roles,
               size_t index) {
    Step s;
    s.loc = list.loc;
    std::vector<SExpr> moves = items;
    // One role: `(mark 1 1)` is the single move (mark 1 1), `(noop)` the move noop.
    if (roles.size() == 1 && moves.size() > 1 && moves[0].is_symbol()) moves = {list};
    if (moves.size() != roles.size())
        fail(list.loc, index,
             std::to_string(moves.size()) + " move" + (moves.size() == 1 ? "" : "s") + " for " +
                 std::to_string(roles.size()) + " role" + (roles.size() == 1 ? "" : "s") + " (" +
                 role_list(roles) + "); write one move per role, in this order");
    gdl::Diagnostics d;
    for (size_t i = 0; i < moves.size(); ++i) {
        gdl::Term t = gdl::sexpr_term(moves[i], d);
        check_diags(d);
        if (!t.is_ground())
            fail(moves[i].loc, index, "the move " + t.to_kif() + " of role " + gdl::kif_symbol(roles[i]) + " has a variable; moves are ground");
        s.moves.push_back(std::move(t));
    }
    return s;
}

}  // namespace

History parse_history(const std::string& text, const std::vector<std::string>& roles, const std::string& name) {
    auto src = gdl::make_source(name, text);
    gdl::Diagnostics d;
    auto es = gdl::read_sexprs(src, d);
    check_diags(d);
    History h;
    for (const auto& e : es) {
        size_t index = h.size() + 1;
        if (!e.is_list) {
            if (roles.size() == 1) {
                h.push_back(make_step(e, {e}, roles, index));
                continue;
            }
            fail(e.loc, index, "'" + gdl::kif_symbol(e.atom) + "' is not a joint move; write (m1 ... mk), one move per role (" +
                                   role_list(roles) + ")");
        }
        h.push_back(make_step(e, e.items, roles, index));
    }
    return h;
}

History parse_history_file(const std::string& path, const std::vector<std::string>& roles) {
    auto src = gdl::load_source(path);
    History h;
    std::istringstream in(src->text);
    std::string line;
    int lineno = 0;
    while (std::getline(in, line)) {
        ++lineno;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        // A line source keeps the file name and line number in every location.
        std::string padded(static_cast<size_t>(lineno - 1), '\n');
        auto lsrc = gdl::make_source(path, padded + line);
        gdl::Diagnostics d;
        auto es = gdl::read_sexprs(lsrc, d);
        check_diags(d);
        if (es.empty()) continue;
        size_t index = h.size() + 1;
        if (es.size() == 1 && es[0].is_list)
            h.push_back(make_step(es[0], es[0].items, roles, index));
        else {
            SExpr whole;
            whole.is_list = true;
            whole.items = es;
            whole.loc = es[0].loc;
            h.push_back(make_step(whole, es, roles, index));
        }
    }
    return h;
}

gdl::Term situation_term(const History& h) {
    gdl::Term sit = gdl::Term::constant("s0");
    for (const auto& s : h) sit = gdl::Term::compound("do", {gdl::Term::compound("a", s.moves), sit});
    return sit;
}

void fail_terminal(const History& h, std::size_t i) {
    fail(h[i].loc, i + 1,
         "the game is already over (terminal state" + std::string(i == 0 ? " initially" : " after step " + std::to_string(i)) +
             "): no more moves");
}

void fail_illegal(const History& h, std::size_t i, std::size_t r, const std::string& role,
                  const std::vector<std::string>& legal) {
    const Step& s = h[i];
    std::set<std::string> ms(legal.begin(), legal.end());
    std::string list;
    size_t shown = 0;
    for (const auto& m : ms) {
        if (shown++ == 8) {
            list += " ...";
            break;
        }
        list += (list.empty() ? "" : " ") + m;
    }
    fail(r < s.moves.size() ? s.moves[r].loc : s.loc, i + 1,
         "move " + s.moves.at(r).to_kif() + " of role " + gdl::kif_symbol(role) + " is not legal" +
             (ms.empty() ? " (the role has no legal move)" : " (legal: " + list + ")"));
}

gdl::Term check_history(pl::Engine& engine, const History& h) {
    gdl::Term sit = gdl::Term::constant("s0");
    for (size_t i = 0; i < h.size(); ++i) {
        const Step& s = h[i];
        gdl::Term joint = gdl::Term::compound("a", s.moves);
        if (auto err = pl::runtime::step_error(engine, sit, joint)) {
            const gdl::Term& e = *err;
            if (e.name == "terminal") fail_terminal(h, i);
            if (e.name == "illegal" && e.args.size() == 3) {
                size_t r = std::stoul(e.args[0].name) - 1;
                const std::string& role = e.args[1].name;
                // The legal moves, to say what would have been possible.
                auto legal = pl::runtime::eval(
                    engine, gdl::Term::compound("legal", {gdl::Term::constant(role), gdl::Term::variable("m")}), sit);
                std::vector<std::string> ms;
                for (auto& b : legal) ms.push_back(b.at("m").to_kif());
                fail_illegal(h, i, r, role, ms);
            }
            fail(s.loc, i + 1, "the joint move does not fit the game (" + e.to_kif() + ")");
        }
        sit = gdl::Term::compound("do", {joint, sit});
    }
    return sit;
}

}  // namespace gdlsc::query
