// The staged encoding of the clingo program (emit_asp_emitter.h).
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
#include <algorithm>
#include <functional>

#include "sc/emit_asp_emitter.h"

namespace gdlsc::sc::asp {

void Emitter::analyse_demand() {
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

void Emitter::staged_program() {
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

}  // namespace gdlsc::sc::asp
