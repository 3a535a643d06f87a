// TermTable: symbol interning and an open-addressing hash table of (symbol, argument ids).
#include "ground/term_table.h"

#include "ground/sequence_set.h"

namespace gdlsc::ground {

TermTable::TermTable() : slots_(1024, 0) {}

SymbolId TermTable::symbol(std::string_view name) {
    auto it = symbols_.find(std::string(name));
    if (it != symbols_.end()) return it->second;
    SymbolId s = static_cast<SymbolId>(names_.size());
    names_.emplace_back(name);
    symbols_.emplace(names_.back(), s);
    return s;
}

std::uint64_t TermTable::hash(SymbolId sym, const TermId* args, std::uint32_t n) {
    std::uint64_t h = (static_cast<std::uint64_t>(sym) << 20) ^ n;
    for (std::uint32_t i = 0; i < n; ++i) h = (h ^ args[i]) * 0x100000001B3ull + (h >> 29);
    return mix64(h);  // slots are taken from the low bits
}

bool TermTable::same(TermId t, SymbolId sym, const TermId* args, std::uint32_t n) const {
    const Node& x = nodes_[t];
    if (x.sym != sym || x.arity != n) return false;
    for (std::uint32_t i = 0; i < n; ++i)
        if (args_[x.first + i] != args[i]) return false;
    return true;
}

std::int64_t TermTable::find(SymbolId sym, const TermId* args, std::uint32_t n) const {
    const std::uint64_t h = hash(sym, args, n), tag = h & ~0xFFFFFFFFull;
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = h & mask;; i = (i + 1) & mask) {
        std::uint64_t s = slots_[i];
        if (s == 0) return -1;
        if ((s & ~0xFFFFFFFFull) == tag && same(static_cast<TermId>(s) - 1, sym, args, n))
            return static_cast<TermId>(s) - 1;
    }
}

void TermTable::grow() {
    std::vector<std::uint64_t> slots(slots_.size() * 2, 0);
    const std::size_t mask = slots.size() - 1;
    for (TermId t = 0; t < nodes_.size(); ++t) {
        const Node& x = nodes_[t];
        const std::uint64_t h = hash(x.sym, args_.data() + x.first, x.arity);
        std::size_t i = h & mask;
        while (slots[i] != 0) i = (i + 1) & mask;
        slots[i] = (h & ~0xFFFFFFFFull) | (t + 1);
    }
    slots_ = std::move(slots);
}

TermId TermTable::make(SymbolId sym, const TermId* args, std::uint32_t n) {
    const std::uint64_t h = hash(sym, args, n), tag = h & ~0xFFFFFFFFull;
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = h & mask;
    for (;; i = (i + 1) & mask) {
        std::uint64_t s = slots_[i];
        if (s == 0) break;
        if ((s & ~0xFFFFFFFFull) == tag && same(static_cast<TermId>(s) - 1, sym, args, n))
            return static_cast<TermId>(s) - 1;
    }
    if (n > 0 && args >= args_.data() && args < args_.data() + args_.size()) {
        std::vector<TermId> copy(args, args + n);  // args points into args_, which may move
        return make(sym, copy.data(), n);
    }
    TermId t = static_cast<TermId>(nodes_.size());
    std::uint64_t size = 1;
    for (std::uint32_t j = 0; j < n; ++j) {
        size += sizes_[args[j]];
        if (size > (UINT64_MAX >> 2)) size = UINT64_MAX >> 2;
    }
    nodes_.push_back({sym, n, static_cast<std::uint32_t>(args_.size())});
    args_.insert(args_.end(), args, args + n);
    sizes_.push_back(size);
    slots_[i] = tag | (t + 1);
    if (nodes_.size() * 2 > slots_.size()) grow();
    return t;
}

TermId TermTable::from_term(const gdl::Term& t) {
    std::vector<TermId> args;
    args.reserve(t.args.size());
    for (const auto& a : t.args) args.push_back(from_term(a));
    return make(symbol(t.name), args.data(), static_cast<std::uint32_t>(args.size()));
}

gdl::Term TermTable::to_term(TermId t) const {
    const Node& x = nodes_[t];
    if (x.arity == 0) return gdl::Term::constant(names_[x.sym]);
    std::vector<gdl::Term> args;
    args.reserve(x.arity);
    for (std::uint32_t i = 0; i < x.arity; ++i) args.push_back(to_term(args_[x.first + i]));
    return gdl::Term::compound(names_[x.sym], std::move(args));
}

}  // namespace gdlsc::ground
