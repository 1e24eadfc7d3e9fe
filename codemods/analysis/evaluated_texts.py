"""`eval(text, namespace)` in a script run (script_run.py; issue 13).

A gin-like binding parser turns each line's right-hand side into Python and evaluates it in a
namespace of its own: `eval(rhs, {"__builtins__": {}, "_Ref": _Ref, "_M": _MACROS})`, after
rewriting `@Name` to `_Ref('Name', False)` and `%MACRO` to `_M['MACRO']`. Which axes, specs and
collectives reach a body then come from those values.

What CPython 3.11 does, for a text the run knows and a namespace that is a plain dict:
- the text is compiled as one expression, with the `from __future__` features of the module
  calling `eval` (the caller's frame lends its flags: under `barry_as_FLUFL`, `1 != 2` is a
  SyntaxError and `1 <> 2` a comparison; adversarial23 E). A SyntaxError only those features make
  is raised for the program to catch; any other is not modelled (Bail: Python versions accept
  different texts), nor is a feature this Python does not know;
- the namespace dict is the expression's globals and, without a third argument, its locals: its
  names are read from that very dict (a walrus would store into it: the run stops there,
  named_exprs.py). A third argument, a plain dict, is the locals mapping, read before the
  globals; a comprehension's own scope skips it (its names are globals), which the run's scopes
  do not follow: such a text is not modelled;
- the text's own frame has the namespace dict as its globals: `globals()` called there (under
  any name: `eval("g()", {"g": globals})`) returns that dict, not the caller's (adversarial24 E);
  `vars()`, `locals()`, `dir()`, frames and a nested `eval` of one argument stop the run there;
- without a `__builtins__` key, CPython adds one (the builtins module's dict: an unknown value
  for the program's own reads) to the dict, and builtins are reached (so they are with the module
  itself there); with `{}` there, no builtin is: a name the dict does not hold raises NameError,
  which the run does not model (Bail).
Without a namespace, `eval` reads the caller's globals (the module's namespace) and its locals: at
module level the same dict, in a def a snapshot of its locals (see _caller_scopes for what is not
modelled there). Nodes of the parsed text have no place
in the file, so a stop met on one of them (a collective, a gather or an operation written in the
text) stops the run instead (Bail): a finding there could not be placed or fixed; a text with a
lambda or a generator expression (run later, outside this call) is not modelled.
"""
from __future__ import annotations

import __future__
import ast

from codemods.analysis.host_exprs import Env, Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import GatherStop, Lib, Opaque

_MISSING = object()
# Parts of the text run after `eval` returns (a lambda's body, a generator's items): a stop met
# there would be placed on the text's nodes, outside the try below.
_DEFERRED = (ast.Lambda, ast.GeneratorExp)
_OWN_SCOPES = (ast.ListComp, ast.SetComp, ast.DictComp)


def evaluated(run, args: list, kwargs: dict) -> object:
    """`eval(text, namespace)`: the expression's value, computed by the run in that namespace."""
    if kwargs or len(args) not in (1, 2, 3) or type(args[0]) is not str or any(type(a) is not dict for a in args[1:]):
        raise Bail  # (a locals mapping of another kind, code objects: not modelled)
    text = args[0].lstrip(" \t")  # (CPython strips leading blanks for eval)
    flags = _future_flags(run)
    try:  # (compiled, never run: CPython rejects more than its parser, `yield` outside a def included)
        compile(text, "<string>", "eval", flags, dont_inherit=True)
        tree = compile(text, "<string>", "eval", flags | ast.PyCF_ONLY_AST, dont_inherit=True)
    except SyntaxError as error:
        if flags and _compiles(text):
            raise Raised(error) from None  # (`1 != 2` under barry_as_FLUFL)
        raise Bail from None
    except (ValueError, RecursionError, MemoryError):
        raise Bail from None
    if len(args) == 1:
        namespace, local = _caller_scopes(run, tree)
    else:
        namespace = args[1]
        local = args[2] if len(args) == 3 and args[2] is not namespace else None
    if any(type(node) in _DEFERRED for node in ast.walk(tree)) \
            or any(type(key) is not str for key in (*namespace, *(local or ()))):
        raise Bail
    if local is not None and any(type(node) in _OWN_SCOPES for node in ast.walk(tree)):
        raise Bail  # (a comprehension reads the globals, not the locals mapping)
    builtins = namespace.get("__builtins__", _MISSING)
    added = run.__dict__.setdefault("_builtins_dict", Opaque())
    if builtins is _MISSING:
        namespace["__builtins__"] = added  # (the builtins module's dict: never read by the run)
    elif type(builtins) is dict and not builtins:
        if not _names_held(tree, {**namespace, **(local or {})}):
            raise Bail  # (NameError)
    elif builtins is not added and (type(builtins) is not Lib or builtins.name != "builtins"):
        raise Bail  # (a mapping of chosen builtins: not modelled)
    run.__dict__.setdefault("_evaluated_texts", []).append(tree)  # (alive for the run: nodes are known by id)
    env = Env(None, frozenset())
    env.vars = namespace
    if local is not None:  # (names are read from the locals mapping first, then the globals)
        env = Env(env, frozenset())
        env.vars = local
    own = {id(node) for node in ast.walk(tree)}
    texts = run.__dict__.setdefault("_texts_running", [])
    texts.append((own, namespace))
    try:
        return run.eval(tree.body, env)
    except GatherStop as stop:
        if id(stop.call) in own:
            raise Bail from None
        raise
    finally:
        texts.pop()


def text_globals(run) -> dict | None:
    """The namespace `globals()` returns when called from a text being evaluated (its frame's
    globals are the namespace eval was given: `eval("len(globals())", {"k": 1}) == 2`); None for
    a call written elsewhere."""
    for own, namespace in reversed(run.__dict__.get("_texts_running", ())):
        if run.node is not None and id(run.node) in own:
            return namespace
    return None


def _future_flags(run) -> int:
    """The compiler flags of the module's `from __future__` imports (a future statement stands
    only at the top of a module: anywhere else the file does not compile)."""
    cached = run.__dict__.get("_future_flags")
    if cached is None:
        cached = 0
        for stmt in run.tree.body:
            if type(stmt) is ast.ImportFrom and stmt.module == "__future__" and not stmt.level:
                for alias in stmt.names:
                    feature = getattr(__future__, alias.name, None) if alias.name in __future__.all_feature_names else None
                    if feature is None:
                        raise Bail  # (a feature this Python does not know: its flag cannot be lent)
                    cached |= feature.compiler_flag
        run.__dict__["_future_flags"] = cached
    return cached


def _compiles(text: str) -> bool:
    try:
        compile(text, "<string>", "eval", dont_inherit=True)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


def _caller_scopes(run, tree: ast.Expression) -> tuple[dict, dict | None]:
    """`eval(text)`'s globals and locals: the module's namespace, and in a def a snapshot of its
    locals (`locals()`), which hold the def's own variables and the free ones its code reads. The
    run's scopes do not tell which names of an enclosing def are free in this one, so a text
    naming any stops the run; so does a call not made in the frame's own code (a class body, a
    comprehension, a lambda the run does not frame) and a name the def binds but has not set."""
    from codemods.analysis.script_frames import own_call

    module = run.module_env.vars
    if not run.frames:
        if not own_call(run, run.tree, run.node):
            raise Bail
        return module, None
    func, env = run.frames[-1]
    if type(getattr(func, "node", None)) not in (ast.FunctionDef, ast.AsyncFunctionDef) \
            or not own_call(run, func.node, run.node):
        raise Bail
    names = {node.id for node in ast.walk(tree) if type(node) is ast.Name}
    if env.outer and names & set(env.outer) or any(name in env.bound and name not in env.vars for name in names):
        raise Bail  # (declared global or nonlocal; a local not yet set)
    current = env.parent
    while current is not None and current is not run.module_env:
        if any(name in current.vars or name in current.bound for name in names):
            raise Bail  # (free in this def, or a global of the same name: not told apart)
        current = current.parent
    return module, dict(env.vars)


def _names_held(tree: ast.Expression, namespace: dict) -> bool:
    """Every name the text reads is in the namespace or bound inside the text itself."""
    bound = {node.id for node in ast.walk(tree) if type(node) is ast.Name and type(node.ctx) is ast.Store}
    return all(node.id in namespace or node.id in bound for node in ast.walk(tree)
               if type(node) is ast.Name and type(node.ctx) is ast.Load)
