// The front door of `prove` (see prove.h): the method table, the choice of a method from the
// request, `all` (the table run whole, the first run the reference), and the outcome's text,
// JSON and exit code.
#include "prove/prove.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "base/deadline.h"
#include "base/errors.h"
#include "prove/proof.h"
#include "prove/prove_chc.h"
#include "prove/prove_wellformed.h"
#include "prove/prove_bdd.h"
#include "prove/prove_developments.h"
#include "prove/prove_smt.h"

namespace gdlsc::query {
namespace {

WholeGameOptions whole_game_options(const ProveRequest& r) {
    WholeGameOptions o;
    o.progress = r.progress;
    o.timeout_seconds = r.timeout_seconds;
    o.max_pairs = r.max_pairs;
    o.max_depth = r.depth;
    return o;
}

WholeGameOptions walk_options(const ProveRequest& r) {
    WholeGameOptions o = whole_game_options(r);
    ground::WalkOptions w;
    if (r.walks) w.walks = r.walks;
    w.seed = r.seed.value_or(1);
    o.walks = w;
    return o;
}

BddProveOptions bdd_options(const ProveRequest& r) {
    BddProveOptions o;
    o.progress = r.progress;
    o.timeout_seconds = r.timeout_seconds;
    o.max_depth = r.depth;
    if (r.max_nodes) o.engine.max_nodes = r.max_nodes;
    o.engine.order = bdd_order(r.bdd_order);
    o.engine.reorder = r.bdd_reorder;
    o.reachable_pairs = r.bdd_pairs;
    return o;
}

SmtProveOptions smt_options(const ProveRequest& r, bool induction) {
    SmtProveOptions o;
    o.depth = induction ? std::nullopt : r.depth;
    o.induction = induction;
    if (r.max_k) o.max_k = *r.max_k;
    o.progress = r.progress;
    o.timeout_seconds = r.timeout_seconds;
    return o;
}

ChcProveOptions chc_options(const ProveRequest& r) {
    ChcProveOptions o;
    o.progress = r.progress;
    o.timeout_seconds = r.timeout_seconds;
    o.solver = r.chc_solver;
    return o;
}

std::string epistemic_fixpoint(const Game& g, const ProveRequest& r) {
    if (g.analysis.epistemic && is_wellformedness_property(r.property))
        return "well-formedness is decided over the reachable states, but in a GDL-III game (knows in the rules) "
               "what holds depends on the whole development: not decided for GDL-III games";
    return fixpoint_not_applicable(g);
}

std::string needs_depth(const Game&, const ProveRequest& r) {
    return r.depth ? "" : "it checks developments up to a length: give --depth N";
}

std::string developments(const Game& g, const ProveRequest& r) {
    if (is_wellformedness_property(r.property))
        return "well-formedness is checked on the graph of reachable states: use --engine fixpoint";
    return needs_depth(g, r);
}

std::string whole_game_only(const Game&, const ProveRequest& r) {
    return r.depth ? "it proves the whole game: use it without --depth" : "";
}

// The method the request names ("explicit" and "smt --induction" are spellings of a method).
std::string method_name(const ProveRequest& r) {
    if (r.engine == "explicit") return r.depth && !is_wellformedness_property(r.property) ? "developments" : "fixpoint";
    if (r.engine == "smt" && r.induction) return "induction";
    return r.engine;
}

void check_request(const ProveRequest& r) {
    if (!r.witness.empty()) {
        if (r.depth || r.induction || r.max_k || r.max_pairs)
            throw UserError(
                "prove: --witness checks the given developments; it takes no --depth, --induction, --max-k or --max-pairs");
        return;
    }
    if (r.max_k && !r.induction && r.engine != "induction" && !((r.engine == "all" || r.engine == "auto") && !r.depth))
        throw UserError("prove: --max-k goes with --engine smt --induction, or --engine all or auto without --depth");
    if (r.engine == "all" && r.induction) throw UserError("prove: --engine all runs k-induction itself when --depth is omitted");
    if (r.induction && r.engine != "smt" && r.engine != "induction") throw UserError("prove: --induction needs --engine smt");
    if (r.induction && r.depth) throw UserError("prove: --induction and --depth exclude each other");
    if (r.engine == "smt" && !r.induction && !r.depth) throw UserError("prove: --engine smt needs --depth N or --induction");
    if (r.engine == "developments" && !r.depth) throw UserError("prove: --engine developments needs --depth N");
    if (r.chc_solver != "both" && r.engine != "chc" && r.engine != "all" && r.engine != "auto")
        throw UserError("prove: --chc-solver goes with --engine chc (or all, auto)");
    if ((r.walks || r.seed) && r.engine != "walks" && r.engine != "all" && r.engine != "auto")
        throw UserError("prove: --walks and --seed go with --engine walks, all or auto");
    if ((r.max_nodes || !r.bdd_order.empty() || r.bdd_reorder || r.bdd_pairs) && r.engine != "bdd" && r.engine != "all" &&
        r.engine != "auto")
        throw UserError("prove: --max-nodes, --bdd-order, --bdd-reorder and --bdd-pairs go with --engine bdd, all or auto");
    if (r.engine == "auto" && r.depth)
        throw UserError("prove: --engine auto decides the whole game; with --depth N use developments, fixpoint, bdd or smt");
}

// --engine auto: the methods that apply to the whole game, in the table's order without the
// reference's duplicates (fixpoint, induction, bdd, chc, walks: k-induction before the BDDs,
// since it is the cheaper to try), each run with a time slice; round after round the slices
// grow (kAutoFirstSliceSeconds, times kAutoSliceGrowth), until one gives a verdict or the time
// limit passes. Only a time limit is tried again: a method that does not apply, whose program
// is too large, that reaches another bound (--max-pairs, --max-nodes, memory) or that ends
// undecided (k-induction at --max-k, walks without a counterexample) is not.
ProveOutcome prove_auto(const Game& g, const ProveRequest& r) {
    ProveOutcome out;
    const Deadline deadline = Deadline::after(r.timeout_seconds);
    std::vector<const ProveMethodEntry*> left;
    for (const char* name : {"fixpoint", "induction", "bdd", "chc", "walks"})
        for (const auto& m : prove_methods())
            if (m.name == name) {
                if (std::string why = m.not_applicable(g, r); why.empty()) left.push_back(&m);
                else out.tries.push_back(m.name + ": " + why);
            }
    std::optional<std::pair<std::string, ProveReport>> undecided;
    std::optional<LimitError> time_limit, other_limit;
    constexpr double kMaxSlice = 1e9;  // no time limit: the slices stop growing somewhere finite
    for (double slice = kAutoFirstSliceSeconds; !left.empty(); slice = std::min(slice * kAutoSliceGrowth, kMaxSlice)) {
        std::vector<const ProveMethodEntry*> again;
        for (std::size_t i = 0; i < left.size(); ++i) {
            const ProveMethodEntry* m = left[i];
            ProveRequest one = r;
            one.engine = m->name;
            one.timeout_seconds = slice;
            if (deadline.limited()) {
                // in tenths of a second, rounded up, as under `all`: "0.3 s", not "0.299971 s"
                one.timeout_seconds = std::ceil(std::min(slice, deadline.seconds_left()) * 10) / 10;
                if (deadline.seconds_left() < 0.001) {
                    for (std::size_t j = i; j < left.size(); ++j)
                        out.tries.push_back(left[j]->name + ": not run: the time limit of " + seconds_text(r.timeout_seconds) +
                                            " s was used by the tries before it");
                    time_limit = TimeLimitError("prove: the time limit of " + seconds_text(r.timeout_seconds) + " s passed");
                    again.clear();
                    break;
                }
            }
            const std::string at = m->name + ": " + seconds_text(one.timeout_seconds) + " s: ";
            if (r.progress) std::fprintf(stderr, "prove: auto: %s for %s s\n", m->name.c_str(), seconds_text(one.timeout_seconds).c_str());
            ProveReport rep;
            try {
                rep = m->run(g, one);
            } catch (const TooLargeError& ex) {
                out.tries.push_back(at + ex.what());
                continue;
            } catch (const TimeLimitError& ex) {  // again with a longer slice
                out.tries.push_back(at + ex.what());
                time_limit = ex;
                again.push_back(m);
                continue;
            } catch (const LimitError& ex) {  // pairs, nodes, memory: a longer slice would not help
                out.tries.push_back(at + ex.what());
                if (!other_limit) other_limit = ex;
                continue;
            } catch (const UserError& ex) {
                if (m->name == "fixpoint") throw;  // the property itself is refused
                out.tries.push_back(at + ex.what());
                continue;
            }
            if (rep.undecided) {
                out.tries.push_back(at + "undecided");
                if (!undecided) undecided.emplace(m->name, std::move(rep));
                continue;
            }
            out.decided_by = m->name;
            out.runs.emplace_back(m->name, std::move(rep));
            // The explanation replays the counterexample; past the limit the verdict stands without it.
            try {
                explain_counterexample(g, out.runs.back().second,
                                       deadline.limited() ? std::max(deadline.seconds_left(), 0.5) : 0);
            } catch (const LimitError&) {
            }
            return out;
        }
        left.swap(again);
    }
    // No verdict. A time limit is exit 4 (as the docs say: auto answers "undecided" only when
    // every method has given up before the time ran out); then an undecided run (exit 6);
    // then another bound (exit 4); else nothing applied (exit 2).
    std::string why;
    for (const auto& t : out.tries) why += "\n  " + t;
    if (time_limit && deadline.limited() && deadline.passed())
        throw TimeLimitError("prove: no method decided within the time limit of " + seconds_text(r.timeout_seconds) + " s:" + why);
    if (undecided) {
        out.decided_by = undecided->first;
        out.runs.push_back(std::move(*undecided));
        return out;
    }
    if (other_limit || time_limit) throw LimitError("prove: no method decided:" + why);
    throw UserError("prove: no method applies to this question:" + why +
                    "\n(auto decides the whole game; for the developments up to a length: --depth N with --engine explicit)");
}

// `--witness FILE`: the developments replayed; explicit is the progression engine, all adds the
// step network and Z3.
ProveOutcome replay_witness(const Game& g, const ProveRequest& r) {
    if (is_wellformedness_property(r.property))
        throw UserError("prove: --witness replays two developments a role cannot tell apart; a well-formedness "
                        "counterexample is one development: replay it with `gdlsc simulate` or `query --history`");
    std::vector<std::string> engines;
    if (r.engine == "explicit") engines = {"progression"};
    else if (r.engine == "smt") engines = {"smt"};
    else if (r.engine == "all") engines = {"progression", "network", "smt"};
    else throw UserError("prove: --witness replays with --engine explicit (Prolog), smt (Z3) or all (and the step network)");
    ProveOutcome o;
    o.witness = check_witness(g, r.property, read_witness(r.witness, g), engines, r.timeout_seconds);
    return o;
}

std::string verdict_line(const std::string& name, const ProveReport& r) {
    std::string v = r.undecided && r.method == ProveMethod::Walks
                        ? "undecided (no counterexample in " + std::to_string(r.walks) + " walks)"
                    : r.undecided ? "undecided (k = " + std::to_string(r.depth) + ")"
                    : r.holds   ? std::string("holds") + (r.whole_game ? " for the whole game" : " to depth " + std::to_string(r.depth))
                                : "refuted at depth " + std::to_string(r.at_depth) + (r.role.empty() ? "" : " (" + r.role + ")");
    return name + ": " + v;
}

}  // namespace

const std::vector<ProveMethodEntry>& prove_methods() {
    static const std::vector<ProveMethodEntry> table = {
        {"developments", "every development of length <= N, enumerated (--depth N)",
         [](const Game& g, const ProveRequest& r) {
             return compute_prove(g, r.property, *r.depth, r.progress, r.timeout_seconds);
         },
         &developments},
        {"fixpoint", "the lockstep pair fixpoint: the whole game, or the pair graph cut at --depth N",
         [](const Game& g, const ProveRequest& r) { return prove_whole_game(g, r.property, whole_game_options(r)); },
         &epistemic_fixpoint},
        // After the fixpoint, which stays the reference; where the fixpoint reaches a limit the
        // bdd engine is the first to decide (before induction, which may say "undecided"). Each
        // method gets its share of --timeout.
        {"bdd", "the lockstep pair fixpoint on BDDs (BuDDy): the whole game, or its levels up to --depth N",
         [](const Game& g, const ProveRequest& r) { return prove_bdd(g, r.property, bdd_options(r)); },
         [](const Game& g, const ProveRequest& r) { return bdd_not_applicable(g, r.property); }},
        {"smt", "Z3 on the game unrolled in two copies, depth by depth (--depth N)",
         [](const Game& g, const ProveRequest& r) {
             if (is_wellformedness_property(r.property))
                 return prove_wellformed_smt(g, r.property, *r.depth, r.timeout_seconds);
             return prove_smt(g, r.property, smt_options(r, false));
         },
         &needs_depth},
        {"induction", "k-induction with Houdini invariants on the two-copy system (whole game)",
         [](const Game& g, const ProveRequest& r) { return prove_smt(g, r.property, smt_options(r, true)); },
         &whole_game_only},
        {"chc", "the pair system as Horn clauses, solved by IC3/PDR and Z3's Spacer (whole game; --chc-solver)",
         [](const Game& g, const ProveRequest& r) {
             if (is_wellformedness_property(r.property)) return prove_wellformed_chc(g, r.property, chc_options(r));
             return prove_chc(g, r.property, chc_options(r));
         },
         &whole_game_only},
        // Last: a refuter, not a proof. Its counterexamples are real but not always shortest.
        {"walks", "random lockstep walks: a counterexample where the pairs are too many to search (--walks, --seed)",
         [](const Game& g, const ProveRequest& r) { return prove_whole_game(g, r.property, walk_options(r)); },
         [](const Game& g, const ProveRequest& r) {
             if (is_wellformedness_property(r.property))
                 return std::string("well-formedness is decided over single states: use --engine fixpoint");
             if (r.depth)
                 return std::string("the walks look for a counterexample in the whole game: use them without "
                                    "--depth (with it, the developments decide exactly)");
             if (g.analysis.epistemic)
                 return std::string("the walks step pairs of states, but in a GDL-III game (knows in the rules) what "
                                    "holds depends on the whole development, not on its final state; use --depth N "
                                    "(every development of at most N joint moves, exactly)");
             return std::string();
         }},
    };
    return table;
}

ProveOutcome prove(const Game& g, const ProveRequest& r) {
    check_request(r);
    if (!r.witness.empty()) return replay_witness(g, r);
    if (r.engine == "auto") return prove_auto(g, r);
    ProveOutcome out;
    if (r.engine != "all") {
        const std::string name = method_name(r);
        for (const auto& m : prove_methods()) {
            if (m.name != name) continue;
            if (std::string why = m.not_applicable(g, r); !why.empty()) throw UserError("prove: " + why);
            out.runs.emplace_back(m.name, m.run(g, r));
            explain_counterexample(g, out.runs.back().second, r.timeout_seconds);
            return out;
        }
        std::string names;
        for (const auto& m : prove_methods()) names += ", " + m.name;
        throw UserError("prove: unknown method '" + r.engine + "' (methods: explicit" + names + ", all, auto)");
    }
    // The table run whole. A method that reaches a limit (time, pairs, memory), whose step
    // program is too large, or that does not decide this property is listed with why; the
    // limit ends the command only when no method gives a verdict.
    out.all = true;
    std::optional<LimitError> first_limit;
    // --timeout bounds the whole run: each method that applies gets an equal share of the time
    // left (what one does not use goes to the ones after it), so a method that cannot finish
    // does not hold the others' answers back.
    const Deadline deadline = Deadline::after(r.timeout_seconds);
    std::vector<const ProveMethodEntry*> applicable;
    for (const auto& m : prove_methods()) {
        if (std::string why = m.not_applicable(g, r); !why.empty()) {
            // Listed only where it says something about the game, not about the request's shape.
            if (m.name == "fixpoint") out.not_applicable.push_back(m.name + ": " + why);
            continue;
        }
        applicable.push_back(&m);
    }
    for (std::size_t i = 0; i < applicable.size(); ++i) {
        const ProveMethodEntry& m = *applicable[i];
        ProveRequest left = r;
        if (deadline.limited()) {
            // in tenths of a second, rounded up: the limit messages say "150 s", not "149.9987 s"
            left.timeout_seconds =
                std::ceil(deadline.seconds_left() / static_cast<double>(applicable.size() - i) * 10) / 10;
            if (left.timeout_seconds < 0.001) {
                const std::string why = "not run: the time limit of " + seconds_text(r.timeout_seconds) +
                                        " s was used by the methods before it";
                out.not_applicable.push_back(m.name + ": " + why);
                ++out.at_limit;
                if (!first_limit) first_limit = LimitError("prove: " + why);
                continue;
            }
        }
        try {
            out.runs.emplace_back(m.name, m.run(g, left));
            explain_counterexample(g, out.runs.back().second, left.timeout_seconds);
        } catch (const TooLargeError& ex) {  // its step program passes the size bound
            out.not_applicable.push_back(m.name + ": " + ex.what());
        } catch (const LimitError& ex) {
            if (m.name == "developments") throw;  // the reference of a bounded question
            if (!first_limit) first_limit = ex;
            ++out.at_limit;
            out.not_applicable.push_back(m.name + ": " + ex.what());
        } catch (const UserError& ex) {
            if (m.name == "developments" || m.name == "fixpoint") throw;  // the property itself is refused
            out.not_applicable.push_back(m.name + ": " + ex.what());
        }
    }
    if (out.runs.empty()) {
        if (first_limit && deadline.limited()) {
            std::string why;
            for (const auto& n : out.not_applicable) why += "\n  " + n;
            throw LimitError("prove: no method decided within the time limit of " + seconds_text(r.timeout_seconds) +
                             " s (each had a share of it):" + why);
        }
        if (first_limit) throw *first_limit;
        std::string why;
        for (const auto& n : out.not_applicable) why += "\n  " + n;
        throw UserError("prove: no method applies to this question:" + why);
    }
    // Verdicts must agree; so must the depths of the counterexamples of the methods that find a
    // shortest one (not the walks').
    const ProveReport& ref = out.report();
    for (const auto& [name, rep] : out.runs) {
        if (rep.undecided) continue;
        if (rep.holds != ref.holds) out.agree = false;
        if (!rep.holds && rep.method != ProveMethod::Walks && ref.method != ProveMethod::Walks &&
            rep.at_depth != ref.at_depth)
            out.agree = false;
    }
    return out;
}

const ProveReport& ProveOutcome::report() const {
    if (witness) return witness->report;
    for (const auto& run : runs)
        if (!run.second.undecided) return run.second;
    return runs.front().second;
}

int ProveOutcome::exit_code() const {
    if (witness) return witness->disagreement.empty() ? kExitRefuted : kExitDisagreement;
    if (!agree) return kExitDisagreement;
    const ProveReport& ref = report();
    return ref.undecided ? kExitUndecided : ref.holds ? kExitOk : kExitRefuted;
}

std::string ProveOutcome::text() const {
    if (witness) {
        std::string out = prove_text(witness->report), by;
        for (const auto& c : witness->checks) by += (by.empty() ? "" : ", ") + c.engine;
        out += "the witness is a counterexample (replayed by " + by + ")\n";
        for (const auto& n : witness->not_applicable) out += n + "\n";
        if (!witness->disagreement.empty()) out += "the engines DISAGREE: " + witness->disagreement + "\n";
        return out;
    }
    if (!decided_by.empty()) {
        std::string out = prove_text(report());
        for (const auto& t : tries) out += "auto: " + t + "\n";
        return out + (report().undecided ? "auto: no verdict: " + decided_by + " ended undecided, the others gave up\n"
                                         : "auto: decided by " + decided_by + "\n");
    }
    if (!all) return prove_text(report());
    std::string out = prove_text(report());
    for (const auto& [name, r] : runs) out += verdict_line(name, r) + "\n";
    for (const auto& n : not_applicable) out += n + "\n";
    // "applies" when the others were refused; "gave a verdict" when some reached a limit
    if (runs.size() == 1)
        out += "only " + runs.front().first + (at_limit ? " gave a verdict" : " applies") + ": nothing to cross-check\n";
    else out += agree ? "the engines agree\n" : "the engines DISAGREE\n";
    return out;
}

std::string ProveOutcome::json() const {
    nlohmann::json j = nlohmann::json::parse(prove_json(report()));
    if (witness) {
        j["checked_by"] = nlohmann::json::array();
        for (const auto& c : witness->checks) j["checked_by"].push_back(c.engine);
        j["not_applicable"] = witness->not_applicable;
        j["agree"] = witness->disagreement.empty();
        return j.dump(2) + "\n";
    }
    if (!decided_by.empty()) {
        j["decided_by"] = decided_by;
        j["tries"] = tries;
        return j.dump(2) + "\n";
    }
    if (!all) return prove_json(report());
    j["agree"] = agree;
    j["engines"] = nlohmann::json::array();
    for (const auto& [name, r] : runs) j["engines"].push_back({{"engine", name}, {"report", nlohmann::json::parse(prove_json(r))}});
    j["not_applicable"] = not_applicable;
    return j.dump(2) + "\n";
}

}  // namespace gdlsc::query
