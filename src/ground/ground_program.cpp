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

std::string atom_key(const gdl::Term& atom, int step) { return std::to_string(step) + "|" + atom.to_kif(); }

std::int64_t GroundProgram::find(const gdl::Term& atom, int step) const {
    auto it = index_.find(atom_key(atom, step));
    return it == index_.end() ? -1 : static_cast<std::int64_t>(it->second);
}

AtomId GroundProgram::intern(const gdl::Term& atom, int step) {
    auto [it, fresh] = index_.emplace(atom_key(atom, step), static_cast<AtomId>(atoms.size()));
    if (fresh) atoms.push_back({atom, step});
    return it->second;
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
