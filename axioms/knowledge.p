% The knowledge fluent K (multi-agent, simultaneous moves, sensing by Sees).
% Source: Schiffel & Thielscher (AAAI 2011), "Knowledge", axioms (6) and (7);
% Scherl & Levesque (AIJ 2003).
%   K(R,S,s0) <=> S = s0
%   K(R,S'',Do(A,S)) <=> ?[A',S']: S'' = Do(A',S') & K(R,S',S) & Poss(A',S')
%                        & Act(R,A) = Act(R,A') & ![P]: (Sees(R,P,A,S) <=> Sees(R,P,A',S'))
fof(k_initial, axiom, ![R,Sp]: (k(R,Sp,s0) <=> Sp = s0)).
fof(k_successor, axiom,
    ![R,Spp,A,S]: (k(R,Spp,do(A,S)) <=>
        (?[Ap,Sp]: (Spp = do(Ap,Sp) & k(R,Sp,S) & poss(Ap,Sp) & act(R,A) = act(R,Ap)
                    & (![P]: (sees(R,P,A,S) <=> sees(R,P,Ap,Sp))))))).
