"""Names and case keys shared by the transfer-table generator and its readers (no JAX import here).

A case key spells one observed call, as the analysis can describe a call in source code:

    reduced,invariant|axis=(0, 1)|keepdims=True@VI;VV

- the positional operands' labels in order: an array's state on the reduced axis `i`, or `int` /
  `float` for a Python number (the arrays of a list operand one by one);
- `|name=value` for each keyword, sorted by name (a positional argument bound to one of these
  parameters is the same call, and is spelled as the keyword);
- `@` and the states of the array operands on the mesh's other axes: one column per other axis on
  which some operand is not invariant, `V`, `I`, `R` or `U` per array operand in order, columns
  sorted. No `@`: every array operand is invariant on every other axis.
"""
from __future__ import annotations

import json

FORMAT = 3  # bumped when the JSON layout changes
# Formats a reader still understands: format 2 has no OTHER_AXES_IRRELEVANT_STATES (its flag means
# "irrelevant while invariant or varying") and no R/U columns; its keys are spelled alike.
READABLE_FORMATS = (2, 3)

VARYING = "varying"
INVARIANT = "invariant"
REDUCED = "reduced"
UNREDUCED = "unreduced"

# The operation's outcome was the same in every observed case whatever the other axes' states
# (I or V per operand): a derived fact, so its cases are stored without the `@` part and a call
# whose operands are invariant or varying on the other axes reads them.
OTHER_AXES_IRRELEVANT = "other_axes_irrelevant"
# The column letters over which that was observed (format 3): "IV", or with "R" and/or "U" when
# the cases with operands reduced or unreduced on the other axes did not change either. Cases
# with other letters there are kept with their `@` part, and match exactly.
OTHER_AXES_IRRELEVANT_STATES = "other_axes_irrelevant_states"
# Tried widest first: a set holds only if every observed case within it agrees.
_IRRELEVANT_CANDIDATES = ("IRUV", "IRV", "IUV", "IV")

# A case JAX answered differently with operands of another dtype ({"result": "depends", "variant":
# "int", ...}) keeps here the outcome per dtype kind ("float", "int", "bool": every array operand
# of that kind; float32, int32 and bool_ were run), for each kind whose outcome held on every rank
# and container tried. Tables written before it have none: a reader then knows no kind's outcome.
DTYPE_OUTCOMES = "dtypes"
DTYPE_KINDS = ("float", "int", "bool")

# Parameters that take Python values and are tried as keywords (jnp.sum(x, axis=(0, 1),
# keepdims=True)); a positional argument bound to one of them is spelled as the keyword.
KEYWORD_PARAMETERS = ("axis", "keepdims", "dtype", "preferred_element_type", "ddof", "approximate")
# What these parameters are when a call leaves them out, in every function of the tables that has
# them (jnp reductions' keepdims=False, var/std's ddof=0, jax.nn.gelu's approximate=True): the
# generator observes the call without them, so a call passing the default is that case's key.
KEYWORD_DEFAULTS = {"keepdims": "False", "ddof": "0", "approximate": "True"}

_COLUMN_LETTERS = {VARYING: "V", INVARIANT: "I", REDUCED: "R", UNREDUCED: "U"}
STATE_OF_LETTER = {letter: state for state, letter in _COLUMN_LETTERS.items()}


def value_label(value) -> str:
    """A keyword's value as keys spell it: repr of a Python literal, a dtype by its name."""
    if isinstance(value, str):
        return value
    if isinstance(value, tuple):
        return "(" + ", ".join(value_label(item) for item in value) + ("," if len(value) == 1 else "") + ")"
    return repr(value)


def keyword_suffix(labels: dict[str, str]) -> str:
    return "".join(f"|{name}={labels[name]}" for name in sorted(labels))


def context_suffix(columns) -> str | None:
    """`@...` for the other axes' columns (each a sequence of states, one per array operand);
    "" when every operand is invariant there; None when a state is not one of the four (unknown)."""
    spelled = []
    for column in columns:
        if any(state not in _COLUMN_LETTERS for state in column):
            return None
        if any(state != INVARIANT for state in column):
            spelled.append("".join(_COLUMN_LETTERS[state] for state in column))
    return "@" + ";".join(sorted(spelled)) if spelled else ""


def context_letters(key: str) -> set[str]:
    """The letters of a key's `@` part (empty: every operand invariant on the other axes)."""
    return set(split_key(key)[1][1:]) - {";"}


def split_key(key: str) -> tuple[str, str]:
    """(the key without its `@` part, the `@` part)."""
    base, at, context = key.partition("@")
    return base, at + context


def gist(outcome: dict) -> tuple:
    """What an outcome says, without the details of JAX's message (types, shapes)."""
    if "error" in outcome:
        return ("error", outcome["error"], outcome["message"].split(" Got ")[0])
    if "state" in outcome:
        return ("state", outcome["state"])
    if DTYPE_OUTCOMES in outcome:
        # Cases that depend on the dtype alike are alike only if each kind's outcome is (so that
        # the other axes are found irrelevant only where every kind's outcome ignores them).
        kinds = tuple(sorted((kind, gist(item)) for kind, item in outcome[DTYPE_OUTCOMES].items()))
        return ("result", outcome.get("result"), outcome.get("stage"), kinds)
    return ("result", outcome.get("result"), outcome.get("stage"))


def irrelevant_letters(outcomes: dict) -> str:
    """The widest set of column letters ("IRUV", "IRV", "IUV", "IV") within which no case observed
    in more than one context of the other axes changed with them; each letter but I must occur in
    some observed context. "" when none holds (or nothing was compared)."""
    for letters in _IRRELEVANT_CANDIDATES:
        within = {key: outcome for key, outcome in outcomes.items() if context_letters(key) <= set(letters)}
        seen = set().union(*(context_letters(key) for key in within)) if within else set()
        if not set(letters) - {"I"} <= seen:
            continue
        groups: dict[str, set] = {}
        for key, outcome in within.items():
            groups.setdefault(split_key(key)[0], set()).add(gist(outcome))
        if all(len(found) == 1 for found in groups.values()):
            return letters
    return ""


def other_axes_irrelevant(outcomes: dict) -> bool:
    """True when, for every case observed in more than one context of the other axes (invariant
    or varying there at least), every context gave the same outcome."""
    return bool(irrelevant_letters(outcomes))


def intern_outcomes(operations: dict) -> list[dict]:
    """Replace each case's outcome by its index in the returned list of distinct outcomes (a
    table holds some 30,000 cases and about a hundred distinct outcomes: reading it stays fast)."""
    found: list[dict] = []
    index: dict[str, int] = {}
    for entry in operations.values():
        for key, outcome in entry["cases"].items():
            spelled = json.dumps(outcome, sort_keys=True)
            if spelled not in index:
                index[spelled] = len(found)
                found.append(outcome)
            entry["cases"][key] = index[spelled]
    return found


def resolve_outcomes(data: dict) -> dict:
    """`data` (a table) with each case's outcome in place of its index (to compare tables)."""
    outcomes = data.get("outcomes", [])
    for entry in data.get("operations", {}).values():
        entry["cases"] = {key: outcomes[value] if isinstance(value, int) else value
                          for key, value in entry["cases"].items()}
    return data
