// The time encoding of the clingo program (emit_asp_emitter.h).
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
#include <algorithm>
#include <functional>

#include "sc/emit_asp_emitter.h"

namespace gdlsc::sc::asp {

void Emitter::time_program() {
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

}  // namespace gdlsc::sc::asp
