// Reader for the Dresden game-controller match traces (fixtures/dresden_traces/*.trace.xml):
// per step the state fluents, every role's legal moves, the joint move taken, and at the end
// the terminal flag and goal values. Only the handful of elements those files use is read.
#pragma once
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace gdlsc::test {

struct TraceStep {
    int number = 0;
    std::vector<std::string> fluents;                           ///< as written in the file
    std::map<std::string, std::vector<std::string>> legal;      ///< role -> legal moves
    std::vector<std::pair<std::string, std::string>> moves;     ///< (role, move) in file order
    bool terminal = false;
    std::map<std::string, std::string> goals;                   ///< role -> value
};

struct Trace {
    std::string game;
    std::vector<TraceStep> steps;
};

inline std::string xml_unescape(const std::string& s) {
    static const std::pair<const char*, const char*> kEntities[] = {
        {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&apos;", "'"}, {"&amp;", "&"}};
    std::string out;
    for (size_t i = 0; i < s.size();) {
        bool done = false;
        if (s[i] == '&') {
            for (auto [e, r] : kEntities) {
                if (s.compare(i, std::char_traits<char>::length(e), e) == 0) {
                    out += r;
                    i += std::char_traits<char>::length(e);
                    done = true;
                    break;
                }
            }
        }
        if (!done) out += s[i++];
    }
    return out;
}

inline std::string xml_attribute(const std::string& tag, const std::string& name) {
    auto p = tag.find(name + "=\"");
    if (p == std::string::npos) return {};
    p += name.size() + 2;
    return xml_unescape(tag.substr(p, tag.find('"', p) - p));
}

inline std::string trim(const std::string& s) {
    auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) return {};
    return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

/// Reads a trace file; throws std::runtime_error on a structure it does not know.
inline Trace read_trace(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();

    Trace trace;
    std::string section;  // state | legal_moves | moves | goal_values
    std::string open_tag;  // the last start tag (with attributes)
    size_t i = 0;
    while ((i = text.find('<', i)) != std::string::npos) {
        size_t end = text.find('>', i);
        if (end == std::string::npos) throw std::runtime_error(path + ": unterminated tag");
        std::string tag = text.substr(i + 1, end - i - 1);
        size_t next = text.find('<', end);
        std::string body = trim(xml_unescape(text.substr(end + 1, next - end - 1)));
        i = end + 1;
        if (tag.empty() || tag[0] == '?' || tag[0] == '!') continue;
        bool closing = tag[0] == '/';
        bool empty = !closing && tag.back() == '/';
        std::string name = tag.substr(closing ? 1 : 0);
        name = name.substr(0, name.find_first_of(" /"));
        if (closing) {
            if (name == section) section.clear();
            continue;
        }
        if (name == "game") {
            trace.game = body;
        } else if (name == "step") {
            TraceStep s;
            s.number = std::stoi(xml_attribute(tag, "nb"));
            trace.steps.push_back(s);
        } else if (name == "state" || name == "legal_moves" || name == "moves" || name == "goal_values") {
            if (!empty) section = name;
        } else if (name == "terminal") {
            trace.steps.back().terminal = true;
        } else if (name == "fluent" && section == "state") {
            trace.steps.back().fluents.push_back(body);
        } else if (name == "move" && section == "legal_moves") {
            trace.steps.back().legal[xml_attribute(tag, "role")].push_back(body);
        } else if (name == "move" && section == "moves") {
            trace.steps.back().moves.emplace_back(xml_attribute(tag, "role"), body);
        } else if (name == "goal_value" && section == "goal_values") {
            trace.steps.back().goals[xml_attribute(tag, "role")] = body;
        } else if (name != "gametrace" && name != "steps") {
            throw std::runtime_error(path + ": unexpected element <" + name + "> in '" + section + "'");
        }
    }
    return trace;
}

}  // namespace gdlsc::test
