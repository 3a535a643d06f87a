// The ground step program in Z3 (see unrolling.h): its atoms by meaning, and copies of one
// step as constraints, for the two-copy unrolling and the pair system's Horn clauses.
#include "smt/unrolling.h"

#include <map>
#include <string>

#include "base/sccs.h"

namespace gdlsc::smt {

using ground::AtomId;
using ground::GroundProgram;

StepAtoms::StepAtoms(const GroundProgram& gp) {
    const std::size_t n = gp.atoms.size(), nroles = gp.roles.size();
    does_of.resize(nroles), moves.resize(nroles), legal_of.resize(nroles), sees_of.resize(nroles);
    goal_of.resize(nroles);
    input.assign(n, false), is_static.assign(n, false), loop.assign(n, -1);
    auto role_of = [&](const gdl::Term& t) -> std::int64_t {
        for (std::size_t r = 0; r < nroles; ++r)
            if (t.is_constant() && t.name == gp.roles[r]) return static_cast<std::int64_t>(r);
        return kNoAtom;
    };
    for (AtomId a = 0; a < n; ++a) {
        const auto& at = gp.atoms[a];
        const gdl::Term& t = at.atom;
        if (at.step < 0) {
            is_static[a] = true;
            continue;
        }
        if (t.name == "true" && t.args.size() == 1) {
            input[a] = true;
            true_of.push_back(a);
            fluents.push_back(t.args[0]);
        } else if (t.name == "does" && t.args.size() == 2) {
            input[a] = true;
            std::int64_t r = role_of(t.args[0]);
            if (r != kNoAtom) does_of[r].push_back(a), moves[r].push_back(t.args[1]);
        } else if (t.name == "sees" && t.args.size() == 2) {
            std::int64_t r = role_of(t.args[0]);
            if (r != kNoAtom) sees_of[r].push_back(a);
        } else if (t.name == "goal" && t.args.size() == 2) {
            std::int64_t r = role_of(t.args[0]);
            if (r != kNoAtom) goal_of[r].push_back(a);
        }
    }
    for (const auto& f : fluents) next_of.push_back(gp.find(gdl::Term::compound("next", {f}), 0));
    for (std::size_t r = 0; r < nroles; ++r)
        for (const auto& m : moves[r])
            legal_of[r].push_back(gp.find(gdl::Term::compound("legal", {gdl::Term::constant(gp.roles[r]), m}), 0));
    terminal = gp.find(gdl::Term::constant("terminal"), 0);
    // Positive loops: components of the positive dependency graph with a cycle. The program
    // is stratified, so the components of the whole dependency graph are the same, and
    // Tarjan's order puts every atom after those its rules mention.
    std::vector<std::vector<AtomId>> pos(n), all_edges(n);
    for (const auto& r : gp.rules) {
        pos[r.head].insert(pos[r.head].end(), r.pos.begin(), r.pos.end());
        all_edges[r.head].insert(all_edges[r.head].end(), r.pos.begin(), r.pos.end());
        all_edges[r.head].insert(all_edges[r.head].end(), r.neg.begin(), r.neg.end());
    }
    std::vector<AtomId> all(n);
    for (AtomId a = 0; a < n; ++a) all[a] = a;
    int id = 0;
    for (const auto& c : base::sccs(all, [&](AtomId a) { return pos[a]; }, n)) {
        bool cyclic = c.size() > 1;
        if (c.size() == 1)
            for (AtomId b : pos[c[0]]) cyclic |= b == c[0];
        if (!cyclic) continue;
        for (AtomId a : c) loop[a] = id;
        ++id;
    }
    components = base::sccs(all, [&](AtomId a) { return all_edges[a]; }, n);
    // The static part's least model, component by component (negation only mentions earlier ones).
    static_value.assign(n, false);
    for (const auto& c : components) {
        if (!is_static[c[0]]) continue;
        for (bool changed = true; changed;) {
            changed = false;
            for (AtomId a : c) {
                if (static_value[a]) continue;
                for (std::size_t ri : gp.rules_of[a]) {
                    const auto& r = gp.rules[ri];
                    bool holds = true;
                    for (AtomId p : r.pos) holds = holds && static_value[p];
                    for (AtomId q : r.neg) holds = holds && !static_value[q];
                    if (holds) {
                        static_value[a] = changed = true;
                        break;
                    }
                }
            }
        }
    }
}

Unrolling::Unrolling(const GroundProgram& g, const StepAtoms& a, z3::context& c, Sink sink, std::string t, Encoding e)
    : gp(g), sa(a), ctx(c), add(std::move(sink)), vars(2), tag(std::move(t)), encoding(e) {
    for (AtomId x = 0; x < gp.atoms.size(); ++x)
        statics.push_back(!sa.is_static[x]        ? ctx.bool_val(false)
                          : encoding == Definitions ? ctx.bool_val(sa.static_value[x])
                                                    : ctx.bool_const((tag + "s" + std::to_string(x)).c_str()));
    if (encoding == Constraints)
        for (AtomId x = 0; x < gp.atoms.size(); ++x)
            if (sa.is_static[x]) define(statics, x, tag + "s");
}

// Constraints keep atom order.
const std::vector<AtomId>& Unrolling::definition_order() {
    if (atom_order_.size() != gp.atoms.size()) {
        atom_order_.resize(gp.atoms.size());
        for (AtomId x = 0; x < gp.atoms.size(); ++x) atom_order_[x] = x;
    }
    return atom_order_;
}

// Definitions: the atoms of component c (not static, not inputs) as expressions over v.
void Unrolling::define_component(std::vector<z3::expr>& v, const std::vector<AtomId>& c, const std::string& prefix) {
    if (sa.loop[c[0]] < 0) {
        v[c[0]] = bodies(v, c[0]);
        return;
    }
    std::size_t rules = 0;
    for (AtomId a : c) rules += gp.rules_of[a].size();
    if (c.size() * rules > kMaxUnfolding) {  // too large to unfold: variables and the ranking
        for (AtomId a : c) v[a] = ctx.bool_const((prefix + std::to_string(a)).c_str());
        for (AtomId a : c) {
            add(v[a] == bodies(v, a));
            define_ranking(v, a, prefix);
        }
        return;
    }
    for (AtomId a : c) v[a] = ctx.bool_val(false);
    for (std::size_t round = 0; round < c.size(); ++round) {
        std::vector<z3::expr> next;
        for (AtomId a : c) next.push_back(bodies(v, a));
        for (std::size_t i = 0; i < c.size(); ++i) v[c[i]] = next[i];
    }
}

z3::expr Unrolling::body(const std::vector<z3::expr>& v, const ground::GroundRule& r) {
    z3::expr_vector lits(ctx);
    for (AtomId p : r.pos) lits.push_back(v[p]);
    for (AtomId q : r.neg) lits.push_back(!v[q]);
    return lits.empty() ? ctx.bool_val(true) : z3::mk_and(lits);
}

z3::expr Unrolling::bodies(const std::vector<z3::expr>& v, AtomId x) {
    z3::expr_vector b(ctx);
    for (std::size_t ri : gp.rules_of[x]) b.push_back(body(v, gp.rules[ri]));
    return b.empty() ? ctx.bool_val(false) : z3::mk_or(b);
}

// Completion of atom x over the values v, and its ranking if it is in a positive loop.
void Unrolling::define(std::vector<z3::expr>& v, AtomId x, const std::string& prefix) {
    add(v[x] == bodies(v, x));
    if (sa.loop[x] >= 0) define_ranking(v, x, prefix);
}

// Level ranking of x in its positive loop: a true atom has a rule whose body holds with every
// atom of the loop in it ranked lower (only supported atoms are true).
void Unrolling::define_ranking(const std::vector<z3::expr>& v, AtomId x, const std::string& prefix) {
    auto rank = [&](AtomId a) { return ctx.int_const((prefix + "r" + std::to_string(a)).c_str()); };
    z3::expr_vector supported(ctx);
    for (std::size_t ri : gp.rules_of[x]) {
        const auto& r = gp.rules[ri];
        z3::expr_vector lits(ctx);
        lits.push_back(body(v, r));
        for (AtomId p : r.pos)
            if (sa.loop[p] == sa.loop[x]) lits.push_back(rank(p) < rank(x));
        supported.push_back(z3::mk_and(lits));
    }
    add(z3::implies(v[x], supported.empty() ? ctx.bool_val(false) : z3::mk_or(supported)));
}

void Unrolling::add_step(int c) {
    const std::size_t t = vars[c].size();
    const std::string prefix = tag + "c" + std::to_string(c) + "t" + std::to_string(t) + "_";
    std::vector<z3::expr> v;
    v.reserve(gp.atoms.size());
    for (AtomId x = 0; x < gp.atoms.size(); ++x) {
        const bool variable = encoding == Constraints || sa.input[x];
        v.push_back(sa.is_static[x] ? statics[x]
                    : variable      ? ctx.bool_const((prefix + std::to_string(x)).c_str())
                                    : ctx.bool_val(false));
    }
    if (t > 0) {
        const auto& prev = vars[c][t - 1];
        for (std::size_t f = 0; f < sa.true_of.size(); ++f) {
            z3::expr next = sa.next_of[f] == kNoAtom ? ctx.bool_val(false) : prev[sa.next_of[f]];
            if (encoding == Definitions)
                v[sa.true_of[f]] = next;
            else
                add(v[sa.true_of[f]] == next);
        }
    }
    if (encoding == Constraints) {
        for (AtomId x : definition_order())
            if (!sa.input[x] && !sa.is_static[x]) define(v, x, prefix);
    } else {
        for (const auto& comp : sa.components)
            if (!sa.input[comp[0]] && !sa.is_static[comp[0]]) define_component(v, comp, prefix);
    }
    vars[c].push_back(std::move(v));
}

void Unrolling::initial(int c, const std::set<std::string>& init) {
    for (std::size_t f = 0; f < sa.fluents.size(); ++f)
        add(vars[c][0][sa.true_of[f]] == ctx.bool_val(init.count(sa.fluents[f].to_kif()) > 0));
}

z3::expr Unrolling::atom(int c, std::size_t t, std::int64_t x) {
    return x == kNoAtom ? ctx.bool_val(false) : vars[c][t][x];
}

void Unrolling::moves(int c, std::size_t t) {
    add(!atom(c, t, sa.terminal));
    for (std::size_t r = 0; r < sa.does_of.size(); ++r) {
        z3::expr_vector d(ctx);
        for (std::size_t m = 0; m < sa.does_of[r].size(); ++m) {
            d.push_back(vars[c][t][sa.does_of[r][m]]);
            add(z3::implies(vars[c][t][sa.does_of[r][m]], atom(c, t, sa.legal_of[r][m])));
        }
        if (d.empty()) {
            add(ctx.bool_val(false));  // a role without moves: no joint move
            continue;
        }
        add(z3::mk_or(d));
        add(z3::atmost(d, 1));
    }
}

void Unrolling::same_view(std::size_t r, std::size_t t, bool same_move) {
    if (same_move)
        for (AtomId d : sa.does_of[r]) add(vars[0][t][d] == vars[1][t][d]);
    for (AtomId p : sa.sees_of[r]) add(vars[0][t][p] == vars[1][t][p]);
}

z3::expr Unrolling::violation(TwoCopyProperty p, std::size_t r, std::size_t t) {
    z3::expr t0 = atom(0, t, sa.terminal), t1 = atom(1, t, sa.terminal);
    z3::expr_vector differ(ctx);
    switch (p) {
        case TwoCopyProperty::Legal:
            for (std::int64_t l : sa.legal_of[r])
                if (l != kNoAtom) differ.push_back(vars[0][t][l] != vars[1][t][l]);
            return !t0 && !t1 && (differ.empty() ? ctx.bool_val(false) : z3::mk_or(differ));
        case TwoCopyProperty::Terminal: return t0 != t1;
        case TwoCopyProperty::Goal:
            for (AtomId g : sa.goal_of[r]) differ.push_back(vars[0][t][g] != vars[1][t][g]);
            return t0 && t1 && (differ.empty() ? ctx.bool_val(false) : z3::mk_or(differ));
        case TwoCopyProperty::PerfectInformation:
            if (t == 0) return ctx.bool_val(false);
            for (const auto& ds : sa.does_of)
                for (AtomId d : ds) differ.push_back(vars[0][t - 1][d] != vars[1][t - 1][d]);
            return differ.empty() ? ctx.bool_val(false) : z3::mk_or(differ);
    }
    return ctx.bool_val(false);
}

TwoCopyWitness Unrolling::witness(const z3::model& m, std::size_t depth) {
    TwoCopyWitness w;
    w.depth = depth;
    for (int c = 0; c < 2; ++c)
        for (std::size_t t = 0; t < depth; ++t) {
            std::vector<gdl::Term> joint;
            for (std::size_t r = 0; r < sa.does_of.size(); ++r)
                for (std::size_t k = 0; k < sa.does_of[r].size(); ++k)
                    if (m.eval(vars[c][t][sa.does_of[r][k]], true).is_true()) {
                        joint.push_back(sa.moves[r][k]);
                        break;
                    }
            (c == 0 ? w.actual : w.alternative).push_back(std::move(joint));
        }
    return w;
}

std::vector<std::vector<std::size_t>> one_hot_groups(const StepAtoms& sa, std::size_t offset) {
    std::map<std::string, std::vector<std::size_t>> groups;
    for (std::size_t f = 0; f < sa.fluents.size(); ++f) {
        const gdl::Term& t = sa.fluents[f];
        for (std::size_t k = 0; k < t.args.size(); ++k) {
            std::string key = t.name + "/" + std::to_string(t.args.size()) + "@" + std::to_string(k);
            for (std::size_t j = 0; j < t.args.size(); ++j)
                if (j != k) key += " " + t.args[j].to_kif();
            groups[key].push_back(offset + f);
        }
    }
    std::vector<std::vector<std::size_t>> out;
    for (auto& [key, members] : groups)
        if (members.size() > 1) out.push_back(std::move(members));
    return out;
}

}  // namespace gdlsc::smt
