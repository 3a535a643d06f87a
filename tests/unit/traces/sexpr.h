// A minimal s-expression reader for the expected-output files of the reference tests
// (BenderNG's Lisp-printed answers such as `(BLACK . 100)` and `((TRUE (CELL 1 1 B)) ...)`,
// which are not GDL) and a canonical printer: lower case, single spaces, `;` comments skipped.
#pragma once
#include <cctype>
#include <stdexcept>
#include <string>
#include <vector>

namespace gdlsc::test {

struct SExpr {
    bool is_list = false;
    std::string atom;          ///< lower-cased symbol when !is_list
    std::vector<SExpr> items;  ///< elements when is_list

    std::string str() const {
        if (!is_list) return atom;
        std::string s = "(";
        for (size_t i = 0; i < items.size(); ++i) s += (i ? " " : "") + items[i].str();
        return s + ")";
    }
};

class SExprReader {
public:
    explicit SExprReader(const std::string& text) : t_(text) {}

    /// Reads every expression of the text; throws std::runtime_error on unbalanced input.
    std::vector<SExpr> all() {
        std::vector<SExpr> out;
        while (skip(), pos_ < t_.size()) out.push_back(one());
        return out;
    }

private:
    void skip() {
        while (pos_ < t_.size()) {
            if (std::isspace(static_cast<unsigned char>(t_[pos_]))) {
                ++pos_;
            } else if (t_[pos_] == ';') {
                while (pos_ < t_.size() && t_[pos_] != '\n') ++pos_;
            } else {
                break;
            }
        }
    }
    SExpr one() {
        skip();
        if (pos_ >= t_.size()) throw std::runtime_error("s-expression: unexpected end of text");
        SExpr e;
        if (t_[pos_] == '(') {
            ++pos_;
            e.is_list = true;
            while (skip(), pos_ < t_.size() && t_[pos_] != ')') e.items.push_back(one());
            if (pos_ >= t_.size()) throw std::runtime_error("s-expression: missing ')'");
            ++pos_;
        } else if (t_[pos_] == ')') {
            throw std::runtime_error("s-expression: unexpected ')' at offset " + std::to_string(pos_));
        } else {
            while (pos_ < t_.size() && !std::isspace(static_cast<unsigned char>(t_[pos_])) &&
                   t_[pos_] != '(' && t_[pos_] != ')' && t_[pos_] != ';')
                e.atom += static_cast<char>(std::tolower(static_cast<unsigned char>(t_[pos_++])));
        }
        return e;
    }

    const std::string& t_;
    size_t pos_ = 0;
};

inline std::vector<SExpr> read_sexprs(const std::string& text) { return SExprReader(text).all(); }

}  // namespace gdlsc::test
