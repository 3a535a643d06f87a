// Private to src/symbolic (included by the pair_bdd*.cpp files only; no public header names a
// BuDDy type): PairProver's implementation, one struct whose members are defined by concept in
//   pair_bdd_compile.cpp    the variables and the compiled step (the circuit, its cut points)
//   pair_bdd_image.cpp      one role's relation, images, the violating pairs
//   pair_bdd_witness.cpp    counting pairs, walking back, witnesses
//   pair_bdd_states.cpp     one copy: the reachable states, well-formedness (check_states)
//   pair_bdd_invariant.cpp  the inductive invariant of equal fluents (equal_fluents, state_invariant)
//   pair_bdd.cpp            the search over pairs (prove) and PairProver's public methods
// pair_bdd.cpp's header comment has the encoding and the search.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "symbolic/manager.h"
#include "symbolic/pair_bdd.h"

namespace gdlsc::symbolic {

using ground::NodeId;
using ground::PairProperty;
using Kind = ground::StepNetwork::Kind;

// One satisfying assignment (a cube from bdd_fullsatone) as a value per variable.
inline std::vector<char> assignment(const bdd& cube, int vars) {
    std::vector<char> val(static_cast<std::size_t>(vars), 0);
    BDD n = cube.id();
    while (n > 1) {
        int v = bdd_var(n);
        if (bdd_low(n) == 0) val[static_cast<std::size_t>(v)] = 1, n = bdd_high(n);
        else n = bdd_low(n);
    }
    return val;
}

struct PairProver::Impl {
    detail::Manager manager;  // the first member: destroyed last, after every bdd below
    const ground::StepNetwork& net;
    BddOptions opt;
    BddMutation mutation;  // tests only (none in the product)
    std::string spent;  // why the prover is spent ("" while it is not)
    std::vector<std::uint32_t> order;
    int nvars = 0;
    std::vector<int> x, y, xp, yp;                    // per fluent
    std::vector<std::vector<int>> m1, m2;             // per role: its move's variables per copy
    std::vector<char> move_cube;                      // per role: does(r, m) is m's full one-hot code (see move_code)
    std::vector<std::vector<int>> pv;                 // per role, per percept: the value both copies share
    std::vector<NodeId> cuts;                         // derived nodes given a variable of their own (per copy)
    std::vector<int> cut1, cut2;                      // per cut: its variable in copy 1 and copy 2
    std::vector<std::int64_t> cut_of;                 // per node: its index in cuts, or -1
    std::vector<bdd> cut_def;                         // per cut: copy 1's cut variable <-> its function
    bdd xy_set, quantified;                           // x and y; everything the image removes
    bdd all_vars = bddtrue;                           // every variable (intersects), made on first use
    bddPair* to_copy2 = nullptr;                      // x -> y, m1 -> m2
    bddPair* unprime = nullptr;                       // x' -> x, y' -> y
    std::vector<std::int64_t> fluent_of, role_of, move_of;  // per node: an input's fluent or move
    std::vector<std::uint32_t> component_of;
    std::vector<bdd> value;                           // per node, copy 1
    std::vector<char> done;                           // per node: value computed
    bdd t1, t2, diagonal, init, init1;  // init1: the initial state in copy 1 alone
    std::vector<bdd> l1, l2;                          // per role: its move is legal (copy 1, copy 2)
    std::vector<bdd> next_x, next_y;                  // per fluent in variable order: x'_f <-> next_f(x, m1), the same for y
    double compile_seconds = 0;

    std::size_t level = 0, level_nodes = 0;            // where the search is (for limit messages)

    Impl(const ground::StepNetwork& n, const BddOptions& o, const BddMutation& m)
        : manager(o.max_nodes, o.stop), net(n), opt(o), mutation(m) {}
    ~Impl() {
        if (to_copy2) bdd_freepair(to_copy2);
        if (unprime) bdd_freepair(unprime);
    }

    // --- The variables (pair_bdd_compile.cpp) ---

    bdd move_code(std::size_t r, std::size_t m, const std::vector<std::vector<int>>& vars) const;
    bdd full_code(std::size_t r, std::size_t m, const std::vector<std::vector<int>>& vars) const;
    std::uint32_t move_index(std::size_t r, const std::vector<char>& val, const std::vector<std::vector<int>>& vars) const;
    void layout();

    // --- The circuit, copy 1 (pair_bdd_compile.cpp) ---

    void index_nodes();
    const bdd& literal_base(NodeId v);
    bdd rules_of(NodeId v);
    void evaluate(const std::vector<NodeId>& targets);
    bdd node(NodeId v);
    bdd copy2(const bdd& b) const;
    void compile();
    void choose_cuts();
    static bdd exactly_one(const std::vector<int>& vars);

    // --- One role's relation (pair_bdd_image.cpp) ---

    // A conjunction of parts, conjoined into clusters; each variable of the phase's set is
    // quantified with the last cluster that reads it (the first if none does).
    struct Phase {
        std::vector<bdd> clusters, quantify;
    };
    struct Relation {
        std::vector<bdd> guard;  // conjuncts: not terminal, legal, same move, cut definitions, same percepts (both copies)
        bdd diff_moves;          // PerfectInformation: m1 and m2 differ (for some role but r)
        std::vector<Phase> phases;
    };

    std::vector<int> support_vars(const bdd& b) const;
    Phase phase(const std::vector<bdd>& parts, const std::vector<int>& quantify_vars);
    // `keep` (per fluent; null: all): the next state of the other fluents is left out -- the
    // image then says nothing about them (the invariant's checks read only its candidates).
    Relation relation(std::size_t role, const std::vector<char>* keep = nullptr);

    // Each role's relation, built once per prover (the invariant and the search share it).
    std::unordered_map<std::size_t, Relation> relations;
    const Relation& relation_of(std::size_t role);
    bdd image(const bdd& from, const Relation& rel);

    // The violating pairs as conjunctions to apply to a level one by one: a pair violates when
    // it satisfies every BDD of `all` and one of `any` (or `any` is empty). Built whole, the
    // violation of two interleaved copies (terminal in neither, some legal move in one only)
    // is far larger than any level it is intersected with.
    // A pair violates when it is in every `all` and some node of `differ` has different values
    // in the two copies. A small node's difference is their xor (`x`, one test); a larger one's
    // is kept as the node's function in each copy and their negations, two tests: over two
    // interleaved copies the xor is the product of the two functions (Krieg-TicTacToe's goal
    // values: a fifth of the invariant's time), while its legal moves' xors are a few nodes
    // (two tests each cost a quarter more there).
    struct Difference {
        bdd a1, not_a1, a2, not_a2;
        bdd x = bddfalse;  ///< a1 XOR a2 when the node is small, else false (not built)
    };
    static constexpr int kXorNodes = 40;
    struct Violation {
        std::vector<bdd> all;
        std::vector<Difference> differ;
    };

    std::vector<Violation> violations(std::size_t role, PairProperty p);
    bool intersects(const bdd& a, const bdd& b);
    bdd violating(const bdd& level, const std::vector<Violation>& vs);

    // --- Counting and witnesses (pair_bdd_witness.cpp) ---

    double count(const bdd& f, bool both_copies = true);

    std::vector<std::vector<char>> walk_back(const std::vector<bdd>& levels, std::size_t level, std::vector<char> val,
                                             const Relation& rel);

    std::vector<std::uint32_t> joint(const std::vector<char>& val, const std::vector<std::vector<int>>& vars) const;
    PairWitness witness(const std::vector<std::vector<char>>& steps) const;

    // --- One copy: the reachable states (well-formedness) (pair_bdd_states.cpp) ---

    // The step of one state: copy 1 alone (x, m1 -> x'), as a phase for images (x, the moves
    // and the cuts quantified) and one for preimages (x', the moves and the cuts quantified).
    struct StateRelation {
        Relation forward;
        Phase backward;
        bddPair* prime = nullptr;  // x -> x'
        ~StateRelation() {
            if (prime) bdd_freepair(prime);
        }
    };

    std::unique_ptr<StateRelation> state_relation();
    bdd preimage(const bdd& to, const StateRelation& rel);
    bdd state_cube(const std::vector<char>& val, bool primed) const;

    std::pair<std::vector<std::uint32_t>, std::vector<char>> step_into(const std::vector<char>& val, const bdd& to,
                                                                       const StateRelation& rel);

    bool holds_in(const bdd& f, const std::vector<char>& val) const;
    StateResult check_states(const StateOptions& o);
    void termination(StateResult& res, const std::vector<bdd>& levels, const bdd& reached, const StateRelation& rel);

    // --- An inductive invariant of equal fluents (pair_bdd_invariant.cpp) ---

    // The reachable states (one copy, breadth first) in copy 1 and copy 2, once per prover.
    bdd reach_x, reach_y;
    bool reach_ready = false;

    // Houdini's fixpoint (Flanagan and Leino 2001) on BDDs over candidates "fluent f is equal in
    // both copies" (x_f <-> y_f), unconditionally or when a fluent g has a value in copy 1
    // (g(x) -> x_f <-> y_f). I(C) = R(x) AND R(y) AND the candidates of C, with R the reachable
    // states or a superset of them (state_invariant); a candidate leaves C when some pair of image(I(C)) breaks it. At the fixpoint
    // image(I) lies inside I and I holds the initial pair (s0, s0), so every reachable pair is in
    // I: if no pair of I violates the property, it holds. Far cheaper than the reachable pairs
    // where what the role knows is a few fluents it always sees (Krieg-TicTacToe: whose turn it
    // is, which cells it tried, its own marks -- 31 million pairs against a few images of
    // 10^4-10^5 nodes). The conditional candidates are for knowledge that holds only in some
    // states (an encoding whose "tried" cells are the player's own only while it is to move):
    // their guards are the fluents the unconditional fixpoint kept and the property reads, both
    // values.
    // R is conjoined after the equalities: R(x) AND R(y) alone is the product of two copies
    // (2.7 million nodes on Krieg-TicTacToe), tied by the equalities it stays small.
    struct Candidate {
        std::size_t fluent;
        std::int64_t guard = -1;  // a fluent, or -1: none
        bool guard_value = true;
    };

    // The candidates Houdini kept; `doomed`: the invariant they make has a violating pair (the
    // search stopped there: a superset of the fixpoint's candidates).
    struct Fixpoint {
        std::vector<Candidate> cs;
        bool doomed = false;
    };
    std::map<std::pair<std::size_t, int>, Fixpoint> unconditional;  // per role and property

    // Random members of `b` (b != false): per sample, a value for each variable (a path from
    // the root, a random branch where both lead to true, a random value where it skips a
    // variable). Houdini drops the candidates a sample violates before the exact tests.
    std::vector<std::vector<char>> samples(const bdd& b, std::size_t n);
    std::uint64_t sample_state = 0x9e3779b97f4a7c15ULL;  // splitmix64: the same samples each run
    static constexpr std::size_t kSamples = 32;

    template <class Over>
    std::optional<bdd> state_invariant(const Over& over);
    static constexpr int kExactReachNodes = 20'000;

    static std::vector<FluentEquality> equalities(const std::vector<Candidate>& cs);
    std::optional<std::vector<FluentEquality>> equal_fluents(const PairOptions& o);
    // --- The search over pairs (pair_bdd.cpp) ---

    PairResult prove(const PairOptions& o);
};

}  // namespace gdlsc::symbolic
