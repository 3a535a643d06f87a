// The sequence encoding of the clingo program, for GDL-III (emit_asp_emitter.h).
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
#include <algorithm>
#include <functional>

#include "sc/emit_asp_emitter.h"

namespace gdlsc::sc::asp {

// (knows R P) / (knows P) at the context's depth: an auxiliary relation over the
// variables of P, defined once per occurrence (written to knowledge_).
std::string Emitter::knows(const Term& t, const Literal& l, const Context& c) {
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

void Emitter::sequence_program() {
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

}  // namespace gdlsc::sc::asp
