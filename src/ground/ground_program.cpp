// GroundProgram: atom interning, names and sizes.
#include "ground/ground_program.h"

namespace gdlsc::ground {

std::string Atom::name() const {
    std::string s = atom.name;
    if (step >= 0) s += "@" + std::to_string(step);
    if (!atom.is_compound()) return s;
    for (const auto& a : atom.args) s += " " + a.to_kif();
    return "(" + s + ")";
}

namespace {

std::size_t term_hash(const gdl::Term& t) {
    std::size_t h = std::hash<std::string>{}(t.name) * 31 + static_cast<std::size_t>(t.kind);
    for (const auto& a : t.args) h = (h ^ term_hash(a)) * 0x100000001b3ull;
    return h;
}

}  // namespace

std::size_t atom_hash(const gdl::Term& atom, int step) {
    return term_hash(atom) * 0x9E3779B97F4A7C15ull + static_cast<std::size_t>(step + 1);
}

std::int64_t GroundProgram::find(const gdl::Term& atom, int step) const {
    auto [lo, hi] = index_.equal_range(atom_hash(atom, step));
    for (auto it = lo; it != hi; ++it)
        if (atoms[it->second].step == step && atoms[it->second].atom == atom) return it->second;
    return -1;
}

AtomId GroundProgram::intern(const gdl::Term& atom, int step) {
    const std::size_t h = atom_hash(atom, step);
    auto [lo, hi] = index_.equal_range(h);
    for (auto it = lo; it != hi; ++it)
        if (atoms[it->second].step == step && atoms[it->second].atom == atom) return it->second;
    AtomId a = static_cast<AtomId>(atoms.size());
    atoms.push_back({atom, step});
    index_.emplace(h, a);
    return a;
}

void GroundProgram::index_rules() {
    rules_of.assign(atoms.size(), {});
    for (size_t i = 0; i < rules.size(); ++i) rules_of[rules[i].head].push_back(i);
}

std::string GroundProgram::rule_text(const GroundRule& r) const {
    std::string s = atoms[r.head].name();
    std::string body;
    for (AtomId a : r.pos) body += (body.empty() ? "" : ", ") + atoms[a].name();
    for (AtomId a : r.neg) body += (body.empty() ? "not " : ", not ") + atoms[a].name();
    return body.empty() ? s : s + " :- " + body;
}

std::string GroundProgram::size_text() const {
    size_t lits = 0;
    for (const auto& r : rules) lits += r.pos.size() + r.neg.size();
    return std::to_string(atoms.size()) + " atoms, " + std::to_string(rules.size()) + " rules (" +
           std::to_string(lits) + " body literals), steps 0.." + std::to_string(horizon);
}

}  // namespace gdlsc::ground
