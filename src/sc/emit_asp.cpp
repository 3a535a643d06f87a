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

enum class Mode { Time, Sequences };

class Emitter {
public:
    Emitter(const gdl::Program& p, const gdl::Analysis& a, const AspOptions& o, gdl::Diagnostics& d)
        : p_(p), a_(a), o_(o), diags_(d), mode_(a.epistemic || o.sequences ? Mode::Sequences : Mode::Time) {}

    std::string run() {
        header();
        if (mode_ == Mode::Time) time_program();
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
        std::string state = "T";  ///< the time (time encoding) or the development (sequences)
        std::string succ = "T";   ///< where moves and action predicates live: T, or the successor C
        int depth = 0;            ///< sequences: the time point, part of every state-dependent name
    };

    PredicateClass cls(const Term& t) const { return gdl::engine_class(a_, gdl::signature(t)); }

    // A predicate name at the context's depth (sequences) or as it is (time).
    std::string at(const std::string& name, const Context& c) const {
        return mode_ == Mode::Sequences ? name + "_" + std::to_string(c.depth) : name;
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
            args.push_back(c.state);
            return predicate(at("true", c), args, head);
        }
        if (t.name == "does" && t.args.size() == 2) {
            args.push_back(c.succ);
            return predicate(at("does", c), args, head);
        }
        switch (cls(t)) {
            case PredicateClass::Static: return predicate(name, args, head);
            case PredicateClass::DerivedFluent: args.push_back(c.state); return predicate(at(name, c), args, head);
            case PredicateClass::ActionPredicate: args.push_back(c.succ); return predicate(at(name, c), args, head);
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
            if (mode_ == Mode::Time) return "false";  // not reached: knows selects the sequence encoding
            return knows(t, l, c);
        }
        return atom(t, c);
    }

    // The negation of `l` as alternatives: `not` of an atom, `=` for (not (distinct ..)), De
    // Morgan through (not (or ...)) and (not (and ...)), double negation cancelled.
    std::vector<std::vector<std::string>> negated(const Literal& l, const Context& c) {
        switch (l.kind) {
            case Literal::Kind::Atom: return {{"not " + positive(l, c)}};
            case Literal::Kind::Distinct: return {{term(l.atom.args.at(0)) + " = " + term(l.atom.args.at(1))}};
            case Literal::Kind::Not: return body(l.sub, c);
            case Literal::Kind::Or: {  // every disjunct false
                std::vector<std::vector<std::string>> alts = {{}};
                for (const auto& d : l.sub) {
                    std::vector<std::vector<std::string>> next;
                    for (const auto& a : alts)
                        for (const auto& o : negated(d, c)) {
                            auto x = a;
                            x.insert(x.end(), o.begin(), o.end());
                            next.push_back(std::move(x));
                        }
                    alts = std::move(next);
                }
                return alts;
            }
            case Literal::Kind::And: {  // some conjunct false
                std::vector<std::vector<std::string>> alts;
                for (const auto& d : l.sub) {
                    auto n = negated(d, c);
                    alts.insert(alts.end(), n.begin(), n.end());
                }
                return alts;
            }
        }
        return {};
    }

    // A body as alternatives (each disjunction distributed), each a list of ASP literals.
    std::vector<std::vector<std::string>> body(const std::vector<Literal>& lits, const Context& c) {
        std::vector<std::vector<std::string>> alts = {{}};
        for (const auto& l : lits) {
            std::vector<std::vector<std::string>> options;
            switch (l.kind) {
                case Literal::Kind::Atom: options = {{positive(l, c)}}; break;
                case Literal::Kind::Distinct:
                    options = {{term(l.atom.args.at(0)) + " != " + term(l.atom.args.at(1))}};
                    break;
                case Literal::Kind::Not: options = negated(l.sub.at(0), c); break;
                case Literal::Kind::And: options = body(l.sub, c); break;
                case Literal::Kind::Or:
                    for (const auto& d : l.sub) {
                        auto sub = body(d.kind == Literal::Kind::And ? d.sub : std::vector<Literal>{d}, c);
                        options.insert(options.end(), sub.begin(), sub.end());
                    }
                    break;
            }
            std::vector<std::vector<std::string>> next;
            for (const auto& a : alts)
                for (const auto& o : options) {
                    auto x = a;
                    x.insert(x.end(), o.begin(), o.end());
                    next.push_back(std::move(x));
                }
            alts = std::move(next);
        }
        return alts;
    }

    // One rule of the game: its KIF as a comment, then one ASP rule per alternative of its body.
    void rule(const gdl::Rule& r, const Context& c, const std::string& guard) {
        std::string head = atom(r.head, c, true);
        auto alts = body(r.body, c);
        if (!r.is_fact() || cls(r.head) != PredicateClass::Static) {  // a static fact reads the same in ASP
            out_ << "% " << one_line(r.to_kif());
            if (alts.size() > 1) out_ << "   (or: " << alts.size() << " rules)";
            out_ << "\n";
        }
        for (const auto& alt : alts) {
            out_ << head;
            std::vector<std::string> lits;
            if (!guard.empty()) lits.push_back(guard);
            lits.insert(lits.end(), alt.begin(), alt.end());
            for (size_t i = 0; i < lits.size(); ++i) out_ << (i ? ", " : " :- ") << lits[i];
            out_ << ".\n";
        }
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
        out_ << "\n#show true/2.\n#show does/3.\n#show legal/3.\n#show sees/3.\n#show terminal/1.\n#show goal/3.\n";
        for (const char* s : {"sees/3", "goal/3"}) used_.insert(s);
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
        out_ << "\n#show true/2.\n#show does/3.\n#show legal/3.\n#show sees/3.\n#show terminal/1.\n#show goal/3.\n";
    }

    const gdl::Program& p_;
    const gdl::Analysis& a_;
    const AspOptions& o_;
    gdl::Diagnostics& diags_;
    Mode mode_;
    std::ostringstream out_, knowledge_;
    std::set<std::string> used_, defined_;
    int knows_count_ = 0;
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
