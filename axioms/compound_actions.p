% Compound actions: Act(r_i, <m_1,...,m_k>) = m_i, in the order of the role facts.
% Source: Schiffel & Thielscher (AAAI 2011), "Compound actions", axiom (1).
% The schema for the three roles jane, rick, random of the card game (Thielscher 2010,
% Fig. 1); gdlsc translate --format tptp writes it for each game.
fof(act_1, axiom, ![M1,M2,M3]: act(jane, joint(M1,M2,M3)) = M1).
fof(act_2, axiom, ![M1,M2,M3]: act(rick, joint(M1,M2,M3)) = M2).
fof(act_3, axiom, ![M1,M2,M3]: act(random, joint(M1,M2,M3)) = M3).
fof(act_non_roles, axiom, ![R,A]: (~ role(R) => act(R,A) = nomove)).
