// PairProver::Impl (pair_bdd_impl.h): the inductive invariant of equal fluents (Houdini on
// pairs, equal_fluents) over a superset of the reachable states (state_invariant).
#include <algorithm>
#include <chrono>

#include "symbolic/pair_bdd_impl.h"

namespace gdlsc::symbolic {

// A superset of the reachable states, cheap to compute: Houdini on one copy over the
// candidates of smt/two_copy.cpp's k-induction -- f never holds, f always holds, at most
// one / at least one of a group of fluents equal but in one argument ((cell 1 1 x),
// (cell 1 1 o), (cell 1 1 b): a cell has one content). The exact reachable states are
// used instead when their breadth-first search is done within a few images of 20,000
// nodes (Krieg-TicTacToe 3x3); on 4x4 that search does not end within minutes.
template <class Over>
std::optional<bdd> PairProver::Impl::state_invariant(const Over& over) {
    const std::unique_ptr<StateRelation> srel = state_relation();
    {
        bdd reached = init1, frontier = init1;
        bool exact = true;
        while (frontier != bddfalse) {
            if (over()) return std::nullopt;
            if (bdd_nodecount(reached) > kExactReachNodes) {
                exact = false;
                break;
            }
            frontier = image(frontier, srel->forward) & !reached;
            reached |= frontier;
            manager.check();
        }
        if (exact) return reached;
    }
    std::vector<bdd> cands;
    for (std::size_t f = 0; f < x.size(); ++f) cands.push_back(bdd_nithvar(x[f])), cands.push_back(bdd_ithvar(x[f]));
    std::map<std::string, std::vector<std::size_t>> groups;
    for (std::size_t f = 0; f < x.size(); ++f) {
        const gdl::Term& t = net.fluents()[f];
        for (std::size_t k = 0; k < t.args.size(); ++k) {
            std::string key = t.name + "/" + std::to_string(t.args.size()) + "@" + std::to_string(k);
            for (std::size_t j = 0; j < t.args.size(); ++j)
                if (j != k) key += " " + t.args[j].to_kif();
            groups[key].push_back(f);
        }
    }
    for (const auto& [key, members] : groups) {
        if (members.size() < 2) continue;
        bdd none = bddtrue, most_one = bddfalse, some = bddfalse;  // most_one: exactly one so far
        for (std::size_t f : members) {
            const bdd v = bdd_ithvar(x[f]);
            most_one = (most_one & !v) | (none & v);
            none &= !v;
            some |= v;
        }
        cands.push_back(most_one | none);
        cands.push_back(some);
    }
    std::vector<bdd> kept;
    for (const bdd& c : cands)
        if (!intersects(init1, !c)) kept.push_back(c);
    for (bool changed = true; changed;) {
        if (over()) return std::nullopt;
        bdd inv = bddtrue;
        for (const bdd& c : kept) inv &= c;
        const bdd img = image(inv, srel->forward);
        std::vector<bdd> next;
        for (const bdd& c : kept)
            if (!intersects(img, !c)) next.push_back(c);
        changed = next.size() != kept.size();
        kept = std::move(next);
        manager.check();
    }
    bdd inv = bddtrue;
    for (const bdd& c : kept) inv &= c;
    return inv;
}

std::vector<std::vector<char>> PairProver::Impl::samples(const bdd& b, std::size_t n) {
    auto next = [&] {
        std::uint64_t z = (sample_state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    };
    std::vector<std::vector<char>> out;
    for (std::size_t k = 0; k < n; ++k) {
        std::vector<char> v(static_cast<std::size_t>(nvars));
        for (char& c : v) c = static_cast<char>(next() & 1);  // the skipped variables
        for (BDD node = b.id(); node > 1;) {
            const BDD lo = bdd_low(node), hi = bdd_high(node);
            const bool high = lo == 0 ? true : hi == 0 ? false : (next() & 1) != 0;
            v[static_cast<std::size_t>(bdd_var(node))] = high ? 1 : 0;
            node = high ? hi : lo;
        }
        out.push_back(std::move(v));
    }
    return out;
}

std::vector<FluentEquality> PairProver::Impl::equalities(const std::vector<Candidate>& cs) {
    std::vector<FluentEquality> out;
    for (const Candidate& c : cs) {
        FluentEquality e;
        e.fluent = c.fluent;
        if (c.guard >= 0) e.guard = static_cast<std::size_t>(c.guard), e.guard_value = c.guard_value;
        out.push_back(e);
    }
    return out;
}

std::optional<std::vector<FluentEquality>> PairProver::Impl::equal_fluents(const PairOptions& o) {
    if (o.property == PairProperty::PerfectInformation || o.property == PairProperty::Custom) return std::nullopt;
    const auto t0 = std::chrono::steady_clock::now();
    auto over = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() > o.invariant_seconds;
    };
    if (!reach_ready) {
        auto r = state_invariant(over);
        if (!r) return std::nullopt;
        reach_x = *r, reach_y = bdd_replace(*r, to_copy2);
        reach_ready = true;
    }
    const std::vector<Violation> bad = violations(o.role, o.property);
    const Relation& rel = relation_of(o.role);
    std::vector<bdd> eq(x.size());
    for (std::size_t f = 0; f < x.size(); ++f) eq[f] = bdd_biimp(bdd_ithvar(x[f]), bdd_ithvar(y[f]));
    auto guard = [&](const Candidate& c) {
        return c.guard < 0 ? bddtrue : c.guard_value ? bdd_ithvar(x[c.guard]) : bdd_nithvar(x[c.guard]);
    };
    auto invariant = [&](const std::vector<Candidate>& cs) {
        bdd inv = bddtrue;
        for (auto it = cs.rbegin(); it != cs.rend(); ++it)  // in variable order, bottom up: small steps
            inv &= it->guard < 0 ? eq[it->fluent] : bdd_imp(guard(*it), eq[it->fluent]);
        return (inv & reach_x) & reach_y;
    };
    // The fixpoint: candidates kept, or nullopt past the time. The image is needed only on the
    // fluents the candidates name: once they are at most 3/4 of those of the relation in use,
    // the relation is made again without the other fluents' next state (Krieg-TicTacToe 3x3: the
    // last image of 20 equalities has 2,000 nodes instead of 77,000). Candidates only leave, so
    // the invariant only grows: once it has a violating pair the fixpoint has one too, and the
    // search stops there (Fixpoint::doomed).
    auto houdini = [&](std::vector<Candidate> cs) -> std::optional<Fixpoint> {
        std::optional<Relation> projected;
        std::size_t in_use = x.size();
        for (bool changed = true, first = true; changed; first = false) {
            if (over()) return std::nullopt;
            const bdd inv = invariant(cs);
            if (!first && violating(inv, bad) != bddfalse) return Fixpoint{std::move(cs), true};
            std::vector<char> keep(x.size(), 0);
            for (const Candidate& c : cs) {
                keep[c.fluent] = 1;
                if (c.guard >= 0) keep[static_cast<std::size_t>(c.guard)] = 1;
            }
            const auto kept_fluents = static_cast<std::size_t>(std::count(keep.begin(), keep.end(), 1));
            if (4 * kept_fluents <= 3 * in_use) projected = relation(o.role, &keep), in_use = kept_fluents;
            const bdd img = image(inv, projected ? *projected : rel);
            const std::size_t before = cs.size();
            // First the candidates that random pairs of the image violate (no BDD operation),
            // then an exact test for each of the others.
            if (img != bddfalse && cs.size() > kSamples) {
                const auto pairs = samples(img, kSamples);
                std::vector<Candidate> plausible;
                for (const Candidate& c : cs) {
                    bool violated = false;
                    for (const auto& v : pairs) {
                        const bool guarded = c.guard < 0 || (v[static_cast<std::size_t>(x[static_cast<std::size_t>(c.guard)])] != 0) == c.guard_value;
                        if (guarded && v[static_cast<std::size_t>(x[c.fluent])] != v[static_cast<std::size_t>(y[c.fluent])]) {
                            violated = true;
                            break;
                        }
                    }
                    if (!violated) plausible.push_back(c);
                }
                cs = std::move(plausible);
            }
            // Per guard, the candidates together first (one test where all of them hold, as
            // in the last round), then one by one.
            std::vector<Candidate> kept;
            for (std::size_t i = 0, j = 0; i < cs.size(); i = j) {
                j = i + 1;
                while (j < cs.size() && cs[j].guard == cs[i].guard && cs[j].guard_value == cs[i].guard_value) ++j;
                const bdd img_g = img & guard(cs[i]);
                bdd all_equal = bddtrue;
                for (std::size_t k = j; k-- > i;) all_equal &= eq[cs[k].fluent];
                if (j - i > 1 && !intersects(img_g, !all_equal)) {
                    kept.insert(kept.end(), cs.begin() + static_cast<std::ptrdiff_t>(i), cs.begin() + static_cast<std::ptrdiff_t>(j));
                    continue;
                }
                for (std::size_t k = i; k < j; ++k)
                    if (!intersects(img_g, !eq[cs[k].fluent])) kept.push_back(cs[k]);
            }
            manager.check();
            changed = kept.size() != before;
            cs = std::move(kept);
        }
        const bool doomed = violating(invariant(cs), bad) != bddfalse;
        return Fixpoint{std::move(cs), doomed};
    };
    std::vector<Candidate> plain;
    for (auto it = order.begin(); it != order.end(); ++it) plain.push_back({*it});
    const auto key = std::make_pair(o.role, static_cast<int>(o.property));
    auto known = unconditional.find(key);
    if (known == unconditional.end()) {
        auto c = houdini(plain);
        if (!c) return std::nullopt;
        known = unconditional.emplace(key, std::move(*c)).first;
    }
    const std::vector<Candidate>* c1 = &known->second.cs;
    if (!known->second.doomed) return equalities(*c1);
    if (c1->empty() || !o.invariant_guards) return std::nullopt;
    // The guards: kept fluents that the property reads (what it compares is known in the
    // states where those have a value).
    std::vector<char> read(static_cast<std::size_t>(nvars), 0);
    for (const Violation& v : bad) {
        for (const bdd& b : v.all)
            for (int var : support_vars(b)) read[static_cast<std::size_t>(var)] = 1;
        for (const Difference& d : v.differ)
            for (int var : support_vars(d.a1)) read[static_cast<std::size_t>(var)] = 1;
    }
    std::vector<Candidate> both = plain;
    for (const Candidate& g : *c1)
        for (bool value : {true, false})
            if (read[static_cast<std::size_t>(x[g.fluent])])
            for (std::uint32_t f : order) {
                bool known = false;
                for (const Candidate& k : *c1) known = known || k.fluent == f;
                if (!known) both.push_back({f, static_cast<std::int64_t>(g.fluent), value});
            }
    auto c2 = houdini(both);
    if (!c2 || c2->doomed) return std::nullopt;
    return equalities(c2->cs);
}

}  // namespace gdlsc::symbolic
