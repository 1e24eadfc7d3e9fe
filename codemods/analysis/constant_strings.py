"""String literals of a script run as CPython holds them (script_run.py; issue 13).

CPython compiles a module with one table of constants for all its code objects (3.11: the
compiler's constant cache), so two equal string literals anywhere in the module, in two functions
or a class body and a method, are one object; and it interns every literal made only of ASCII
letters, digits and `_` (the names a program spells: axis names, config keys), as it interns
identifiers, so those are one object with the attribute names too. A join that keeps a branch's
value unless `seen[key] is not value` then finds `"data" is "data"` true. `ast.parse` makes a new
object for each literal; the run hands out the object CPython would instead, so `is` between two
literals reads as in the program (script_operators.py reads `is` only between one run object;
strings the program builds as it runs are new objects there as here).
"""
from __future__ import annotations

import sys


def as_compiled(run, text: str) -> str:
    """The object the module's code holds for the literal `text`."""
    if text.isascii() and (not text or text.replace("_", "a").isalnum()):
        return sys.intern(text)
    return run.__dict__.setdefault("_literals", {}).setdefault(text, text)
