// The step network as a foreign predicate of the embedded engine (internal to src/prolog):
//
//   gdlsc_network:k_step(+Parents, +RoleIndex, +Move, +Percepts, -Result)
//
// Parents: the states of an information set (sorted fluent lists); RoleIndex: the role's
// position (1-based); Move: its move; Percepts: what it saw (sorted). Result is
// r(Ds, Children): Ds per parent its number of joint moves with Move (0: no children);
// Children the distinct successor states whose percepts for the role are Percepts, as
// c(State, K, JointMove, Ks) in standard order of State, K the (1-based) parent of the
// first child, JointMove that child's a(M1,...,Mk), Ks the parent of every child.
// Fails when there is no network for the game (loaded from text, too large to ground,
// knows in the rules) or an input is outside it; prolog/gdlsc_infoset.pl then uses the
// game's rules. The network is built on the first call after a game is loaded.
#pragma once
#include <memory>

#include "prolog/engine.h"

namespace gdlsc::pl {

/// Registers the foreign predicate (once, after PL_initialise).
void register_network();
/// Where k_step gets the loaded game's network, asked on first use; empty: none (a game
/// loaded from text).
void set_network_game(NetworkSource network);

}  // namespace gdlsc::pl
