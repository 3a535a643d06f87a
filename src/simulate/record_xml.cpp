// The Dresden game controller's match traces (`<gametrace>` XML, with gdlsc's `<percepts>`
// element for GDL-II; see match_record.h): a small XML reader that keeps the line and column of
// every node (elements, attributes, character data, entities, comments, CDATA), the mapping to
// MatchRecord, and the writer of `simulate --record FILE.xml`.
#include <sstream>

#include "gdl/kif_lexer.h"
#include "simulate/record_common.h"
#include "simulate/simulation.h"

namespace gdlsc::query::record {
namespace {

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

}  // namespace

MatchRecord read_xml(const std::string& name, const gdl::SourcePtr& src) { return from_xml(name, XmlReader(src).document()); }

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

}  // namespace gdlsc::query::record
