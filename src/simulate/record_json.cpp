// ggp-base's match JSON (`moves`, `states`, `goalValues`, `isCompleted`, with gdlsc's `roles`
// and `percepts` keys; see match_record.h): a small JSON reader that keeps the line and column of
// every value, the mapping to MatchRecord, and the writer of `simulate --record FILE.json`.
#include <nlohmann/json.hpp>

#include "gdl/kif_lexer.h"
#include "simulate/record_common.h"
#include "simulate/simulation.h"

namespace gdlsc::query::record {
namespace {

struct JsonValue {
    enum class Kind { Null, Bool, Number, String, Array, Object } kind = Kind::Null;
    bool b = false;
    std::string text;  ///< a string's value, a number's text
    std::vector<JsonValue> items;
    std::vector<std::pair<std::string, JsonValue>> members;
    gdl::Location loc;

    const JsonValue* get(const std::string& k) const {
        for (const auto& [key, v] : members)
            if (key == k) return &v;
        return nullptr;
    }
};

const char* kind_name(JsonValue::Kind k) {
    switch (k) {
        case JsonValue::Kind::Null: return "null";
        case JsonValue::Kind::Bool: return "a boolean";
        case JsonValue::Kind::Number: return "a number";
        case JsonValue::Kind::String: return "a string";
        case JsonValue::Kind::Array: return "a list";
        case JsonValue::Kind::Object: return "an object";
    }
    return "?";
}

class JsonReader {
public:
    explicit JsonReader(gdl::SourcePtr src) : src_(std::move(src)), t_(src_->text) {}
    JsonValue document() {
        if (t_.compare(0, 3, "\xEF\xBB\xBF") == 0) i_ = 3;
        JsonValue v = value(0);
        skip_ws();
        if (i_ < t_.size()) fail(i_, "text after the end of the JSON value");
        return v;
    }

private:
    gdl::SourcePtr src_;
    const std::string& t_;
    size_t i_ = 0;

    [[noreturn]] void fail(size_t pos, const std::string& m) { fail_at(location_at(src_, std::min(pos, t_.size())), m); }
    void skip_ws() {
        while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\t' || t_[i_] == '\n' || t_[i_] == '\r')) ++i_;
    }
    [[noreturn]] void unexpected(const std::string& wanted) {
        if (i_ >= t_.size()) fail(i_, "the file ends where " + wanted + " was expected (truncated?)");
        fail(i_, wanted + " expected, not '" + std::string(1, t_[i_]) + "'");
    }
    unsigned hex4() {
        if (i_ + 4 > t_.size()) fail(i_, "the file ends inside a \\u escape");
        std::string h = t_.substr(i_, 4);
        if (h.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos) fail(i_, "malformed \\u escape");
        i_ += 4;
        return static_cast<unsigned>(std::stoul(h, nullptr, 16));
    }
    std::string string_body() {
        size_t b = i_++;
        std::string s;
        while (true) {
            if (i_ >= t_.size()) fail(i_, "the file ends inside the string begun at " + where(location_at(src_, b)));
            char c = t_[i_++];
            if (c == '"') return s;
            if (static_cast<unsigned char>(c) < 0x20) fail(i_ - 1, "a control character inside a string");
            if (c != '\\') {
                s += c;
                continue;
            }
            if (i_ >= t_.size()) fail(i_, "the file ends inside a string escape");
            char e = t_[i_++];
            switch (e) {
                case '"': s += '"'; break;
                case '\\': s += '\\'; break;
                case '/': s += '/'; break;
                case 'b': s += '\b'; break;
                case 'f': s += '\f'; break;
                case 'n': s += '\n'; break;
                case 'r': s += '\r'; break;
                case 't': s += '\t'; break;
                case 'u': {
                    unsigned long c1 = hex4();
                    if (c1 >= 0xD800 && c1 < 0xDC00 && t_.compare(i_, 2, "\\u") == 0) {
                        i_ += 2;
                        unsigned long c2 = hex4();
                        c1 = 0x10000 + ((c1 - 0xD800) << 10) + (c2 - 0xDC00);
                    }
                    std::string out;
                    if (c1 < 0x80) out += static_cast<char>(c1);
                    else if (c1 < 0x800) out += static_cast<char>(0xC0 | (c1 >> 6)), out += static_cast<char>(0x80 | (c1 & 0x3F));
                    else if (c1 < 0x10000)
                        out += static_cast<char>(0xE0 | (c1 >> 12)), out += static_cast<char>(0x80 | ((c1 >> 6) & 0x3F)),
                            out += static_cast<char>(0x80 | (c1 & 0x3F));
                    else
                        out += static_cast<char>(0xF0 | (c1 >> 18)), out += static_cast<char>(0x80 | ((c1 >> 12) & 0x3F)),
                            out += static_cast<char>(0x80 | ((c1 >> 6) & 0x3F)), out += static_cast<char>(0x80 | (c1 & 0x3F));
                    s += out;
                    break;
                }
                default: fail(i_ - 2, std::string("unknown escape \\") + e);
            }
        }
    }
    JsonValue value(int depth) {
        if (depth > kMaxDepth) fail(i_, "lists and objects nested deeper than " + std::to_string(kMaxDepth));
        skip_ws();
        JsonValue v;
        v.loc = location_at(src_, i_);
        if (i_ >= t_.size()) unexpected("a value");
        char c = t_[i_];
        if (c == '{') {
            v.kind = JsonValue::Kind::Object;
            ++i_;
            skip_ws();
            if (i_ < t_.size() && t_[i_] == '}') return ++i_, v;
            while (true) {
                skip_ws();
                if (i_ >= t_.size() || t_[i_] != '"') unexpected("a key in quotes");
                std::string key = string_body();
                skip_ws();
                if (i_ >= t_.size() || t_[i_] != ':') unexpected("':'");
                ++i_;
                v.members.emplace_back(key, value(depth + 1));
                skip_ws();
                if (i_ < t_.size() && t_[i_] == ',') {
                    ++i_;
                    continue;
                }
                if (i_ < t_.size() && t_[i_] == '}') return ++i_, v;
                unexpected("',' or '}'");
            }
        }
        if (c == '[') {
            v.kind = JsonValue::Kind::Array;
            ++i_;
            skip_ws();
            if (i_ < t_.size() && t_[i_] == ']') return ++i_, v;
            while (true) {
                v.items.push_back(value(depth + 1));
                skip_ws();
                if (i_ < t_.size() && t_[i_] == ',') {
                    ++i_;
                    continue;
                }
                if (i_ < t_.size() && t_[i_] == ']') return ++i_, v;
                unexpected("',' or ']'");
            }
        }
        if (c == '"') {
            v.kind = JsonValue::Kind::String;
            v.loc = location_at(src_, i_ + 1);  // the KIF inside begins after the quote
            v.text = string_body();
            return v;
        }
        for (const char* word : {"true", "false", "null"}) {
            size_t n = std::char_traits<char>::length(word);
            if (t_.compare(i_, n, word) == 0) {
                i_ += n;
                v.kind = word[0] == 'n' ? JsonValue::Kind::Null : JsonValue::Kind::Bool;
                v.b = word[0] == 't';
                return v;
            }
        }
        if (c == '-' || std::isdigit(static_cast<unsigned char>(c))) {
            size_t b = i_;
            ++i_;
            while (i_ < t_.size() && (std::isdigit(static_cast<unsigned char>(t_[i_])) || t_[i_] == '.' || t_[i_] == 'e' ||
                                      t_[i_] == 'E' || t_[i_] == '+' || t_[i_] == '-'))
                ++i_;
            v.kind = JsonValue::Kind::Number;
            v.text = t_.substr(b, i_ - b);
            return v;
        }
        unexpected("a value");
    }
};

const JsonValue& expect(const JsonValue& v, JsonValue::Kind k, const std::string& what) {
    if (v.kind != k) fail_at(v.loc, what + " is " + kind_name(v.kind) + "; " + kind_name(k) + " is expected");
    return v;
}

// A set of terms as ggp-base writes a state: "( f1 f2 )", or a list of strings, one a term.
std::vector<RecordedTerm> json_term_set(const JsonValue& v, const std::string& what) {
    if (v.kind == JsonValue::Kind::String) return symbol_list(v.text, v.loc, what);
    expect(v, JsonValue::Kind::Array, what);
    std::vector<RecordedTerm> out;
    for (const auto& f : v.items) {
        expect(f, JsonValue::Kind::String, what + " item");
        out.push_back(one_term(f.text, f.loc, what + " item"));
    }
    return out;
}

MatchRecord from_json(const std::string& name, const JsonValue& root) {
    MatchRecord rec;
    rec.format = RecordFormat::Json;
    rec.path = name;
    expect(root, JsonValue::Kind::Object, "the match");
    if (const JsonValue* g = root.get("gameName"); g && g->kind == JsonValue::Kind::String) rec.game = g->text;
    if (const JsonValue* r = root.get("roles")) {
        expect(*r, JsonValue::Kind::Array, "'roles'");
        rec.roles_loc = r->loc;
        for (const auto& x : r->items) rec.roles.push_back(fold_role(expect(x, JsonValue::Kind::String, "a role").text, x.loc));
    }
    const JsonValue* moves = root.get("moves");
    if (!moves) fail_at(root.loc, "the match has no 'moves' (a list of joint moves, each a list of moves in role order)");
    expect(*moves, JsonValue::Kind::Array, "'moves'");
    const JsonValue* states = root.get("states");
    if (states) expect(*states, JsonValue::Kind::Array, "'states'");
    const JsonValue* percepts = root.get("percepts");
    if (percepts) expect(*percepts, JsonValue::Kind::Array, "'percepts'");
    const size_t n = moves->items.size();
    if (states && states->items.size() > n + 1)
        fail_at(states->items[n + 1].loc, "'states' holds " + std::to_string(states->items.size()) + " states for " +
                                              std::to_string(n) + " joint moves (at most one more state than joint moves)");
    if (percepts && percepts->items.size() > n)
        fail_at(percepts->items[n].loc, "'percepts' holds " + std::to_string(percepts->items.size()) + " entries for " +
                                            std::to_string(n) + " joint moves");
    for (size_t k = 0; k <= n; ++k) {
        RecordedStep st;
        st.number = static_cast<int>(k) + 1;
        st.loc = k < n ? moves->items[k].loc : moves->loc;
        st.moves_loc = st.loc;
        if (states && k < states->items.size()) {
            st.loc = states->items[k].loc;
            st.state = json_term_set(states->items[k], "state " + std::to_string(k + 1));
        }
        if (k < n) {
            const JsonValue& jm = expect(moves->items[k], JsonValue::Kind::Array, "joint move " + std::to_string(k + 1));
            for (size_t i = 0; i < jm.items.size(); ++i) {
                const JsonValue& m = jm.items[i];
                if (m.kind == JsonValue::Kind::Null) continue;  // a move not recorded
                expect(m, JsonValue::Kind::String, "a move");
                st.moves.push_back({"#" + std::to_string(i), one_term(m.text, m.loc, "move " + std::to_string(i + 1))});
            }
            if (percepts && k < percepts->items.size()) {
                const JsonValue& jp = expect(percepts->items[k], JsonValue::Kind::Array, "percepts of joint move " + std::to_string(k + 1));
                st.percepts.emplace();
                for (size_t i = 0; i < jp.items.size(); ++i)
                    (*st.percepts)["#" + std::to_string(i)] = json_term_set(jp.items[i], "percepts of role " + std::to_string(i + 1));
            }
        }
        rec.steps.push_back(std::move(st));
    }
    if (const JsonValue* c = root.get("isCompleted")) {
        rec.finished = expect(*c, JsonValue::Kind::Bool, "'isCompleted'").b;
        rec.finished_loc = c->loc;
    }
    if (const JsonValue* gv = root.get("goalValues")) {
        expect(*gv, JsonValue::Kind::Array, "'goalValues'");
        rec.goals.emplace();
        rec.goals_loc = gv->loc;
        for (size_t i = 0; i < gv->items.size(); ++i) {
            const JsonValue& v = gv->items[i];
            if (v.kind == JsonValue::Kind::Null) continue;
            std::string text = v.kind == JsonValue::Kind::Number ? v.text : expect(v, JsonValue::Kind::String, "a goal value").text;
            (*rec.goals)["#" + std::to_string(i)].push_back(one_term(text, v.loc, "goal value"));
        }
    }
    return rec;
}

}  // namespace

MatchRecord read_json(const std::string& name, const gdl::SourcePtr& src) { return from_json(name, JsonReader(src).document()); }

std::string write_json(const Match& m, const std::string& game) {
    using json = nlohmann::ordered_json;
    json o;
    const bool finished = m.end == MatchEnd::Terminal;
    o["matchId"] = m.id;
    o["gameName"] = game;
    o["roles"] = m.roles;
    // ggp-base's Match(JSON) reads these; gdlsc's match has no clocks or times.
    o["randomToken"] = "";
    o["startTime"] = 0;
    o["startClock"] = 0;
    o["playClock"] = 0;
    o["previewClock"] = -1;
    o["isCompleted"] = finished;
    o["isAborted"] = false;
    json states = json::array(), times = json::array();
    for (const auto& s : m.states) states.push_back(symbol_list_text(s.fluents)), times.push_back(0);
    o["states"] = states;
    o["stateTimes"] = times;
    json moves = json::array(), percepts = json::array();
    for (const auto& st : m.steps) {
        json jm = json::array(), jp = json::array();
        for (size_t i = 0; i < m.roles.size(); ++i) {
            jm.push_back(st.joint[i].to_kif());
            jp.push_back(symbol_list_text(st.percepts[i]));
        }
        moves.push_back(jm);
        percepts.push_back(jp);
    }
    o["moves"] = moves;
    o["percepts"] = percepts;
    if (finished) {
        json gv = json::array();
        for (const auto& r : m.roles) {
            std::vector<gdl::Term> vs;
            for (const auto& [role, v] : m.goals)
                if (role == r) vs.push_back(v);
            bool number = vs.size() == 1 && vs[0].is_constant() && !vs[0].name.empty() && vs[0].name.size() < 10 &&
                          vs[0].name.find_first_not_of("0123456789") == std::string::npos;
            if (number) gv.push_back(std::stoi(vs[0].name));
            else gv.push_back(nullptr);
        }
        o["goalValues"] = gv;
    }
    return o.dump(1) + "\n";
}

}  // namespace gdlsc::query::record
