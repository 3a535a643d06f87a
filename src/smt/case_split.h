// A check by cases (src/smt only: Z3 types). Where exactly one of some literals holds in every
// model of the solver -- the moves of a role at a step (Unrolling::moves) -- a check under
// assumptions is the same as one check per literal with that literal assumed too: sat when one
// of them is (its model is a model of the whole), unsat when all are, and then the union of
// their unsat cores is a core of the whole. Each part may be far easier than the whole (k-
// induction's Houdini, two_copy.cpp: mastermind's "the goal is equal in both copies" with the
// player's guess fixed).
#pragma once
#include <z3++.h>

#include <functional>
#include <optional>
#include <vector>

namespace gdlsc::smt {

/// Checks `assumptions` by cases: `check(part)` for part = assumptions + one literal of
/// `cases`, in order, until one is sat (true; the solver's model is that part's) or gives no
/// answer (nullopt: the whole gives none); false when every part is unsat, with `core` the
/// union of their cores (the literals of `cases` included). `check` answers sat (true), unsat
/// (false) or nothing (a time limit) and leaves its unsat core in `s`.
inline std::optional<bool> check_by_cases(z3::solver& s, const z3::expr_vector& assumptions,
                                          const std::vector<z3::expr>& cases,
                                          const std::function<std::optional<bool>(const z3::expr_vector&)>& check,
                                          std::vector<z3::expr>& core) {
    core.clear();
    for (const z3::expr& c : cases) {
        z3::expr_vector part(s.ctx());  // a copy: z3::expr_vector's copies share one vector
        for (const z3::expr& a : assumptions) part.push_back(a);
        part.push_back(c);
        const std::optional<bool> answer = check(part);
        if (!answer || *answer) {
            core.clear();
            return answer;
        }
        for (const z3::expr& a : s.unsat_core()) core.push_back(a);
    }
    return false;
}

}  // namespace gdlsc::smt
