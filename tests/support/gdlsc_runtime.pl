:- encoding(utf8).
% gdlsc_runtime.pl: loads the gdlsc Prolog runtime of this checkout (the folder
% prolog/) into the test script that includes it, as the engine does:
% gdlsc_game, gdlsc_playout, gdlsc_situation, gdlsc_formula and the knowledge modules; and defines the
% search path alias gdlsc(File) for that folder.
% Use, from tests/unit/FOLDER/x.pl:  :- include('../../support/gdlsc_runtime').
:- prolog_load_context(file, This),
   file_directory_name(This, Support),
   atom_concat(Support, '/../../prolog', P),
   asserta(user:file_search_path(gdlsc, P)).
:- use_module(gdlsc(gdlsc_game)).
:- use_module(gdlsc(gdlsc_playout)).
:- use_module(gdlsc(gdlsc_situation)).
:- use_module(gdlsc(gdlsc_formula)).
:- use_module(gdlsc(gdlsc_infoset)).
:- use_module(gdlsc(gdlsc_knows)).
:- use_module(gdlsc(gdlsc_belief)).
:- use_module(gdlsc(gdlsc_properties)).
:- use_module(gdlsc(gdlsc_developments)).
:- use_module(gdlsc(gdlsc_infoset_dot)).
