// gdlsc's Python binding: the C++ API (<gdlsc/gdlsc.h>) as the extension module gdlsc._gdlsc,
// which the package gdlsc (gdlsc/__init__.py) wraps in Python types: dicts, Fractions, the
// Error classes. Nothing here reasons about games; every call is one call of the API.
//
// Long calls release the GIL and run under a SIGINT handler of their own that asks the API to
// end the call (gdlsc::interrupt(), async-signal-safe); when it has ended, Python's handler is
// back and KeyboardInterrupt is raised, so the next call starts clean (doc/python.md).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <csignal>

#include "api/gdlsc.h"

namespace py = pybind11;

namespace {

// Turns gdlsc::Error into the Python class for its exit code (gdlsc/_errors.py), with the
// message, the exit code and the location.
void translate_error(std::exception_ptr p) {
    try {
        if (p) std::rethrow_exception(p);
    } catch (const gdlsc::Error& e) {
        py::object make = py::module_::import("gdlsc._errors").attr("make_error");
        py::object err = make(e.what(), e.exit_code(), e.file(), e.line(), e.column());
        PyErr_SetObject(err.get_type().ptr(), err.ptr());
    }
}

extern "C" void on_sigint(int) { gdlsc::interrupt(); }

// Runs `f` without the GIL, with SIGINT ending it (gdlsc::interrupt()); then raises
// KeyboardInterrupt if that happened, whatever `f` returned or threw.
template <class F>
auto long_call(F&& f) -> decltype(f()) {
    struct sigaction ours {}, theirs {};
    ours.sa_handler = on_sigint;
    sigemptyset(&ours.sa_mask);
    gdlsc::clear_interrupt();
    sigaction(SIGINT, &ours, &theirs);
    struct Restore {
        struct sigaction* old;
        ~Restore() { sigaction(SIGINT, old, nullptr); }
    };
    auto interrupted = [] {
        if (!gdlsc::interrupted()) return false;
        gdlsc::clear_interrupt();
        return true;
    };
    try {
        decltype(f()) result = [&] {
            Restore r{&theirs};
            py::gil_scoped_release nogil;
            return f();
        }();
        if (interrupted()) {
            PyErr_SetNone(PyExc_KeyboardInterrupt);
            throw py::error_already_set();
        }
        return result;
    } catch (const gdlsc::Error&) {
        if (interrupted()) {
            PyErr_SetNone(PyExc_KeyboardInterrupt);
            throw py::error_already_set();
        }
        throw;
    }
}

using Rows = std::vector<std::vector<std::pair<std::string, std::string>>>;

}  // namespace

PYBIND11_MODULE(_gdlsc, m) {
    m.doc() = "gdlsc's C++ API (the package gdlsc wraps it; use that).";
    py::register_exception_translator(translate_error);

    py::class_<gdlsc::Diagnostic>(m, "Diagnostic", "One message of the validation (gdlsc check).")
        .def_readonly("file", &gdlsc::Diagnostic::file)
        .def_readonly("line", &gdlsc::Diagnostic::line)
        .def_readonly("column", &gdlsc::Diagnostic::column)
        .def_readonly("severity", &gdlsc::Diagnostic::severity)
        .def_readonly("message", &gdlsc::Diagnostic::message)
        .def("__repr__", [](const gdlsc::Diagnostic& d) {
            return d.file + ":" + std::to_string(d.line) + ":" + std::to_string(d.column) + ": " + d.severity + ": " +
                   d.message;
        });

    py::class_<gdlsc::State>(m, "State")
        .def("history", &gdlsc::State::history)
        .def("history_text", &gdlsc::State::history_text)
        .def("fluents", &gdlsc::State::fluents)
        .def("terminal", &gdlsc::State::terminal)
        .def("legal", &gdlsc::State::legal)
        .def("percepts", &gdlsc::State::percepts)
        .def("percept_history", &gdlsc::State::percept_history)
        .def("goals", &gdlsc::State::goals)
        .def("step", [](const gdlsc::State& s, const std::vector<std::string>& joint) {
            py::gil_scoped_release nogil;
            return s.step(joint);
        });

    py::class_<gdlsc::Game>(m, "Game")
        .def_static("read", [](const std::string& path, bool strict) { return gdlsc::Game::read(path, strict); })
        .def_static("parse", [](const std::string& text, const std::string& name, bool strict) {
            return gdlsc::Game::parse(text, name, strict);
        })
        .def_static("check", &gdlsc::Game::check)
        .def("path", &gdlsc::Game::path)
        .def("roles", &gdlsc::Game::roles)
        .def("epistemic", &gdlsc::Game::epistemic)
        .def("predicate_classes", &gdlsc::Game::predicate_classes)
        .def("fluent_signatures", &gdlsc::Game::fluent_signatures)
        .def("translate", [](const gdlsc::Game& g, const std::string& f, const std::string& h, int horizon,
                             const std::string& e) { return long_call([&] { return g.translate(f, h, horizon, e); }); })
        .def("query",
             [](const gdlsc::Game& g, const std::string& f, const std::string& h, const std::string& e, double t) {
                 gdlsc::Answer a = long_call([&] { return g.query(f, h, e, t); });
                 return std::make_pair(a.holds, a.rows);
             })
        .def("information_set",
             [](const gdlsc::Game& g, const std::string& role, const std::string& h, double t) {
                 gdlsc::InformationSet s = long_call([&] { return g.information_set(role, h, t); });
                 return std::make_pair(s.developments, s.states);
             })
        .def("belief",
             [](const gdlsc::Game& g, const std::string& role, const std::string& f, const std::string& h, double t) {
                 gdlsc::Belief b = long_call([&] { return g.belief(role, f, h, t); });
                 return py::make_tuple(b.numerator, b.denominator, b.developments);
             })
        .def("prove",
             [](const gdlsc::Game& g, const std::string& p, std::optional<std::size_t> d, double t, const std::string& e) {
                 return long_call([&] { return g.prove(p, d, t, e); });
             })
        .def("check_witness",
             [](const gdlsc::Game& g, const std::string& p, const std::string& w, double t, const std::string& e) {
                 return long_call([&] { return g.check_witness(p, w, t, e); });
             })
        .def("solve",
             [](const gdlsc::Game& g, const std::string& f, std::size_t d, std::size_t l, double t, const std::string& h) {
                 gdlsc::Solutions s = long_call([&] { return g.solve(f, d, l, t, h); });
                 return py::make_tuple(s.count, s.histories, s.states, s.text);
             })
        .def("regress",
             [](const gdlsc::Game& g, const std::string& f, const std::string& h, std::size_t n, double t) {
                 gdlsc::Regression r = long_call([&] { return g.regress(f, h, n, t); });
                 return py::make_tuple(r.formula, r.size, r.answer.holds, r.answer.rows);
             })
        .def("initial", [](const gdlsc::Game& g) {
            py::gil_scoped_release nogil;
            return g.initial();
        })
        .def("after", [](const gdlsc::Game& g, const std::string& h) {
            py::gil_scoped_release nogil;
            return g.after(h);
        })
        .def("random_playout", [](const gdlsc::Game& g, std::uint64_t seed, std::size_t max_steps) {
            return long_call([&] { return g.random_playout(seed, max_steps); });
        })
        .def("simulate",
             [](const gdlsc::Game& g, std::uint64_t seed, std::size_t max_steps, const std::string& record_path,
                const std::string& record_format) {
                 gdlsc::Match mt = long_call([&] { return g.simulate(seed, max_steps, record_path, record_format); });
                 return py::make_tuple(mt.joint_moves, mt.terminal, mt.goals);
             })
        .def("record",
             [](const gdlsc::Game& g, std::uint64_t seed, std::size_t max_steps, const std::string& format) {
                 return long_call([&] { return g.record(seed, max_steps, format); });
             })
        .def("replay",
             [](const gdlsc::Game& g, const std::string& path, const std::string& role, const std::string& engine,
                double t) { return long_call([&] { return g.replay(path, role, engine, t); }); })
        .def("replay_text",
             [](const gdlsc::Game& g, const std::string& text, const std::string& name, const std::string& role,
                const std::string& engine, double t) {
                 return long_call([&] { return g.replay_text(text, name, role, engine, t); });
             })
        .def("playouts", [](const gdlsc::Game& g, std::int64_t n, std::uint64_t seed) {
            gdlsc::Playouts p = long_call([&] { return g.playouts(n, seed); });
            py::dict d;
            d["engine"] = p.engine;
            d["playouts"] = p.playouts;
            d["states"] = p.states;
            d["moves"] = p.moves;
            d["terminals"] = p.terminals;
            d["seconds"] = p.seconds;
            d["cpu_seconds"] = p.cpu_seconds;
            return d;
        });

    py::class_<gdlsc::Proof>(m, "Proof")
        .def_readonly("holds", &gdlsc::Proof::holds)
        .def_readonly("whole_game", &gdlsc::Proof::whole_game)
        .def_readonly("undecided", &gdlsc::Proof::undecided)
        .def_readonly("method", &gdlsc::Proof::method)
        .def_readonly("depth", &gdlsc::Proof::depth)
        .def_readonly("role", &gdlsc::Proof::role)
        .def_readonly("actual", &gdlsc::Proof::actual)
        .def_readonly("alternative", &gdlsc::Proof::alternative)
        .def_readonly("actual_percepts", &gdlsc::Proof::actual_percepts)
        .def_readonly("alternative_percepts", &gdlsc::Proof::alternative_percepts)
        .def_readonly("explanation", &gdlsc::Proof::explanation)
        .def_readonly("text", &gdlsc::Proof::text)
        .def_readonly("json", &gdlsc::Proof::json);

    py::class_<gdlsc::ReplayDeviation>(m, "ReplayDeviation")
        .def_readonly("step", &gdlsc::ReplayDeviation::step)
        .def_readonly("role", &gdlsc::ReplayDeviation::role)
        .def_readonly("move", &gdlsc::ReplayDeviation::move)
        .def_readonly("what", &gdlsc::ReplayDeviation::what)
        .def_readonly("recorded", &gdlsc::ReplayDeviation::recorded)
        .def_readonly("game", &gdlsc::ReplayDeviation::game)
        .def_readonly("location", &gdlsc::ReplayDeviation::location)
        .def_readonly("message", &gdlsc::ReplayDeviation::message);

    py::class_<gdlsc::ReplayKnowledge>(m, "ReplayKnowledge")
        .def_readonly("after", &gdlsc::ReplayKnowledge::after)
        .def_readonly("developments", &gdlsc::ReplayKnowledge::developments)
        .def_readonly("states", &gdlsc::ReplayKnowledge::states);

    py::class_<gdlsc::Replay>(m, "Replay")
        .def_readonly("clean", &gdlsc::Replay::clean)
        .def_readonly("record", &gdlsc::Replay::record)
        .def_readonly("format", &gdlsc::Replay::format)
        .def_readonly("game", &gdlsc::Replay::game)
        .def_readonly("engine", &gdlsc::Replay::engine)
        .def_readonly("roles", &gdlsc::Replay::roles)
        .def_readonly("steps", &gdlsc::Replay::steps)
        .def_readonly("joint_moves", &gdlsc::Replay::joint_moves)
        .def_readonly("states_checked", &gdlsc::Replay::states_checked)
        .def_readonly("legal_checked", &gdlsc::Replay::legal_checked)
        .def_readonly("moves_checked", &gdlsc::Replay::moves_checked)
        .def_readonly("percepts_checked", &gdlsc::Replay::percepts_checked)
        .def_readonly("terminal_checked", &gdlsc::Replay::terminal_checked)
        .def_readonly("goals_checked", &gdlsc::Replay::goals_checked)
        .def_readonly("finished", &gdlsc::Replay::finished)
        .def_readonly("deviation", &gdlsc::Replay::deviation)
        .def_readonly("knowledge_role", &gdlsc::Replay::knowledge_role)
        .def_readonly("knowledge", &gdlsc::Replay::knowledge)
        .def_readonly("exit_code", &gdlsc::Replay::exit_code)
        .def_readonly("text", &gdlsc::Replay::text)
        .def_readonly("json", &gdlsc::Replay::json);

    m.def("version", &gdlsc::version);
}
