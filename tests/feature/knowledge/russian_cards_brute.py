#!/usr/bin/env python3
"""Russian Cards by brute force over explicit worlds, independent of gdlsc: which of the
announcements of examples/russian_cards/generate_menu.py (SMCDEL's 1,290 lists of five to seven
non-crossing hands, in the generator's order l0, l1, ...) are safe for the deal 012/345/6 --
safe: after the announcement, it is common knowledge among Anne, Bob and Cath that Bob knows
Anne's hand and Cath knows, of no card, whether Anne or Bob holds it. Also checks SMCDEL's own
test (checkSet: the six formulas with Bob's second announcement) gives the same lists.
Prints the safe list names, one a line, sorted."""
import importlib.util
import itertools
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "menu", os.path.join(HERE, "..", "..", "..", "examples", "russian_cards", "generate_menu.py"))
menu = importlib.util.module_from_spec(spec)
spec.loader.exec_module(menu)

CARDS = range(7)
HANDS = menu.HANDS
WORLDS = [(a, b, next(iter(set(CARDS) - set(a) - set(b))))
          for a in HANDS for b in itertools.combinations(sorted(set(CARDS) - set(a)), 3)]
ACTUAL = ((0, 1, 2), (3, 4, 5), 6)


def K(W, i, phi):
    return {w for w in W if all(v in phi for v in W if v[i] == w[i])}


def CK(W, agents, phi):
    X = set(phi) & W
    while True:
        Y = set(X)
        for i in agents:
            Y &= K(W, i, X)
        if Y == X:
            return X
        X = Y


def has(w, i, k):
    return k in w[i] if i < 2 else w[2] == k


def kw(W, i, pred):
    t = {w for w in W if pred(w)}
    return K(W, i, t) | K(W, i, W - t)


def conj(W, sets):
    r = set(W)
    for s in sets:
        r &= s
    return r


def b_knows_as(W):
    return conj(W, [kw(W, 1, lambda w, k=k: has(w, 0, k)) for k in CARDS])


def a_knows_bs(W):
    return conj(W, [kw(W, 0, lambda w, k=k: has(w, 1, k)) for k in CARDS])


def c_ignorant(W):
    return conj(W, [W - K(W, 2, {w for w in W if has(w, p, k)}) for k in CARDS for p in (0, 1)])


def safe(hands):
    if ACTUAL[0] not in hands:
        return False
    W = {w for w in WORLDS if w[0] in hands}
    return ACTUAL in CK(W, [0, 1, 2], b_knows_as(W) & c_ignorant(W))


def smcdel_check_set(hands):
    if ACTUAL[0] not in hands:
        return False
    W1 = {w for w in WORLDS if w[0] in hands}
    if ACTUAL not in b_knows_as(W1) or ACTUAL not in CK(W1, [0, 1], b_knows_as(W1)):
        return False
    if ACTUAL not in CK(W1, [0, 1, 2], c_ignorant(W1)):
        return False
    W2 = K(W1, 1, {w for w in W1 if w[2] == 6})
    return (ACTUAL in W2 and ACTUAL in CK(W2, [0, 1], a_knows_bs(W2) & b_knows_as(W2))
            and ACTUAL in CK(W2, [0, 1, 2], c_ignorant(W2)))


def main():
    lists = menu.hand_lists()
    ours = [i for i, l in enumerate(lists) if safe(l)]
    theirs = [i for i, l in enumerate(lists) if smcdel_check_set(l)]
    if ours != theirs or len(lists) != 1290:
        sys.exit("brute force: the two readings of safety differ (%d, %d) or %d lists" % (len(ours), len(theirs), len(lists)))
    for name in sorted("l%d" % i for i in ours):
        print(name)


if __name__ == "__main__":
    main()
