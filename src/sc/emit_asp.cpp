// The game as a clingo program (emit_asp.h; doc/translation.md, "ASP").
//
// Time encoding (games without knows): a state-dependent relation p gains the time point as
// its last argument, p(..., T); derived fluents are guarded by gdl_time(T) (T is a state of
// the match), action predicates (next, sees, whatever depends on does) by gdl_moved(T) (a
// joint move is made at T). The match ends at the first terminal time point or at the
// horizon:
//
//   gdl_time(0).  gdl_moved(T) :- gdl_time(T), T < horizon, not terminal(T).
//   gdl_time(T+1) :- gdl_moved(T).   true(F,0) :- init(F).   true(F,T+1) :- next(F,T).
//   1 { does(R,M,T) : legal(R,M,T) } 1 :- role(R), gdl_moved(T), not gdl_fixed(T).
//
// Staged encoding (games without knows, chosen when the history fixes every joint move up to
// the horizon, or asked for): the time is written into the names, p_d(...) for p(...,d), and
// the rules are copied once per time point d = 0..horizon, so that every predicate of time d
// depends only on predicates of times up to d and on its own component: the program is
// stratified step by step, and with every move fixed gringo computes the whole match while
// grounding. (In the time encoding true/2, next/2 and the relations between them are one
// recursive component through negation, and gringo over-approximates the states instead:
// on chess, millions of ground rules for two joint moves.) Rules of our own:
//
//   gdl_time_0.  true_0(F) :- init(F).  gdl_moved_d :- gdl_time_d, not terminal_d.
//   does_d(r,m).  (fixed)   or   1 { does_d(R,M) : legal_d(R,M) } 1 :- role(R), gdl_moved_d.
//   true_{d+1}(F) :- next_d(F).  gdl_time_{d+1} :- gdl_moved_d.
//   true(F,d) :- true_d(F).  (likewise legal, terminal, goal, does, sees: the time encoding's #show)
//
// and demand: a derived relation every call binds in some arguments is computed for the
// bindings asked for only, through gdl_need_p_d (magic sets; see analyse_demand).
//
// Sequence encoding (GDL-III; Thielscher 2016): every development is a term, s0 or
// do(m(M1,...,Mk), S), and every state-dependent relation p at time d is written p_d(..., S)
// -- the paper's time argument in the name, so that the program is stratified by predicate
// and gringo computes its unique answer set while grounding (with one predicate for all
// times, knowledge at time d -- negation -- would sit in one component with the developments
// of time d+1, and only the solver could untangle it). Knowledge: gdl_ind_d(R,S1,S2) holds for
// the developments R cannot tell apart (same own moves, same percepts), and
//
//   k(R,X,S) :- P(X,S), not nk(R,X,S).   nk(R,X,S) :- P(X,S), gdl_ind_d(R,S,S2), not P(X,S2).
//
// per occurrence of (knows R P); common knowledge the same over gdl_reach_d, the transitive
// closure of every agent's gdl_ind_d.
#include "sc/emit_asp.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <set>
#include <sstream>

namespace gdlsc::sc {
namespace {

using gdl::Literal;
using gdl::PredicateClass;
using gdl::Term;

bool ascii_lower(char c) { return c >= 'a' && c <= 'z'; }
bool ascii_alnum(char c) { return ascii_lower(c) || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// A clingo identifier we may give to a game symbol: [a-z][A-Za-z0-9_]*, not the keyword
// `not`, not in our name space gdl_*.
bool identifier(const std::string& n) {
    if (n.empty() || !ascii_lower(n[0])) return false;
    for (char c : n)
        if (!ascii_alnum(c) && c != '_') return false;
    return n != "not" && n.rfind("gdl_", 0) != 0;
}

// A relation name we may use as a predicate: an identifier that does not end in _<digits>,
// the form of our per-time names (cell_3) in the sequence encoding.
bool relation_identifier(const std::string& n) {
    if (!identifier(n)) return false;
    size_t i = n.size();
    while (i > 0 && n[i - 1] >= '0' && n[i - 1] <= '9') --i;
    return !(i < n.size() && i > 0 && n[i - 1] == '_');
}

bool small_integer(const std::string& n) {
    if (n.empty() || n.size() > 9) return false;
    for (char c : n)
        if (c < '0' || c > '9') return false;
    return n == "0" || n[0] != '0';
}

std::string quoted(const std::string& n) {
    std::string out = "\"";
    for (char c : n) {
        if (c == '"' || c == '\\') out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
    return out + "\"";
}

std::string term(const Term& t) {
    if (t.is_variable()) return asp_variable(t.name);
    if (t.is_constant()) return asp_constant(t.name);
    std::string s = identifier(t.name) ? t.name + "(" : "gdl_f(" + quoted(t.name) + ",";
    for (size_t i = 0; i < t.args.size(); ++i) s += (i ? "," : "") + term(t.args[i]);
    return s + ")";
}

std::string one_line(std::string s) {
    for (char& c : s)
        if (c == '\n' || c == '\r') c = ' ';
    return s;
}

enum class Mode { Time, Staged, Sequences };

class Emitter {
public:
    Emitter(const gdl::Program& p, const gdl::Analysis& a, const AspOptions& o, gdl::Diagnostics& d)
        : p_(p), a_(a), o_(o), diags_(d), mode_(choose(a, o)) {}

    static Mode choose(const gdl::Analysis& a, const AspOptions& o) {
        switch (o.encoding) {
            case AspEncoding::Sequences: return Mode::Sequences;
            case AspEncoding::Time: return a.epistemic ? Mode::Sequences : Mode::Time;
            case AspEncoding::Staged: return a.epistemic ? Mode::Sequences : Mode::Staged;
            case AspEncoding::Automatic: break;
        }
        if (a.epistemic) return Mode::Sequences;
        const bool fixed = !o.history.empty() && static_cast<int>(o.history.size()) == o.horizon;
        return fixed ? Mode::Staged : Mode::Time;
    }

    std::string run() {
        header();
        if (mode_ == Mode::Time) time_program();
        else if (mode_ == Mode::Staged) staged_program();
        else sequence_program();
        // Relations a body mentions that no rule defines (clingo would warn about each).
        std::set<std::string> undefined;
        for (const auto& u : used_)
            if (!defined_.count(u)) undefined.insert(u);
        if (!undefined.empty()) {
            out_ << "\n% Relations without rules (false everywhere).\n";
            for (const auto& u : undefined) out_ << "#defined " << u << ".\n";
        }
        return diags_.has_errors() ? std::string() : out_.str();
    }

private:
    struct Context {
        std::string state = "T";  ///< the time (time), the development (sequences), or none (staged)
        std::string succ = "T";   ///< where moves and action predicates live: T, the successor C, or none
        int depth = 0;            ///< staged, sequences: the time point, part of every state-dependent name
    };

    PredicateClass cls(const Term& t) const { return gdl::engine_class(a_, gdl::signature(t)); }

    // A predicate name at the context's depth (staged, sequences) or as it is (time).
    std::string at(const std::string& name, const Context& c) const {
        return mode_ == Mode::Time ? name : name + "_" + std::to_string(c.depth);
    }

    static void add(std::vector<std::string>& args, const std::string& x) {
        if (!x.empty()) args.push_back(x);
    }

    std::string predicate(const std::string& name, std::vector<std::string> args, bool head) {
        (head ? defined_ : used_).insert(name + "/" + std::to_string(args.size()));
        std::string s = name;
        if (!args.empty()) {
            s += "(";
            for (size_t i = 0; i < args.size(); ++i) s += (i ? "," : "") + args[i];
            s += ")";
        }
        return s;
    }

    // A relational atom of the game (not knows) in context `c`.
    std::string atom(const Term& t, const Context& c, bool head = false) {
        std::vector<std::string> args;
        std::string name = t.name;
        if (!gdl::is_keyword(t.name) && !relation_identifier(t.name)) {
            args.push_back(quoted(t.name));
            name = "gdl_rel";
        }
        for (const auto& x : t.args) args.push_back(term(x));
        if (t.name == "true" && t.args.size() == 1) {
            add(args, c.state);
            return predicate(at("true", c), args, head);
        }
        if (t.name == "does" && t.args.size() == 2) {
            add(args, c.succ);
            return predicate(at("does", c), args, head);
        }
        switch (cls(t)) {
            case PredicateClass::Static: return predicate(name, args, head);
            case PredicateClass::DerivedFluent: add(args, c.state); return predicate(at(name, c), args, head);
            case PredicateClass::ActionPredicate: add(args, c.succ); return predicate(at(name, c), args, head);
        }
        return "";
    }

    // (knows R P) / (knows P) at the context's depth: an auxiliary relation over the
    // variables of P, defined once per occurrence (written to knowledge_).
    std::string knows(const Term& t, const Literal& l, const Context& c) {
        const Term& p = t.args.back();
        if (p.is_variable() || (t.args.size() == 2 && !t.args[0].is_variable() && !t.args[0].is_constant())) {
            diags_.error(l.loc, "translate --format asp: knows needs a relation as its last argument and a role "
                                "(or a variable) as its first");
            return "false";
        }
        std::vector<std::string> names;
        p.collect_variables(names);
        std::string xs;
        for (const auto& v : names) xs += asp_variable(v) + ",";
        std::string d = std::to_string(c.depth);
        std::string j = std::to_string(++knows_count_);
        Context s{"S", "S", c.depth}, s2{"S2", "S2", c.depth};
        std::string ps = atom(p, s), ps2 = atom(p, s2);
        std::string seq = "gdl_seq_" + d + "(S)";
        knowledge_ << "% " << one_line(t.to_kif()) << " at time " << d << "\n";
        if (t.args.size() == 2) {
            std::string k = "gdl_knows" + j + "_" + d, nk = "gdl_not_knows" + j + "_" + d;
            knowledge_ << k << "(R," << xs << "S) :- gdl_agent(R), " << seq << ", " << ps << ", not " << nk << "(R,"
                       << xs << "S).\n"
                       << nk << "(R," << xs << "S) :- gdl_agent(R), " << seq << ", " << ps << ", gdl_ind_" << d
                       << "(R,S,S2), not " << ps2 << ".\n";
            return k + "(" + term(t.args[0]) + "," + xs + c.state + ")";
        }
        std::string k = "gdl_common" + j + "_" + d, nk = "gdl_not_common" + j + "_" + d;
        knowledge_ << k << "(" << xs << "S) :- " << seq << ", " << ps << ", not " << nk << "(" << xs << "S).\n"
                   << nk << "(" << xs << "S) :- " << seq << ", " << ps << ", gdl_reach_" << d << "(S,S2), not "
                   << ps2 << ".\n";
        return k + "(" + xs + c.state + ")";
    }

    std::string positive(const Literal& l, const Context& c) {
        const Term& t = l.atom;
        if (t.name == "knows" && (t.args.size() == 1 || t.args.size() == 2)) {
            if (mode_ != Mode::Sequences) return "false";  // not reached: knows selects the sequence encoding
            return knows(t, l, c);
        }
        return atom(t, c);
    }

    // A literal of a body alternative: an atom or its negation (the Literal, for knows and its
    // location), or A != B / A = B.
    struct Flat {
        enum class Kind { Pos, Neg, Neq, Eq } kind;
        const Literal* lit;
    };
    using Alternatives = std::vector<std::vector<Flat>>;

    static Alternatives product(const Alternatives& a, const Alternatives& b) {
        Alternatives out;
        for (const auto& x : a)
            for (const auto& y : b) {
                auto z = x;
                z.insert(z.end(), y.begin(), y.end());
                out.push_back(std::move(z));
            }
        return out;
    }

    // The negation of `l` as alternatives: `not` of an atom, `=` for (not (distinct ..)), De
    // Morgan through (not (or ...)) and (not (and ...)), double negation cancelled.
    static Alternatives negated(const Literal& l) {
        switch (l.kind) {
            case Literal::Kind::Atom: return {{{Flat::Kind::Neg, &l}}};
            case Literal::Kind::Distinct: return {{{Flat::Kind::Eq, &l}}};
            case Literal::Kind::Not: return flat(l.sub);
            case Literal::Kind::Or: {  // every disjunct false
                Alternatives alts = {{}};
                for (const auto& d : l.sub) alts = product(alts, negated(d));
                return alts;
            }
            case Literal::Kind::And: {  // some conjunct false
                Alternatives alts;
                for (const auto& d : l.sub) {
                    auto n = negated(d);
                    alts.insert(alts.end(), n.begin(), n.end());
                }
                return alts;
            }
        }
        return {};
    }

    // One literal as alternatives (each disjunction distributed). The Flat point into the rule.
    static Alternatives one(const Literal& l) {
        switch (l.kind) {
            case Literal::Kind::Atom: return {{{Flat::Kind::Pos, &l}}};
            case Literal::Kind::Distinct: return {{{Flat::Kind::Neq, &l}}};
            case Literal::Kind::Not: return negated(l.sub.at(0));
            case Literal::Kind::And: return flat(l.sub);
            case Literal::Kind::Or: {
                Alternatives options;
                for (const auto& d : l.sub) {
                    auto sub = one(d);
                    options.insert(options.end(), sub.begin(), sub.end());
                }
                return options;
            }
        }
        return {};
    }

    // A body as alternatives.
    static Alternatives flat(const std::vector<Literal>& lits) {
        Alternatives alts = {{}};
        for (const auto& l : lits) alts = product(alts, one(l));
        return alts;
    }

    std::string render(const Flat& f, const Context& c) {
        const Term& t = f.lit->atom;
        switch (f.kind) {
            case Flat::Kind::Pos: return positive(*f.lit, c);
            case Flat::Kind::Neg: return "not " + positive(*f.lit, c);
            case Flat::Kind::Neq: return term(t.args.at(0)) + " != " + term(t.args.at(1));
            case Flat::Kind::Eq: return term(t.args.at(0)) + " = " + term(t.args.at(1));
        }
        return "";
    }

    // ---- demand (staged encoding): a derived relation that every rule calls with some
    // arguments bound (by the caller's bound head arguments and the positive literals before
    // the call, or all of them for a negative call) is computed for the demanded bindings only:
    // its rules are guarded by gdl_need_p_d(bound arguments), and every call adds the bindings
    // it needs (the magic sets of deductive databases). Chess's 7-ary threatened_with_capture,
    // for instance, is asked about for the legal moves' squares alone instead of 8^7 tuples.

    static std::set<std::string> variables(const Term& t) {
        std::vector<std::string> v;
        t.collect_variables(v);
        return {v.begin(), v.end()};
    }

    static bool covered(const Term& t, const std::set<std::string>& bound) {
        for (const auto& v : variables(t))
            if (!bound.count(v)) return false;
        return true;
    }

    bool demandable(const Term& t) const {
        return !gdl::is_keyword(t.name) && cls(t) != PredicateClass::Static && demand_.count(gdl::signature(t));
    }

    // The variables bound before literal i of `alt` (the head's bound arguments, then the
    // positive literals before it, or every other positive one when i is negative).
    std::set<std::string> bound_at(const gdl::Rule& r, const std::vector<Flat>& alt, size_t i) const {
        std::set<std::string> b;
        if (auto it = demand_.find(gdl::signature(r.head)); it != demand_.end() && !gdl::is_keyword(r.head.name))
            for (size_t k = 0; k < r.head.args.size(); ++k)
                if (it->second[k])
                    for (const auto& v : variables(r.head.args[k])) b.insert(v);
        for (size_t j = 0; j < alt.size(); ++j) {
            if (j == i || alt[j].kind != Flat::Kind::Pos) continue;
            if (j > i && alt[i].kind == Flat::Kind::Pos) break;
            for (const auto& v : variables(alt[j].lit->atom)) b.insert(v);
        }
        return b;
    }

    void analyse_demand() {
        // every non-static relation other than the keywords, called somewhere: all arguments
        // bound to start with, then narrowed to what every call binds (a greatest fixpoint)
        std::vector<std::pair<const gdl::Rule*, Alternatives>> bodies;
        for (const auto& r : p_.rules)
            if (cls(r.head) != PredicateClass::Static) bodies.push_back({&r, flat(r.body)});
        for (const auto& [r, alts] : bodies)
            for (const auto& alt : alts)
                for (const auto& f : alt)
                    if ((f.kind == Flat::Kind::Pos || f.kind == Flat::Kind::Neg) && !gdl::is_keyword(f.lit->atom.name) &&
                        cls(f.lit->atom) != PredicateClass::Static && f.lit->atom.name != "knows")
                        demand_[gdl::signature(f.lit->atom)].assign(f.lit->atom.args.size(), true);
        for (bool changed = true; changed;) {
            changed = false;
            for (const auto& [r, alts] : bodies)
                for (const auto& alt : alts)
                    for (size_t i = 0; i < alt.size(); ++i) {
                        const Term& t = alt[i].lit->atom;
                        if (alt[i].kind != Flat::Kind::Pos && alt[i].kind != Flat::Kind::Neg) continue;
                        auto it = demand_.find(gdl::signature(t));
                        if (it == demand_.end()) continue;
                        const auto b = bound_at(*r, alt, i);
                        for (size_t k = 0; k < t.args.size(); ++k)
                            if (it->second[k] && !covered(t.args[k], b)) it->second[k] = false, changed = true;
                    }
        }
        for (auto it = demand_.begin(); it != demand_.end();)
            if (std::find(it->second.begin(), it->second.end(), true) == it->second.end()) it = demand_.erase(it);
            else ++it;
        std::map<std::string, int> names;
        for (const auto& [sig, _] : demand_) ++names[sig.name];
        int j = 0;
        for (const auto& [sig, _] : demand_)
            need_name_[sig] = relation_identifier(sig.name) && names[sig.name] == 1 ? "gdl_need_" + sig.name
                                                                                   : "gdl_need" + std::to_string(++j);
    }

    // gdl_need_p_d(the bound arguments of t).
    std::string need(const Term& t, const Context& c, bool head) {
        const auto& bound = demand_.at(gdl::signature(t));
        std::vector<std::string> args;
        for (size_t k = 0; k < t.args.size(); ++k)
            if (bound[k]) args.push_back(term(t.args[k]));
        return predicate(need_name_.at(gdl::signature(t)) + "_" + std::to_string(c.depth), args, head);
    }

    // One rule of the game: its KIF as a comment, then one ASP rule per alternative of its body.
    // (With demand: the rule guarded by its head's gdl_need, and one gdl_need rule per demanded call.)
    void rule(const gdl::Rule& r, const Context& c, const std::string& guard) {
        std::string head = atom(r.head, c, true);
        const Alternatives alts = flat(r.body);
        if (!r.is_fact() || cls(r.head) != PredicateClass::Static) {  // a static fact reads the same in ASP
            out_ << "% " << one_line(r.to_kif());
            if (alts.size() > 1) out_ << "   (or: " << alts.size() << " rules)";
            out_ << "\n";
        }
        std::vector<std::string> before;
        if (!guard.empty()) before.push_back(guard);
        if (demandable(r.head)) before.push_back(need(r.head, c, false));
        std::set<std::string> needs;
        for (const auto& alt : alts) {
            std::vector<std::string> lits = before;
            for (const auto& f : alt) lits.push_back(render(f, c));
            out_ << head;
            for (size_t i = 0; i < lits.size(); ++i) out_ << (i ? ", " : " :- ") << lits[i];
            out_ << ".\n";
            for (size_t i = 0; i < alt.size(); ++i) {
                if ((alt[i].kind != Flat::Kind::Pos && alt[i].kind != Flat::Kind::Neg) ||
                    !demandable(alt[i].lit->atom))
                    continue;
                const auto b = bound_at(r, alt, i);
                std::vector<std::string> body = before;
                for (size_t j = 0; j < alt.size(); ++j) {
                    if (j == i) continue;
                    const bool pos = alt[j].kind == Flat::Kind::Pos;
                    if (pos && j > i && alt[i].kind == Flat::Kind::Pos) break;
                    if (pos || ((alt[j].kind == Flat::Kind::Neq || alt[j].kind == Flat::Kind::Eq) &&
                                covered(alt[j].lit->atom, b)))
                        body.push_back(render(alt[j], c));
                }
                std::string n = need(alt[i].lit->atom, c, true);
                for (size_t k = 0; k < body.size(); ++k) n += (k ? ", " : " :- ") + body[k];
                needs.insert(n + ".");
            }
        }
        for (const auto& n : needs)
            if (needs_written_.insert(n).second) out_ << n << "\n";  // each once
    }

    template <typename Pred>
    void rules(const Context& c, const std::string& guard, Pred keep) {
        for (const auto& r : p_.rules)
            if (keep(cls(r.head))) rule(r, c, guard);
    }

    std::string joint(const std::vector<gdl::Term>& moves) {
        std::string s = "m(";
        for (size_t i = 0; i < moves.size(); ++i) s += (i ? "," : "") + term(moves[i]);
        return s + ")";
    }

    void header() {
        out_ << "% " << one_line(o_.source_name.empty() ? "game" : o_.source_name)
             << " as an answer set program for clingo (gdlsc translate --format asp; doc/translation.md, \"ASP\").\n"
             << "% Symbols: a lower-case identifier stays itself, a decimal integer below 10^9 a number, any other\n"
             << "% symbol a string \"...\"; a function with another name is gdl_f(\"name\",...), a relation\n"
             << "% gdl_rel(\"name\",...); game variables ?x are Vx. Every predicate of our own starts with gdl_.\n";
    }

    void history_comment() {
        if (o_.history.empty()) return;
        out_ << "% History: " << o_.history.size() << " joint move(s) fixed";
        out_ << ", then " << (o_.horizon - static_cast<int>(o_.history.size())) << " chosen.\n";
    }

    void time_program() {
        const int k = static_cast<int>(o_.history.size());
        out_ << "% Encoding: time. Every state-dependent relation has the time point T as its last argument;\n"
             << "% sees(R,P,T) and next(F,T) are the effects of the joint move made at T (told, resp. true, at T+1).\n";
        history_comment();
        out_ << "#const horizon = " << o_.horizon << ".\n\n"
             << "% ---- time: the match goes on until a terminal state or the horizon\n"
             << "gdl_time(0).\n"
             << "gdl_moved(T) :- gdl_time(T), T < horizon, not terminal(T).\n"
             << "gdl_time(T+1) :- gdl_moved(T).\n";
        used_.insert("terminal/1");
        Context c;
        out_ << "\n% ---- roles and static relations\n";
        rules(c, "", [](PredicateClass x) { return x == PredicateClass::Static; });
        out_ << "\n% ---- the initial state, and the state after each joint move\n"
             << "true(F,0) :- init(F).\n"
             << "true(F,T+1) :- next(F,T).\n";
        used_.insert("init/1");
        used_.insert("next/2");
        defined_.insert("true/2");
        out_ << "\n% ---- relations of the state at time T\n";
        rules(c, "gdl_time(T)", [](PredicateClass x) { return x == PredicateClass::DerivedFluent; });
        out_ << "\n% ---- relations of the joint move made at time T\n";
        rules(c, "gdl_moved(T)", [](PredicateClass x) { return x == PredicateClass::ActionPredicate; });
        out_ << "\n% ---- moves: one legal move per role (random too) at every time a move is made\n"
             << "1 { does(R,M,T) : legal(R,M,T) } 1 :- role(R), gdl_moved(T), not gdl_fixed(T).\n"
             << ":- does(R,M,T), not legal(R,M,T).\n";
        used_.insert("legal/3");
        used_.insert("role/1");
        defined_.insert("does/3");
        if (k > 0) {
            out_ << "\n% ---- the history (--history): these joint moves are made\n";
            for (int i = 0; i < k; ++i) {
                out_ << "gdl_fixed(" << i << ").";
                for (size_t r = 0; r < a_.roles.size() && r < o_.history[i].size(); ++r)
                    out_ << " does(" << asp_constant(a_.roles[r]) << "," << term(o_.history[i][r]) << "," << i << ").";
                out_ << "\n";
            }
            out_ << ":- gdl_fixed(T), not gdl_moved(T).\n";
        } else {
            out_ << "#defined gdl_fixed/1.\n";
        }
        show();
        for (const char* s : {"sees/3", "goal/3"}) used_.insert(s);
    }

    // The time encoding's relations, from the staged or sequence encoding's per-time ones, shown.
    void show() {
        out_ << "\n#show true/2.\n#show does/3.\n#show legal/3.\n#show sees/3.\n#show terminal/1.\n#show goal/3.\n";
    }

    void staged_program() {
        const int n = o_.horizon, k = static_cast<int>(o_.history.size());
        out_ << "% Encoding: staged. The time is in the names: p_d(...) is p(...) at time d (d joint moves made), the\n"
             << "% rules once per time point, so that the program is stratified step by step; sees_d(R,P) and next_d(F)\n"
             << "% are the effects of the joint move made at d (told, resp. true, at d+1). At the end, true(F,d) :-\n"
             << "% true_d(F) and the like give what holds in the form of the time encoding.\n";
        history_comment();
        analyse_demand();
        if (!demand_.empty())
            out_ << "% Demand: gdl_need_p_d(X) says which bindings X of p's bound arguments the rules ask about at d;\n"
                 << "% p is computed for those alone.\n";
        out_ << "\n% ---- roles and static relations\n";
        rules(Context{"", "", 0}, "", [](PredicateClass x) { return x == PredicateClass::Static; });
        used_.insert("role/1");
        used_.insert("init/1");
        for (int d = 0; d <= n; ++d) {
            const std::string D = std::to_string(d), N = std::to_string(d + 1);
            const Context c{"", "", d};
            out_ << "\n% ---- time " << D << (d == n ? " (the horizon)" : "") << "\n";
            if (d == 0) out_ << "gdl_time_0.\ntrue_0(F) :- init(F).\n";
            defined_.insert("true_" + D + "/1");
            rules(c, "gdl_time_" + D, [](PredicateClass x) { return x == PredicateClass::DerivedFluent; });
            used_.insert("terminal_" + D + "/0");
            used_.insert("legal_" + D + "/2");
            used_.insert("goal_" + D + "/2");
            if (d == n) break;
            out_ << "% the joint move made at time " << D << "\n"
                 << "gdl_moved_" << D << " :- gdl_time_" << D << ", not terminal_" << D << ".\n";
            if (d < k) {
                for (size_t r = 0; r < a_.roles.size() && r < o_.history[d].size(); ++r)
                    out_ << (r ? " " : "") << "does_" << D << "(" << asp_constant(a_.roles[r]) << ","
                         << term(o_.history[d][r]) << ").";
                out_ << "   % the history\n:- not gdl_moved_" << D << ".\n";
            } else {
                out_ << "1 { does_" << D << "(R,M) : legal_" << D << "(R,M) } 1 :- role(R), gdl_moved_" << D << ".\n";
            }
            out_ << ":- does_" << D << "(R,M), not legal_" << D << "(R,M).\n";
            defined_.insert("does_" + D + "/2");
            rules(c, "gdl_moved_" + D, [](PredicateClass x) { return x == PredicateClass::ActionPredicate; });
            out_ << "gdl_time_" << N << " :- gdl_moved_" << D << ".\n"
                 << "true_" << N << "(F) :- next_" << D << "(F).\n";
            used_.insert("next_" + D + "/1");
            used_.insert("sees_" + D + "/2");
        }
        out_ << "\n% ---- what holds at each time point, with the time as an argument\n";
        for (int d = 0; d <= n; ++d) {
            const std::string D = std::to_string(d);
            out_ << "true(F," << D << ") :- true_" << D << "(F).  legal(R,M," << D << ") :- legal_" << D
                 << "(R,M).  terminal(" << D << ") :- terminal_" << D << ".  goal(R,V," << D << ") :- goal_" << D
                 << "(R,V).\n";
            if (d < n)
                out_ << "does(R,M," << D << ") :- does_" << D << "(R,M).  sees(R,P," << D << ") :- sees_" << D
                     << "(R,P).\n";
        }
        show();
    }

    void sequence_program() {
        const int n = o_.horizon;
        std::string roles = "gdl_agent(R) :- role(R), R != random.\n";
        out_ << "% Encoding: sequences (Thielscher 2016, GDL-III). Every development is a term, s0 or\n"
             << "% do(m(M1,...,Mk),S) with one move per role in role order; a state-dependent relation p at time d\n"
             << "% is p_d(...,S), S a development of d joint moves (sees_d, next_d, does_d: S the development after the\n"
             << "% move at d). gdl_ind_d(R,S1,S2): R cannot tell S1 from S2 (same own moves, same percepts).\n";
        history_comment();
        out_ << "% Every development up to time " << n << " (the horizon) is in the one answer set.\n\n";
        out_ << "% ---- roles and static relations\n" << roles;
        used_.insert("role/1");
        defined_.insert("gdl_agent/1");
        Context c0{"S", "C", 0};
        rules(c0, "", [](PredicateClass x) { return x == PredicateClass::Static; });
        out_ << "\n% ---- time 0\n"
             << "gdl_seq_0(s0).\n"
             << "true_0(F,s0) :- init(F).\n"
             << "gdl_ind_0(R,s0,s0) :- gdl_agent(R).\n";
        used_.insert("init/1");
        defined_.insert("true_0/2");
        for (int d = 0; d <= n; ++d) {
            std::string D = std::to_string(d), N = std::to_string(d + 1);
            Context c{"S", "C", d};
            if (d > 0) out_ << "\n% ---- time " << D << "\n";
            rules(c, "gdl_seq_" + D + "(S)", [](PredicateClass x) { return x == PredicateClass::DerivedFluent; });
            out_ << knowledge_.str();
            knowledge_.str("");
            out_ << "gdl_reach_" << D << "(S1,S2) :- gdl_ind_" << D << "(R,S1,S2).\n"
                 << "gdl_reach_" << D << "(S1,S3) :- gdl_reach_" << D << "(S1,S2), gdl_ind_" << D << "(R,S2,S3).\n";
            used_.insert("terminal_" + D + "/1");
            used_.insert("legal_" + D + "/3");
            used_.insert("goal_" + D + "/3");
            if (d == n) break;
            std::string ms, legal;
            for (size_t i = 0; i < a_.roles.size(); ++i) {
                std::string m = "M" + std::to_string(i);
                ms += (i ? "," : "") + m;
                legal += ", legal_" + D + "(" + asp_constant(a_.roles[i]) + "," + m + ",S)";
            }
            out_ << "% the joint moves at time " << D << " and the developments they lead to\n"
                 << "gdl_joint_" << D << "(S,m(" << ms << ")) :- gdl_seq_" << D << "(S), not terminal_" << D << "(S)"
                 << legal << ".\n"
                 << "gdl_seq_" << N << "(do(A,S)) :- gdl_joint_" << D << "(S,A).\n"
                 << "gdl_succ_" << D << "(do(A,S),S) :- gdl_joint_" << D << "(S,A).\n";
            for (size_t i = 0; i < a_.roles.size(); ++i)
                out_ << "does_" << D << "(" << asp_constant(a_.roles[i]) << ",M" << i << ",do(m(" << ms << "),S)) :- gdl_joint_"
                     << D << "(S,m(" << ms << ")).\n";
            defined_.insert("does_" + D + "/3");
            rules(c, "gdl_succ_" + D + "(C,S)", [](PredicateClass x) { return x == PredicateClass::ActionPredicate; });
            out_ << knowledge_.str();
            knowledge_.str("");
            out_ << "true_" << N << "(F,C) :- next_" << D << "(F,C).\n";
            used_.insert("next_" + D + "/2");
            used_.insert("sees_" + D + "/3");
            defined_.insert("true_" + N + "/2");
            std::string pair = "gdl_ind_" + D + "(R,S1,S2), gdl_succ_" + D + "(C1,S1), gdl_succ_" + D + "(C2,S2)";
            out_ << "% what each agent can tell apart after the move at time " << D << "\n"
                 << "gdl_ind_" << N << "(R,C1,C2) :- " << pair << ", does_" << D << "(R,M,C1), does_" << D
                 << "(R,M,C2), not gdl_dif_" << D << "(R,C1,C2).\n"
                 << "gdl_dif_" << D << "(R,C1,C2) :- " << pair << ", sees_" << D << "(R,P,C1), not sees_" << D
                 << "(R,P,C2).\n"
                 << "gdl_dif_" << D << "(R,C1,C2) :- " << pair << ", sees_" << D << "(R,P,C2), not sees_" << D
                 << "(R,P,C1).\n";
        }
        if (o_.history.empty()) return;
        out_ << "\n% ---- the history (--history) and what holds along it, with the time as an argument\n";
        std::string s = "s0";
        out_ << "gdl_history(0,s0).\n";
        for (size_t i = 0; i < o_.history.size(); ++i) {
            s = "do(" + joint(o_.history[i]) + "," + s + ")";
            out_ << "gdl_history(" << i + 1 << "," << s << ").\n";
        }
        out_ << ":- gdl_history(T,S), not gdl_seq(T,S).   % the history is a development\n";
        for (size_t d = 0; d <= o_.history.size(); ++d) out_ << "gdl_seq(" << d << ",S) :- gdl_seq_" << d << "(S).\n";
        for (int d = 0; d <= n; ++d) {
            std::string D = std::to_string(d), N = std::to_string(d + 1);
            out_ << "true(F," << D << ") :- gdl_history(" << D << ",S), true_" << D << "(F,S).\n"
                 << "legal(R,M," << D << ") :- gdl_history(" << D << ",S), legal_" << D << "(R,M,S).\n"
                 << "terminal(" << D << ") :- gdl_history(" << D << ",S), terminal_" << D << "(S).\n"
                 << "goal(R,V," << D << ") :- gdl_history(" << D << ",S), goal_" << D << "(R,V,S).\n";
            if (d == n) break;
            out_ << "does(R,M," << D << ") :- gdl_history(" << N << ",C), does_" << D << "(R,M,C).\n"
                 << "sees(R,P," << D << ") :- gdl_history(" << N << ",C), sees_" << D << "(R,P,C).\n";
        }
        show();
    }

    const gdl::Program& p_;
    const gdl::Analysis& a_;
    const AspOptions& o_;
    gdl::Diagnostics& diags_;
    Mode mode_;
    std::ostringstream out_, knowledge_;
    std::set<std::string> used_, defined_;
    int knows_count_ = 0;
    std::map<gdl::Signature, std::vector<bool>> demand_;  ///< staged: the bound arguments of demanded relations
    std::map<gdl::Signature, std::string> need_name_;
    std::set<std::string> needs_written_;
};

}  // namespace

std::string asp_constant(const std::string& name) {
    return identifier(name) || small_integer(name) ? name : quoted(name);
}

std::string asp_variable(const std::string& name) {
    static const char* hex = "0123456789abcdef";
    std::string out = "V";
    for (char ch : name) {
        auto c = static_cast<unsigned char>(ch);
        if (ascii_alnum(ch)) out += ch;
        else if (ch == '_') out += "__";
        else out += std::string("_") + hex[c >> 4] + hex[c & 15];
    }
    return out;
}

std::string emit_asp(const gdl::Program& program, const gdl::Analysis& analysis, const AspOptions& options,
                     gdl::Diagnostics& diags) {
    return Emitter(program, analysis, options, diags).run();
}

}  // namespace gdlsc::sc
