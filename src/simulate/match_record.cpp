// Reading and writing recorded matches (see match_record.h). Two small readers that keep
// the line and column of every node -- XML (elements, attributes, character data, entities,
// comments, CDATA) and JSON -- so that every complaint about a record names its place, then
// one mapping from each format to MatchRecord. The KIF inside (moves, fluents, percepts) is
// read by the one KIF lexer, so symbols fold to lower case as everywhere else in gdlsc.
#include "simulate/match_record.h"

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "base/errors.h"
#include "gdl/diagnostics.h"
#include "gdl/kif_lexer.h"
#include "session/diagnostic_error.h"
#include "simulate/simulation.h"

namespace gdlsc::query {
namespace {

constexpr int kMaxDepth = 200;

// The location of byte `pos` of `src`.
gdl::Location location_at(const gdl::SourcePtr& src, size_t pos) {
    const auto& ls = src->line_starts;
    auto it = std::upper_bound(ls.begin(), ls.end(), pos);
    int line = static_cast<int>(it - ls.begin());
    if (line < 1) line = 1;
    return gdl::Location{src, line, static_cast<int>(pos - ls[line - 1]) + 1};
}

[[noreturn]] void fail_at(const gdl::Location& loc, const std::string& message) {
    gdl::Diagnostics d;
    d.error(loc, message);
    throw_if_errors(d);
    throw UserError(loc.str() + ": " + message);  // not reached
}

std::string where(const gdl::Location& loc) { return std::to_string(loc.line) + ":" + std::to_string(loc.col); }

// ---------------------------------------------------------------- XML

struct XmlNode {
    std::string name;
    std::vector<std::pair<std::string, std::string>> attrs;
    std::string text;  ///< the character data directly inside, entities decoded
    gdl::Location loc, text_loc;
    std::vector<XmlNode> kids;

    const std::string* attr(const std::string& n) const {
        for (const auto& [k, v] : attrs)
            if (k == n) return &v;
        return nullptr;
    }
};

class XmlReader {
public:
    explicit XmlReader(gdl::SourcePtr src) : src_(std::move(src)), t_(src_->text) {}

    XmlNode document() {
        if (t_.compare(0, 3, "\xEF\xBB\xBF") == 0) i_ = 3;
        skip_misc();
        if (i_ >= t_.size()) fail(i_, "the file holds no XML element");
        if (t_[i_] != '<') fail(i_, "text before the first element");
        XmlNode root = element(0);
        skip_misc();
        if (i_ < t_.size()) fail(i_, "text after the end of the root element </" + root.name + ">");
        return root;
    }

private:
    gdl::SourcePtr src_;
    const std::string& t_;
    size_t i_ = 0;

    [[noreturn]] void fail(size_t pos, const std::string& m) { fail_at(location_at(src_, std::min(pos, t_.size())), m); }
    bool starts(const char* s) const { return t_.compare(i_, std::char_traits<char>::length(s), s) == 0; }
    void skip_ws() {
        while (i_ < t_.size() && std::isspace(static_cast<unsigned char>(t_[i_]))) ++i_;
    }
    void skip_past(const char* end, const std::string& what) {
        size_t start = i_;
        size_t p = t_.find(end, i_);
        if (p == std::string::npos) fail(t_.size(), "the file ends inside " + what + " begun at " + where(location_at(src_, start)));
        i_ = p + std::char_traits<char>::length(end);
    }
    // Comments, processing instructions and the document type, between elements.
    void skip_misc() {
        while (true) {
            skip_ws();
            if (starts("<!--")) skip_past("-->", "a comment");
            else if (starts("<?")) skip_past("?>", "a processing instruction");
            else if (starts("<!DOCTYPE")) {
                size_t start = i_;
                int depth = 0;
                for (; i_ < t_.size(); ++i_) {
                    if (t_[i_] == '[') ++depth;
                    else if (t_[i_] == ']') --depth;
                    else if (t_[i_] == '>' && depth <= 0) break;
                }
                if (i_ >= t_.size()) fail(t_.size(), "the file ends inside <!DOCTYPE begun at " + where(location_at(src_, start)));
                ++i_;
            } else return;
        }
    }
    static bool name_char(char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == ':' || c == '-' || c == '.' ||
               static_cast<unsigned char>(c) >= 0x80;
    }
    std::string name() {
        size_t b = i_;
        while (i_ < t_.size() && name_char(t_[i_])) ++i_;
        if (b == i_) {
            if (i_ >= t_.size()) fail(i_, "the file ends inside a tag");
            fail(i_, std::string("a name was expected, not '") + t_[i_] + "'");
        }
        return t_.substr(b, i_ - b);
    }
    static void utf8(std::string& out, unsigned long c) {
        if (c < 0x80) out += static_cast<char>(c);
        else if (c < 0x800) out += static_cast<char>(0xC0 | (c >> 6)), out += static_cast<char>(0x80 | (c & 0x3F));
        else if (c < 0x10000)
            out += static_cast<char>(0xE0 | (c >> 12)), out += static_cast<char>(0x80 | ((c >> 6) & 0x3F)),
                out += static_cast<char>(0x80 | (c & 0x3F));
        else
            out += static_cast<char>(0xF0 | (c >> 18)), out += static_cast<char>(0x80 | ((c >> 12) & 0x3F)),
                out += static_cast<char>(0x80 | ((c >> 6) & 0x3F)), out += static_cast<char>(0x80 | (c & 0x3F));
    }
    // At '&': the entity, decoded into `out`.
    void entity(std::string& out) {
        size_t b = i_;
        size_t semi = t_.find(';', i_);
        if (semi == std::string::npos || semi - i_ > 12) fail(b, "'&' that begins no entity (write &amp;)");
        std::string e = t_.substr(i_ + 1, semi - i_ - 1);
        i_ = semi + 1;
        if (e == "lt") out += '<';
        else if (e == "gt") out += '>';
        else if (e == "amp") out += '&';
        else if (e == "quot") out += '"';
        else if (e == "apos") out += '\'';
        else if (e.size() > 1 && e[0] == '#') {
            bool hex = e[1] == 'x' || e[1] == 'X';
            std::string digits = e.substr(hex ? 2 : 1);
            const char* ok = hex ? "0123456789abcdefABCDEF" : "0123456789";
            if (digits.empty() || digits.size() > 7 || digits.find_first_not_of(ok) != std::string::npos)
                fail(b, "malformed character reference &" + e + ";");
            unsigned long c = std::stoul(digits, nullptr, hex ? 16 : 10);
            if (c == 0 || c > 0x10FFFF) fail(b, "character reference &" + e + "; out of range");
            utf8(out, c);
        } else fail(b, "unknown entity &" + e + ";");
    }
    XmlNode element(int depth) {
        if (depth > kMaxDepth) fail(i_, "elements nested deeper than " + std::to_string(kMaxDepth));
        XmlNode n;
        n.loc = location_at(src_, i_);
        ++i_;  // '<'
        n.name = name();
        while (true) {
            skip_ws();
            if (i_ >= t_.size()) fail(i_, "the file ends inside the tag <" + n.name + "> begun at " + where(n.loc));
            if (starts("/>")) {
                i_ += 2;
                return n;
            }
            if (t_[i_] == '>') {
                ++i_;
                break;
            }
            std::string key = name();
            skip_ws();
            if (i_ >= t_.size() || t_[i_] != '=') fail(i_, "'=' expected after the attribute " + key);
            ++i_;
            skip_ws();
            if (i_ >= t_.size() || (t_[i_] != '"' && t_[i_] != '\'')) fail(i_, "a quoted value expected for " + key);
            char q = t_[i_++];
            std::string v;
            while (i_ < t_.size() && t_[i_] != q) {
                if (t_[i_] == '<') fail(i_, "'<' inside the value of the attribute " + key);
                if (t_[i_] == '&') entity(v);
                else v += t_[i_++];
            }
            if (i_ >= t_.size()) fail(i_, "the file ends inside the value of the attribute " + key);
            ++i_;
            n.attrs.emplace_back(key, v);
        }
        while (true) {
            if (i_ >= t_.size())
                fail(i_, "the file ends inside <" + n.name + "> begun at " + where(n.loc) + " (truncated?)");
            char c = t_[i_];
            if (c == '<') {
                if (starts("</")) {
                    size_t b = i_;
                    i_ += 2;
                    std::string closing = name();
                    skip_ws();
                    if (i_ >= t_.size() || t_[i_] != '>') fail(i_, "'>' expected to end </" + closing);
                    ++i_;
                    if (closing != n.name)
                        fail(b, "</" + closing + "> closes <" + n.name + "> begun at " + where(n.loc));
                    return n;
                }
                if (starts("<!--")) skip_past("-->", "a comment");
                else if (starts("<?")) skip_past("?>", "a processing instruction");
                else if (starts("<![CDATA[")) {
                    size_t b = i_ + 9;
                    skip_past("]]>", "a CDATA section");
                    if (!n.text_loc.valid()) n.text_loc = location_at(src_, b);
                    n.text += t_.substr(b, i_ - 3 - b);
                } else n.kids.push_back(element(depth + 1));
                continue;
            }
            if (!n.text_loc.valid() && !std::isspace(static_cast<unsigned char>(c))) n.text_loc = location_at(src_, i_);
            if (c == '&') entity(n.text);
            else n.text += t_[i_++];
        }
    }
};

std::string trim(const std::string& s) {
    auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) return {};
    return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

// ---------------------------------------------------------------- JSON

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

// ---------------------------------------------------------------- KIF inside a record

// The terms of a KIF text written at `at` in the record: its locations in the snippet moved
// to the record (line 1 of the snippet begins at `at`).
std::vector<gdl::Term> read_kif(const std::string& text, const gdl::Location& at, const std::string& what) {
    auto src = gdl::make_source(at.file(), text);
    gdl::Diagnostics d;
    auto es = gdl::read_sexprs(src, d);
    auto moved = [&](const gdl::Location& l) {
        if (!l.valid() || !at.valid()) return at;
        gdl::Location r = at;
        if (l.line == 1) r.col = at.col + l.col - 1;
        else r.line = at.line + l.line - 1, r.col = l.col;
        return r;
    };
    for (const auto& diag : d.sorted())
        if (diag.severity == gdl::Severity::Error) fail_at(moved(diag.loc), what + ": " + diag.message);
    std::vector<gdl::Term> out;
    for (const auto& e : es) {
        gdl::Diagnostics td;
        gdl::Term t = gdl::sexpr_term(e, td);
        for (const auto& diag : td.sorted())
            if (diag.severity == gdl::Severity::Error) fail_at(moved(diag.loc), what + ": " + diag.message);
        if (!t.is_ground()) fail_at(moved(e.loc), what + " " + t.to_kif() + " has a variable; a record holds ground terms");
        out.push_back(std::move(t));
    }
    return out;
}

RecordedTerm one_term(const std::string& text, const gdl::Location& at, const std::string& what) {
    auto ts = read_kif(text, at, what);
    if (ts.size() != 1)
        fail_at(at, what + ": " + (ts.empty() ? std::string("empty") : std::to_string(ts.size()) + " terms") +
                        " where one term is expected: '" + trim(text) + "'");
    return {ts[0], at};
}

// A role name as the record writes it, folded like a KIF symbol.
std::string fold_role(const std::string& text, const gdl::Location& at) {
    RecordedTerm t = one_term(text, at, "role");
    if (!t.term.is_constant()) fail_at(at, "a role is a symbol, not " + t.term.to_kif());
    return t.term.name;
}

// `( f1 f2 ... )`, ggp-base's way to write a set of terms (a state, percepts): the items
// (`nil` or `( )`: none).
std::vector<RecordedTerm> symbol_list(const std::string& text, const gdl::Location& at, const std::string& what) {
    const std::string t = trim(text);
    std::vector<RecordedTerm> out;
    if (t == "nil") return out;
    if (t.size() < 2 || t.front() != '(' || t.back() != ')')
        fail_at(at, what + ": a list '( t1 t2 ... )' expected, not '" + t + "'");
    gdl::Location inner = at;
    inner.col += static_cast<int>(text.find('(')) + 1;
    for (auto& term : read_kif(t.substr(1, t.size() - 2), inner, what)) out.push_back({std::move(term), at});
    return out;
}

// ---------------------------------------------------------------- Dresden XML

std::string text_of(const XmlNode& n) { return trim(n.text); }
const gdl::Location& text_loc(const XmlNode& n) { return n.text_loc.valid() ? n.text_loc : n.loc; }

void expect_no_text(const XmlNode& n) {
    if (!text_of(n).empty()) fail_at(n.text_loc, "text inside <" + n.name + ">, which holds elements only");
}

RoleTerms role_terms(const XmlNode& list, const std::string& item, const std::string& what) {
    expect_no_text(list);
    RoleTerms out;
    for (const auto& k : list.kids) {
        if (k.name != item) fail_at(k.loc, "<" + k.name + "> inside <" + list.name + ">, which holds <" + item + "> elements");
        const std::string* role = k.attr("role");
        if (!role) fail_at(k.loc, "<" + item + "> without its role=\"...\"");
        std::string r = fold_role(*role, k.loc);
        out[r].push_back(one_term(text_of(k), text_loc(k), what + " of " + r));
    }
    return out;
}

MatchRecord from_xml(const std::string& name, const XmlNode& root) {
    MatchRecord rec;
    rec.format = RecordFormat::Xml;
    rec.path = name;
    if (root.name != "gametrace")
        fail_at(root.loc, "the root element is <" + root.name +
                              ">; gdlsc reads the Dresden game controller's match traces, <gametrace> (doc/usage.md, \"replay\")");
    expect_no_text(root);
    const XmlNode* steps = nullptr;
    for (const auto& k : root.kids) {
        if (k.name == "game") rec.game = text_of(k);
        else if (k.name == "steps") {
            if (steps) fail_at(k.loc, "a second <steps> (the first at " + where(steps->loc) + ")");
            steps = &k;
        } else fail_at(k.loc, "<" + k.name + "> inside <gametrace>, which holds <game> and <steps>");
    }
    if (!steps) fail_at(root.loc, "<gametrace> has no <steps>");
    expect_no_text(*steps);
    int goals_step = 0;
    for (const auto& s : steps->kids) {
        if (s.name != "step") fail_at(s.loc, "<" + s.name + "> inside <steps>, which holds <step> elements");
        expect_no_text(s);
        RecordedStep st;
        st.loc = s.loc;
        st.moves_loc = s.loc;
        st.number = static_cast<int>(rec.steps.size()) + 1;
        const std::string* nb = s.attr("nb");
        if (!nb) fail_at(s.loc, "<step> without its number nb=\"...\"");
        if (*nb != std::to_string(st.number))
            fail_at(s.loc, "step nb=\"" + *nb + "\" where step " + std::to_string(st.number) +
                               " is expected (steps are numbered 1, 2, ... without gaps)");
        bool seen_moves = false, seen_goals = false;
        for (const auto& k : s.kids) {
            if (k.name == "state") {
                if (st.state) fail_at(k.loc, "a second <state> in step " + std::to_string(st.number));
                expect_no_text(k);
                st.state.emplace();
                for (const auto& f : k.kids) {
                    if (f.name != "fluent") fail_at(f.loc, "<" + f.name + "> inside <state>, which holds <fluent> elements");
                    st.state->push_back(one_term(text_of(f), text_loc(f), "fluent"));
                }
            } else if (k.name == "legal_moves") {
                if (st.legal) fail_at(k.loc, "a second <legal_moves> in step " + std::to_string(st.number));
                st.legal = role_terms(k, "move", "legal move");
            } else if (k.name == "moves") {
                if (seen_moves) fail_at(k.loc, "a second <moves> in step " + std::to_string(st.number));
                seen_moves = true;
                st.moves_loc = k.loc;
                expect_no_text(k);
                for (const auto& m : k.kids) {
                    if (m.name != "move") fail_at(m.loc, "<" + m.name + "> inside <moves>, which holds <move> elements");
                    const std::string* role = m.attr("role");
                    if (!role) fail_at(m.loc, "<move> without its role=\"...\"");
                    std::string r = fold_role(*role, m.loc);
                    for (const auto& other : st.moves)
                        if (other.role == r) fail_at(m.loc, "a second move of role " + r + " in step " + std::to_string(st.number));
                    st.moves.push_back({r, one_term(text_of(m), text_loc(m), "move of " + r)});
                }
            } else if (k.name == "percepts") {
                if (st.percepts) fail_at(k.loc, "a second <percepts> in step " + std::to_string(st.number));
                st.percepts = role_terms(k, "percept", "percept");
            } else if (k.name == "terminal") {
                st.terminal = true;
            } else if (k.name == "goal_values") {
                if (seen_goals) fail_at(k.loc, "a second <goal_values> in step " + std::to_string(st.number));
                seen_goals = true;
                if (rec.goals) fail_at(k.loc, "<goal_values> in two steps");
                goals_step = st.number;
                rec.goals = role_terms(k, "goal_value", "goal value");
                rec.goals_loc = k.loc;
            } else {
                fail_at(k.loc, "<" + k.name +
                                   "> inside <step>, which holds <state>, <legal_moves>, <moves>, <percepts>, <terminal> and "
                                   "<goal_values>");
            }
        }
        rec.steps.push_back(std::move(st));
    }
    if (rec.steps.empty()) fail_at(steps->loc, "<steps> holds no step");
    if (rec.goals && goals_step != static_cast<int>(rec.steps.size()))
        fail_at(rec.goals_loc, "<goal_values> in step " + std::to_string(goals_step) + ", not in the last step");
    const RecordedStep& last = rec.steps.back();
    if (last.moves.empty()) {
        rec.finished = last.terminal;
        rec.finished_loc = last.loc;
    }
    return rec;
}

// ---------------------------------------------------------------- ggp-base JSON

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

// ---------------------------------------------------------------- writing

std::string xml_escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        switch (c) {
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '&': out += "&amp;"; break;
            case '"': out += "&quot;"; break;
            default: out += c;
        }
    }
    return out;
}

std::string symbol_list_text(const std::vector<gdl::Term>& ts) {
    std::string s = "(";
    for (const auto& t : ts) s += " " + t.to_kif();
    return s + " )";
}

std::string write_xml(const Match& m, const std::string& game) {
    std::ostringstream o;
    o << "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
      << "<!-- written by gdlsc simulate --record (match " << xml_escape(m.id) << "); <percepts> is gdlsc's element "
      << "for GDL-II (doc/usage.md, \"replay\") -->\n"
      << "<gametrace>\n  <game>" << xml_escape(game) << "</game>\n  <steps>\n";
    auto role_attr = [&](size_t i) { return xml_escape(gdl::kif_symbol(m.roles[i])); };
    for (size_t k = 0; k < m.states.size(); ++k) {
        const StateRecord& s = m.states[k];
        o << "    <step nb=\"" << k + 1 << "\">\n      <state>\n";
        for (const auto& f : s.fluents) o << "        <fluent>" << xml_escape(f.to_kif()) << "</fluent>\n";
        o << "      </state>\n";
        if (!s.terminal && k < m.steps.size()) {
            o << "      <legal_moves>\n";
            for (size_t i = 0; i < m.roles.size(); ++i)
                for (const auto& mv : s.legal[i])
                    o << "        <move role=\"" << role_attr(i) << "\">" << xml_escape(mv.to_kif()) << "</move>\n";
            o << "      </legal_moves>\n      <moves>\n";
            const MatchStep& st = m.steps[k];
            for (size_t i = 0; i < m.roles.size(); ++i)
                o << "        <move role=\"" << role_attr(i) << "\">" << xml_escape(st.joint[i].to_kif()) << "</move>\n";
            o << "      </moves>\n      <percepts>\n";
            for (size_t i = 0; i < m.roles.size(); ++i)
                for (const auto& p : st.percepts[i])
                    o << "        <percept role=\"" << role_attr(i) << "\">" << xml_escape(p.to_kif()) << "</percept>\n";
            o << "      </percepts>\n";
        }
        if (k + 1 == m.states.size() && s.terminal) {
            o << "      <terminal/>\n      <goal_values>\n";
            for (const auto& [role, v] : m.goals)
                o << "        <goal_value role=\"" << xml_escape(gdl::kif_symbol(role)) << "\">" << xml_escape(v.to_kif())
                  << "</goal_value>\n";
            o << "      </goal_values>\n";
        }
        o << "    </step>\n";
    }
    o << "  </steps>\n</gametrace>\n";
    return o.str();
}

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

}  // namespace

const char* record_format_name(RecordFormat f) { return f == RecordFormat::Json ? "json" : "xml"; }

RecordFormat record_format_of(const std::string& path) {
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext == ".json" ? RecordFormat::Json : RecordFormat::Xml;
}

MatchRecord parse_match_record(const std::string& name, const std::string& text) {
    auto src = gdl::make_source(name, text);
    size_t p = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
    while (p < text.size() && std::isspace(static_cast<unsigned char>(text[p]))) ++p;
    if (p >= text.size()) fail_at(location_at(src, p), "the record is empty");
    if (text[p] == '{' || text[p] == '[') return from_json(name, JsonReader(src).document());
    if (text[p] == '<') return from_xml(name, XmlReader(src).document());
    fail_at(location_at(src, p), "not a match record: neither XML (a Dresden <gametrace>) nor JSON (a ggp-base match)");
}

MatchRecord read_match_record(const std::string& path) {
    gdl::SourcePtr src;
    try {
        src = gdl::load_source(path);
    } catch (const std::exception& e) {
        throw UserError(e.what());
    }
    return parse_match_record(path, src->text);
}

std::string write_match_record(const Match& m, RecordFormat format, const std::string& game) {
    return format == RecordFormat::Json ? write_json(m, game) : write_xml(m, game);
}

}  // namespace gdlsc::query
