// Private to src/symbolic and its tests: BuDDy 2.4's globals that bdd.h does not declare but
// libbdd exports (kernel.h, kernel.c), mirrored here: the node table and the head of its free
// list (what the manager's stop watcher cuts, manager.h), the reference stack, the
// variable-to-level tables, and the node table's resize.
#pragma once

struct BuddyNode {
    unsigned int refcou : 10;
    unsigned int level : 22;
    int low, high, hash, next;
};
static_assert(sizeof(BuddyNode) == 20, "BuDDy 2.4's node is 20 bytes");
extern "C" BuddyNode* bddnodes;
extern "C" int bddfreepos;
// The intermediate results of an operation, which a garbage collection keeps
// (Manager::set_variables clears it).
extern "C" int* bddrefstack;
// bdd_done frees these without setting them to null.
extern "C" int* bddlevel2var;
extern "C" int* bddvar2level;
extern "C" int bdd_noderesize(int doRehash);
