// The Emitter of the clingo program (emit_asp.h; doc/translation.md, "ASP"), shared by the
// files of the encodings: what every encoding does (names, atoms, bodies flattened into
// alternatives, rules, the header) here and in emit_asp.cpp; each encoding's program in its
// own file (emit_asp_time.cpp, emit_asp_staged.cpp with the demand analysis,
// emit_asp_sequences.cpp with knowledge). Internal to src/sc.
#pragma once
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "gdl/analysis.h"
#include "gdl/diagnostics.h"
#include "gdl/program.h"
#include "sc/emit_asp.h"

namespace gdlsc::sc::asp {

using gdl::Literal;
using gdl::PredicateClass;
using gdl::Term;

bool ascii_lower(char c);
bool ascii_alnum(char c);
// A clingo identifier we may give to a game symbol: [a-z][A-Za-z0-9_]*, not the keyword
// `not`, not in our name space gdl_*.
bool identifier(const std::string& n);
bool relation_identifier(const std::string& n);
bool small_integer(const std::string& n);
std::string quoted(const std::string& n);
std::string term(const gdl::Term& t);
std::string one_line(std::string s);

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
    std::string knows(const Term& t, const Literal& l, const Context& c);

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

    void analyse_demand();

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

    void time_program();

    // The time encoding's relations, from the staged or sequence encoding's per-time ones, shown.
    void show() {
        out_ << "\n#show true/2.\n#show does/3.\n#show legal/3.\n#show sees/3.\n#show terminal/1.\n#show goal/3.\n";
    }

    void staged_program();

    void sequence_program();

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

}  // namespace gdlsc::sc::asp
