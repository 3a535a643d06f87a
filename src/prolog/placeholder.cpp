// gdlsc_prolog: translation unit so the library target exists before its first source lands.
