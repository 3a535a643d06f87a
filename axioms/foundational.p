% Foundational axioms of the situation calculus: unique names for s0 and do.
% Source: Reiter, Knowledge in Action (2001), Sec. 4.2.2; Levesque, Pirri & Reiter (1998).
%   Do(A,S) != s0     Do(A,S) = Do(A',S') => A = A' & S = S'
% The induction axiom on situations is second order and not included (README.md).
fof(do_not_s0, axiom, ![A,S]: do(A,S) != s0).
fof(do_injective, axiom, ![A,S,Ap,Sp]: (do(A,S) = do(Ap,Sp) => (A = Ap & S = Sp))).
