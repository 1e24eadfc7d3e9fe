"""Symbols: axis names read from code the analysis cannot run (issue 13).

`def main(mesh, x, cfg: Config)` never called in the file, `args = parser.parse_args()`,
`CFG = experiment(RUN)`: the names `cfg.data_axis`, `args.axis`, `CFG["axis"]` hold are not
known, but a bug such as `psum(x, cfg.axis)` then `all_gather(..., cfg.axis, to='reduced')`
fails for ANY value they have. A symbol stands for one such value: an expression rooted at a
name bound once in its scope (a parameter its function never rebinds and through which no body
is handed, a name assigned once by a statement at the top of the module or of a function, or
of a `with` block there; never rebound through `global`/`nonlocal`/`globals()`, nor as a module
attribute) followed by attribute reads, literal subscripts, `.get(key, "default")` and
properties of module classes (run on the symbol). Two reads of the same chain from the same
binding are the same symbol; as an axis name it is a SymbolAxis, a str no program writes.

Why a finding that uses symbols is sound. The interpreter treats a symbol as one more axis
name, different from every other name. That is what JAX sees whenever the symbol is one axis
name different from every other axis name the shard_map meets. So once a use is analysed, its
verdicts stand only when, for every axis name it met (in its specs, its mesh, axis_names=, its
collectives, the states of the values judged and returned; symbol_proofs.py):
- every symbol a collective (or axis_index) is given is certainly one str: its annotation or
  default says so and no call or construction in the file passes anything but a str literal
  (`axis: str`, `axis="data"`, a dataclass field `axis: str`), an argparse option or absl flag
  with a str default, `os.environ.get(k, "dp")`, or JAX rejects anything else where the use
  writes it (an item of a tuple entry of a P, of `reduced=`/`unreduced=`, a name of the
  shard_map's mesh, `mesh.axis_names[k]` of that mesh). A symbol only written in specs may be a
  tuple of names, even an empty one: a state on it then concerns nothing any collective reads;
- every symbol differs from every other name met: JAX rejects the two equal where the use
  writes them (two names sharded by one in_specs P, including inside a tuple entry; a sharded
  name and a reduced/unreduced one of one P; a reduced and an unreduced one; two names of the
  shard_map's mesh; all run on jax 0.10.2). Two names in one `reduced={...}` set prove nothing
  (a set drops the repeat).
Otherwise a site whose collective names a symbol not proved, or a name such a symbol may
equal, is withdrawn from every finding (the other machinery, contexts and loops included); the
use's other sites stand (symbol_proofs._unproved says why), unless a symbol a collective reads
may be a tuple of names: then every site of the use is withdrawn. Unknown never yields a verdict.
A tuple of names known only as such is one symbol too (sequence_symbols.py). A read is the same value each
time only where nothing can change it: no attribute of that name is stored outside an object's
constructor (and no `setattr`/`vars`/`__dict__`), no container is changed in place except one a
function just built, no module class computes attribute or item reads, an attribute of a
module class is a plain field (not a method, the class not subclassed). A value computed from
a symbol (a call's result, an unpacked item, a join of two paths, what a transformation hands
a function) is not the symbol. As an array operand a field, item or option read from a symbol
is what it was before the body ran (the body closes over it): invariant.

A fix spells the symbol's expression (`pcast(x, cfg.axis, to='varying')`) only where its root
name reads the same binding; elsewhere the finding has no fix.
"""
from __future__ import annotations

import ast
import os
from dataclasses import replace

from codemods.analysis import symbol_proofs
from codemods.analysis.pyvalues import UNPACK_SHAPE
from codemods.analysis.nodes import FunctionDef, NOT_LITERAL, call_args, param_default, positional_params
from codemods.analysis.scopes import bindings_of, method_kind
from codemods.analysis.chain_arguments import argument_for
from codemods.analysis.shared_defaults import default_read
from codemods.analysis.sequence_symbols import SequenceSymbols, split_names, str_literals
from codemods.analysis.symbol_kinds import text_kind
from codemods.analysis.symbol_facts import (
    annotation_kind,
    argument_types,
    changed_attributes,
    class_field,
    class_members,
    items_unchanged,
    plain_arguments,
    strings_given,
)
from codemods.analysis.symbol_values import SymbolAxis, SymbolState, SymbolStatic, demoted
from codemods.analysis.attr_dicts import AttrTable
from codemods.analysis.cli_args import Namespace
from codemods.analysis.values import CONSTANT, STATIC, AxisState, Const, DictValue, Instance, JaxName, State, Static, TupleValue

I, Q = State.INVARIANT, State.UNKNOWN
_CHAIN = (ast.Name, ast.Attribute, ast.Subscript)
_KEPT = (ast.Tuple, ast.List, ast.Dict, ast.Set, ast.Constant, ast.Lambda)  # built of evaluated items
_SYMBOLIC = (SymbolState, SymbolStatic)
_CONTAINERS = {DictValue: "dict", Namespace: "namespace", AttrTable: None}
# Every symbol's name starts with this: no program can write it (a NUL and a token made per run).
_TOKEN = "\x00" + os.urandom(4).hex() + ":"  # secrets.token_hex, without importing hmac and hashlib
_FLAGS = "absl.flags.FLAGS"


def _blank(value) -> bool:
    """An unknown value, or a closed-over one known only to be the same on every device."""
    return type(value) is Static or type(value) is AxisState and not value.named and value.rest in (I, Q) and not value.mixed


def _stored(value, kind):
    """A field of a module class's object, an item of a dict, an option parse_args read: a value
    made before the body runs (the body closes over it), so the same on every device."""
    if type(value) is AxisState and value.rest is Q and not value.named \
            and (isinstance(kind, ast.ClassDef) or kind in ("dict", "strdict", "namespace")):
        return replace(CONSTANT, why="a closed-over value")
    return value


class Symbols(SequenceSymbols):
    """Interpreter hooks (the Interpreter supplies scope, eval, the frames and the verdict tables)."""

    symbol_count = 0  # symbols made in this module: none, and nothing here costs anything
    _sym_case: dict | None = None  # symbol key -> the mesh name it is in this case (symbol_cases.py)

    def init_symbols(self) -> None:
        self._sym_chain_values: dict[int, SymbolState] = {}
        self._sym_roots: dict[tuple, tuple | None] = {}
        self.vetoed_sites: set[int] = set()
        self._sym_binders: dict[int, FunctionDef] = {}
        self._sym_containers: dict[int, tuple] = {}
        self._sym_chained: frozenset[int] | None = None
        self._sym_spec_names: set = set()
        self._sym_kinds: dict[tuple, object] = {}
        self._sym_called = None  # the symbol a `.get(key, default)` just read
        self._sym_mesh_keys: dict[int, str] = {}
        self.scope.axis_value = self._sym_axis_value

    # -- reading symbols ---------------------------------------------------------------------
    def eval(self, expr, frame):
        value = super().eval(expr, frame)
        if not self.symbol_count:
            return value
        kind = type(expr)
        if kind is ast.Tuple and self.mesh is not None and self.mesh.groups \
                and any(type(item) is ast.Starred for item in expr.elts):
            return self._sym_spliced(expr, frame, value)
        if kind in _CHAIN or kind is ast.Call and value is self._sym_called:
            if type(value) in _SYMBOLIC:
                self._sym_chain_values[id(expr)] = value
            return value
        return value if kind in _KEPT else demoted(value)

    def eval_Name(self, expr: ast.Name, frame):
        value = super().eval_Name(expr, frame)
        container = type(value) in _CONTAINERS or type(value) is JaxName and value.name == _FLAGS \
            or type(value) is Instance and value.fields is None  # `self`: any object of its class
        if not _blank(value) and not container or type(value) in _SYMBOLIC:
            return value  # (a symbol a caller passed: `make_step(mesh)` of main's `mesh`, callers.py)
        root = self._sym_root(expr.id, frame)
        if root is None:
            return value
        key, text, kind, origin = root
        if key is None:  # `lane_axis = mesh.axis_names[-1]`: the symbol that read is
            return value if container else self._sym_made(value, text, kind)
        symbol = SymbolAxis(key + text, text, kind == "str", origin, kind == "strs")
        if container:  # `CFG = parse(TEXT)`: its keys known, not its items (read as symbols)
            self._sym_containers[id(expr)] = (symbol, value.cls if type(value) is Instance else
                                              _CONTAINERS.get(type(value), "namespace"))
            return value
        return self._sym_made(value, symbol, kind)

    def eval_Attribute(self, expr: ast.Attribute, frame):
        self._sym_forget(expr.value)
        value = super().eval_Attribute(expr, frame)
        receiver = self._sym_receiver(expr.value)
        if receiver is None:
            return value
        computed = self._sym_property(receiver, expr.attr) if _blank(value) else None
        if computed is not None:
            return computed
        if type(value) is JaxName and receiver.kind == "namespace":
            value = STATIC  # `FLAGS.axis`: an option's value, not a module's name
        kind = self._sym_attribute_kind(receiver.kind, expr.attr) if _blank(value) or type(value) in _SYMBOLIC else False
        if kind is False:
            return demoted(value) if type(value) in _SYMBOLIC and value.symbol == receiver.symbol else value
        if receiver.kind == "namespace" and type(value) is AxisState and expr.attr in plain_arguments(self.scope.tree):
            value = STATIC  # an option argparse made a number or str of: a Python value, not an array
        return self._sym_made(_stored(value, receiver.kind), self._sym_step(receiver.symbol, "." + expr.attr, kind), kind)

    def eval_Call(self, expr: ast.Call, frame):
        func = expr.func
        if type(func) is not ast.Attribute or func.attr != "get" or not self.symbol_count:
            return super().eval_Call(expr, frame)
        self._sym_forget(func.value)
        value = super().eval_Call(expr, frame)
        receiver = self._sym_receiver(func.value)
        key, default = (expr.args + [None, None])[:2] if len(expr.args) == 2 and not expr.keywords else (None, None)
        if receiver is None or not _blank(value) or not all(type(arg) is ast.Constant and isinstance(arg.value, str)
                                                              for arg in (key, default)):
            return value
        kind = self._sym_item_kind(receiver.kind)  # `cfg.get("axis", "data")`: the item, or the default
        if kind is False or "get" in class_members(self.scope.tree)[0]:
            return value
        made = self._sym_made(_stored(value, receiver.kind), self._sym_step(
            receiver.symbol, f".get({key.value!r}, {default.value!r})", kind), kind)
        self._sym_called = made
        return made

    def eval_Subscript(self, expr: ast.Subscript, frame):
        self._sym_forget(expr.value)
        value = super().eval_Subscript(expr, frame)
        receiver = self._sym_receiver(expr.value)
        if receiver is None:
            return value
        key = _literal_key(expr.slice)
        kind = False
        if type(key) in (str, int) and (_blank(value) or type(value) in _SYMBOLIC):
            kind = self._sym_item_kind(receiver.kind)
        if kind is False:
            return demoted(value) if type(value) in _SYMBOLIC and value.symbol == receiver.symbol else value
        return self._sym_made(_stored(value, receiver.kind), self._sym_step(receiver.symbol, f"[{key!r}]", kind), kind)

    def default_symbol(self, node: ast.expr, defined_in, param: str, cls: ast.ClassDef | None = None):
        """A module function's parameter default (or a module dataclass's field default) computed
        from text no run of the analysis knows (`axes=tuple(os.environ["AXES"].split(","))`):
        evaluated once, where the def (the class) runs, so one fixed value (a symbol of its own,
        spelled by no fix); None otherwise."""
        if defined_in is None or defined_in.static_scopes != () or type(node) is not ast.Call \
                or not hasattr(node, "lineno"):
            return None  # (a `default_factory` call the analysis made up runs at each construction)
        if cls is not None and any(type(name) is ast.Name and bindings_of(cls).binds(name.id) for name in ast.walk(node)):
            return None  # a name the class body binds: not the module's
        kind = self._sym_value_kind(node)
        if kind not in ("str", "strs"):
            return None
        symbol = SymbolAxis(f"{_TOKEN}default:{node.lineno}:{node.col_offset}:{param}", param, kind == "str",
                            ("default", id(node), param), kind == "strs")
        return self._sym_made(STATIC, symbol, kind)

    def _sym_forget(self, node: ast.expr) -> None:
        """Before `node` is read again: what an earlier read of it noted no longer counts."""
        self._sym_chain_values.pop(id(node), None)
        self._sym_containers.pop(id(node), None)

    def _sym_receiver(self, node: ast.expr):
        """The symbol `node` was just read as (a container bound once stands for its own)."""
        receiver = self._sym_chain_values.pop(id(node), None)
        if receiver is None and self._sym_containers:
            found = self._sym_containers.pop(id(node), None)
            if found is not None:
                receiver = SymbolState(symbol=found[0], kind=found[1])
        return receiver

    def call(self, callee, expr, args, keywords, starred, frame):
        if expr is None and self.symbol_count:  # a transformation hands on leaves or slices, not its operands
            args = [(demoted(value), node) for value, node in args]
            keywords = {name: (demoted(value), node) for name, (value, node) in keywords.items()}
        return super().call(callee, expr, args, keywords, starred, frame)

    def _sym_made(self, value, symbol: SymbolAxis, kind):
        self.symbol_count += 1
        if self._sym_case and str(symbol) in self._sym_case:
            return Const(self._sym_case[str(symbol)])  # one case of the symbol (symbol_cases.py)
        if isinstance(value, Static):
            return SymbolStatic(symbol=symbol, kind=kind)
        base = value.plain() if type(value) is SymbolState else value
        return SymbolState(base.named, base.rest, base.why, base.gathers, base.mixed, base.shape, symbol=symbol, kind=kind)

    @staticmethod
    def _sym_step(symbol: SymbolAxis, step: str, kind) -> SymbolAxis:
        return SymbolAxis(str(symbol) + step, symbol.text + step, kind == "str", symbol.root, kind == "strs")

    def _sym_attribute_kind(self, kind, attr: str):
        """What `receiver.attr` is known to be (False: no symbol: it may differ between reads)."""
        key = (id(kind) if isinstance(kind, ast.ClassDef) else kind, attr)
        if key not in self._sym_kinds:
            self._sym_kinds[key] = self._sym_read_kind(kind, attr)
        return self._sym_kinds[key]

    def _sym_read_kind(self, kind, attr: str):
        tree = self.scope.tree
        changed = changed_attributes(tree)
        if attr.startswith("__") or changed is None or attr in changed or kind in ("str", "mesh name"):
            return False
        if isinstance(kind, ast.ClassDef):
            field, found = class_field(kind, attr, self.scope.classes)
            hooks = any(isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name in ("__getattr__", "__getattribute__")
                        for stmt in kind.body)
            if not field or hooks or self.scope.subclassed(kind) or found == "none" or attr in class_members(tree)[0]:
                return False  # (a method or property of that name elsewhere: a base may compute it)
            return found if found != "str" or strings_given(tree, kind, attr) else None
        members, computed, _ = class_members(tree)
        if attr in members or computed:
            return False
        if kind == "namespace":
            return argument_types(tree).get(attr)
        return "names" if attr == "axis_names" else None

    def _sym_property(self, receiver: SymbolState, attr: str):
        """`settings.mesh_axes` of a module class's property: what its body computes from the
        symbol's fields (`return (self.ensemble, self.space)`)."""
        cls = receiver.kind
        if not isinstance(cls, ast.ClassDef):
            return None
        changed = changed_attributes(self.scope.tree)
        if changed is None or attr in changed or self.scope.subclassed(cls) or any(
                isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name in ("__getattr__", "__getattribute__")
                for stmt in cls.body):
            return None
        found = [stmt for stmt in cls.body if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Assign, ast.AnnAssign))
                 and attr in ([stmt.name] if not isinstance(stmt, (ast.Assign, ast.AnnAssign)) else
                              [t.id for t in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]) if type(t) is ast.Name])]
        if len(found) != 1 or type(found[0]) is not ast.FunctionDef or method_kind(found[0]) != "property" \
                or len(found[0].args.args) != 1:
            return None
        return self.run_function(found[0], [receiver], {}, self.module_frame)

    def _sym_item_kind(self, kind):
        if isinstance(kind, ast.ClassDef) or kind in ("str", "mesh name", "namespace"):
            return False
        if kind == "strs":
            return "str"  # an item of a tuple or list of strs (sequence_symbols.py)
        if class_members(self.scope.tree)[2] or not items_unchanged(self.scope.tree):
            return False
        return "str" if kind == "strdict" else "mesh name" if kind == "names" else None

    # -- roots -------------------------------------------------------------------------------
    def _sym_root(self, name: str, frame):
        """(key, text, kind, origin) of the binding `name` reads outside every analysed run, when
        it is bound once; None otherwise."""
        if name in self.scope.volatile:
            return None
        current = frame
        while current is not None and current.static_scopes is None:
            if name in current.vars or name in current.local_names:
                return None  # a value of a run: the interpreter follows it itself
            current = current.parent
        if current is None or current.opaque or name in current.vars:
            return None
        scopes = current.static_scopes
        cache = (tuple(id(scope) for scope in scopes), name)
        if cache not in self._sym_roots:
            self._sym_roots[cache] = None  # (`a = b.x` and `b = a.y` read each other: neither)
            self._sym_roots[cache] = self._sym_binding(name, scopes)
        return self._sym_roots[cache]

    def _sym_binding(self, name: str, scopes: tuple[FunctionDef, ...]):
        for function in reversed(scopes):
            local = self.scope.locals_of(function)
            if not local.binds(name):
                continue
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                return None  # a class body or a lambda: not followed
            if id(function) in self._sym_forwarders():
                return None  # a body is handed through it: each call binds its names (shardmap.py chains)
            key = f"{_TOKEN}{function.lineno}:{function.col_offset}:"
            params = positional_params(function.args) + list(function.args.kwonlyargs)
            param = next((param for param in params if param.arg == name), None)
            if param is not None:
                if name in self._locals_of(function):
                    return None  # rebound in its function
                cls = self.scope.class_of(function)
                if params.index(param) == 0 and cls is not None:  # `self` of a method: its fields
                    if method_kind(function) != "plain" or self.scope.subclassed(cls):
                        return None
                    self._sym_binders[id(function)] = function
                    return key, name, cls, ("function", id(function), name)
                shared = default_read(self, function, param, _read, _SYMBOLIC)
                if shared is not None:
                    return shared  # `def make_fit(axis=AXIS)` only called as `make_fit()` (shared_defaults.py)
                kind = self._sym_param_kind(function.args, param, function in self.scope.tree.body)
                if kind in ("str", "strs") and not self._sym_strings_passed(function, name, kind):
                    kind = None  # a call in the file passes something else: a str is not certain
                if kind is None and self._sym_parsed_passed(function, name):
                    kind = "namespace"  # `main(parser.parse_args())` under `if __name__ == "__main__":`
                self._sym_binders[id(function)] = function
                return None if kind == "none" else (key, name, kind, ("function", id(function), name))
            self._sym_binders[id(function)] = function
            return self._sym_assigned_once(name, local, function.body, key, ("function", id(function), name),
                                           scopes[:scopes.index(function) + 1])
        if self.scope.globals.binds(name):
            changed = changed_attributes(self.scope.tree)
            if changed is None or name in changed:
                return None  # `sys.modules[__name__].AXIS = ...`, `setattr(module, ...)`: may change
            return self._sym_assigned_once(name, self.scope.globals, self.scope.tree.body, f"{_TOKEN}module:", ("module", 0, name), ())
        return None

    def _sym_forwarders(self) -> frozenset[int]:
        if self._sym_chained is None:
            self._sym_chained = frozenset(id(step[1]) for use in getattr(self, "uses", ()) for step in use.chain)
        return self._sym_chained

    def _sym_strings_passed(self, function: FunctionDef, name: str, kind: str = "str") -> bool:
        """No call in the file passes `name` anything but a str literal (or leaves the default);
        for kind 'strs', a tuple or list literal of them."""
        if not self.scope.references(function.name):
            return True  # an entry point: its annotation or default says what it is given
        calls, skip = self._callers(function)
        if not calls:
            return False  # referenced other than by calls here
        for call, _ in calls:
            if any(arg.star for arg in call_args(call)):
                return False
            given = argument_for(call, function, name, skip=skip)  # None: the default
            if given is not None and not (str_literals(given) if kind == "strs" else
                                          type(given) is ast.Constant and isinstance(given.value, str)):
                return False
        return True

    def _sym_parsed_passed(self, function: FunctionDef, name: str) -> bool:
        """Every call in the file passes `name` what `parse_args()` returns (and there is one)."""
        if "parse_args" not in (self.scope.source or "parse_args") or not self.scope.references(function.name):
            return False
        calls, skip = self._callers(function)
        return bool(calls) and all(not any(arg.star for arg in call_args(call))
                                   and _parses(argument_for(call, function, name, skip=skip)) for call, _ in calls)

    def _sym_param_kind(self, args: ast.arguments, param: ast.arg, top: bool = False):
        kind = annotation_kind(param.annotation, self.scope.classes)
        default = param_default(args, param)
        if default is None:
            return kind
        if kind is None and top and type(default) is not ast.Constant:  # `axis=ENV_AXIS`, evaluated in the module
            found = self._sym_value_kind(default)
            if found in ("str", "strs"):
                return found
        if type(default) is ast.Constant:
            if default.value is None:
                return "none"
            return kind or ("str" if isinstance(default.value, str) else None)
        if kind is None and str_literals(default):
            return "strs"  # `axes=("data", "model")` (sequence_symbols.py)
        if kind is None and type(default) is ast.Call and type(default.func) is ast.Name:
            return self.scope.classes.get(default.func.id)  # `settings=Settings()`
        return kind

    def _sym_assigned_once(self, name: str, bindings, body: list[ast.stmt], key: str, origin: tuple, scopes):
        """A name assigned once, by a statement of the scope's own block (not in a loop or a
        branch; a `with` block at that level runs once too). Bound to a read of a symbol
        (`VOCAB = AXES[-1]`, `lane = mesh.axis_names[-1]`, `dp = cfg.data`), it is that symbol:
        the one binding ran that read once, of a value that is the same at each read."""
        value = bindings.unique_value(name)
        made = value.value if hasattr(value, UNPACK_SHAPE) else None
        if value is None or not any(stmt.value is value or stmt.value is made for stmt in _once(body)):
            return None  # (`DP, TP = AXES` binds DP to a made `AXES[0]`: scopes.unpacked_items)
        if type(value) in (ast.Attribute, ast.Subscript) and _read(value):
            read = self.eval(value, self._static_frame(scopes))
            if type(read) in _SYMBOLIC:
                return None, read.symbol, read.kind, origin
        return key, name, self._sym_value_kind(value, 0, bindings if scopes else None, body if scopes else None, scopes), origin

    def _sym_value_kind(self, value: ast.expr, depth: int = 0, local=None, body=None, scopes=None):
        """What the value a name is bound once to is known to be ('str', 'strs', 'namespace' or
        None). `local`, `body`: the bindings and block of the function binding it (None: the module);
        `scopes`: where it is bound, when reads of symbols there may be evaluated."""
        def leaf(node, level):
            return self._sym_leaf_kind(node, level, local, body, scopes)

        if split_names(value, lambda text: text_kind(text, self.scope.resolve, leaf, depth + 1) == "str"):
            return "strs"  # `tuple(os.environ.get("AXES", "dp,tp").split(","))` (sequence_symbols.py)
        if text_kind(value, self.scope.resolve, leaf, depth) == "str":
            return "str"  # `os.environ.get("AXIS", "dp").strip()`, `ENV or "data"` (symbol_kinds.py)
        if type(value) is ast.Call:
            if _parses(value):
                return "namespace"  # `parser.parse_args()`, `parse_args(argv)`: the real command line
            function = self.scope.globals.unique_function(value.func.id) if type(value.func) is ast.Name else None
            if isinstance(function, ast.FunctionDef) and depth == 0:  # `args = get_args()`
                returned = [node.value for node in ast.walk(function) if type(node) is ast.Return]
                if returned and all(node is not None and _parses(node) for node in returned):
                    return "namespace"
        if self.scope.resolve(value) == "absl.flags.FLAGS":
            return "namespace"  # `FLAGS = flags.FLAGS`: DEFINE_string options (symbol_facts.py)
        return None

    def _sym_leaf_kind(self, node: ast.expr, depth: int, local, body, scopes=None):
        """symbol_kinds.text_kind of a name bound once (in the function `local` is of, or the
        module), of an argparse option read from one, or of a read of a symbol known to be a str
        (`cfg.axis` of a field `axis: str`)."""
        if type(node) is ast.Attribute:
            root = node.value.id if type(node.value) is ast.Name else None
            shadowed = root is not None and not (local is not None and local.binds(root)) \
                and self._sym_shadowed(root, self.scope.globals, scopes)
            found = None if shadowed else self._sym_option_kind(node, local, body)
            if found is None and scopes is not None and _read(node):
                read = self.eval(node, self._static_frame(scopes))
                found = "str" if type(read) in _SYMBOLIC and read.kind == "str" else None
            return found
        bindings, block = (local, body) if local is not None and local.binds(node.id) else (self.scope.globals, self.scope.tree.body)
        if node.id in self.scope.volatile or not bindings.binds(node.id) or self._sym_shadowed(node.id, bindings, scopes):
            return None
        if bindings is self.scope.globals:
            changed = changed_attributes(self.scope.tree)
            if changed is None or node.id in changed:
                return None
        value = bindings.unique_value(node.id)
        if value is None or not any(stmt.value is value for stmt in _once(block)):
            return None
        if bindings is self.scope.globals:  # the module's value reads the module's names
            local, body, scopes = None, None, ()
        return text_kind(value, self.scope.resolve, lambda inner, level: self._sym_leaf_kind(inner, level, local, body, scopes), depth)

    def _sym_shadowed(self, name: str, bindings, scopes) -> bool:
        """A module binding of `name` read from a function nested in another that binds it too."""
        return bindings is self.scope.globals and bool(scopes) and any(
            self.scope.locals_of(scope).binds(name) for scope in scopes)

    def _sym_option_kind(self, node: ast.expr, local=None, body=None):
        """'str' for `args.axes` of a name bound once to the command line's parse whose option
        `axes` is certainly a str (symbol_facts.argument_types)."""
        if type(node) is not ast.Attribute or type(node.value) is not ast.Name:
            return None
        name = node.value.id
        bindings, block = (local, body) if local is not None and local.binds(name) else (self.scope.globals, self.scope.tree.body)
        value = bindings.unique_value(name) if bindings.binds(name) else None
        changed = changed_attributes(self.scope.tree)
        if value is None or name in self.scope.volatile or changed is None or node.attr in changed \
                or self._sym_value_kind(value) != "namespace" \
                or not any(stmt.value is value for stmt in _once(block)):
            return None
        return argument_types(self.scope.tree).get(node.attr)

    # -- specs -------------------------------------------------------------------------------
    def _sym_axis_value(self, expr: ast.expr, scopes) -> object:
        """An axis name written in a P (meshspec.py): the symbol (or tuple of names) it reads."""
        if any(isinstance(scope, ast.ClassDef) for scope in scopes):
            return NOT_LITERAL  # a spec written in a class body (class_specs.py): names read otherwise
        if not all(_read(node) or type(node) is ast.Constant for node in (expr.elts if type(expr) in (ast.Tuple, ast.List) else [expr])):
            return NOT_LITERAL  # only reads are read again (a call here could run code twice)
        value = self.eval(expr, self._static_frame(scopes))
        symbol = getattr(value, "symbol", None)
        items = self._sym_unpacked(symbol, expr)
        if items is not None:  # `P(*AXES)` below `DATA, MODEL = AXES` (sequence_symbols.py)
            self._sym_spec_names.update(items)
            return items
        if symbol is not None:
            self._sym_spec_names.add(symbol)
            return symbol
        if self._sym_case and type(value) is Const and type(value.value) is str:
            return value.value
        if type(value) is TupleValue:
            names = []
            for item in value.items:
                name = getattr(item, "symbol", None) or (item.value if isinstance(item, Const) and isinstance(item.value, str) else None)
                if name is None:
                    return NOT_LITERAL
                names.append(name)
            self._sym_spec_names.update(names)
            return tuple(names)
        return NOT_LITERAL

    # -- one use -----------------------------------------------------------------------------
    def analyse_checked(self, use):
        return symbol_proofs.analyse_checked(self, use)

    def without_vetoed(self, verdicts: list) -> list:
        if not self.vetoed_sites:
            return verdicts
        return [verdict for verdict in verdicts if verdict.site.key not in self.vetoed_sites]


def _read(node: ast.expr) -> bool:
    """A chain of reads: `cfg.mesh.data`, `CFG["axis"]`, `cfg.get("axis", "data")`."""
    while True:
        if type(node) is ast.Name:
            return True
        if type(node) is ast.Call and type(node.func) is ast.Attribute and node.func.attr == "get" \
                and all(type(arg) is ast.Constant for arg in node.args) and not node.keywords:
            node = node.func.value
        elif type(node) is ast.Attribute or type(node) is ast.Subscript and (
                type(node.slice) in (ast.Constant, ast.Name) or _literal_key(node.slice) is not None):
            node = node.value
        else:
            return False


def _literal_key(node: ast.expr):
    """The constant a subscript's key writes (`-1` is a negation in the tree), else None."""
    if type(node) is ast.Constant:
        return node.value
    if type(node) is ast.UnaryOp and type(node.op) is ast.USub and type(node.operand) is ast.Constant \
            and type(node.operand.value) is int:
        return -node.operand.value
    return None


def _parses(call: ast.Call) -> bool:
    return type(call) is ast.Call and type(call.func) is ast.Attribute and call.func.attr == "parse_args" \
        and not call.keywords and (not call.args or len(call.args) == 1 and type(call.args[0]) is ast.Name)


def _once(body: list[ast.stmt]):
    """The assignments to names (one each, or unpacked) a block runs exactly once when it runs."""
    for stmt in body:
        if type(stmt) in (ast.Assign, ast.AnnAssign) and stmt.value is not None \
                and all(type(target) is ast.Name or type(target) in (ast.Tuple, ast.List) and all(
                    type(item) is ast.Name or type(item) is ast.Starred and type(item.value) is ast.Name for item in target.elts)
                        for target in (stmt.targets if type(stmt) is ast.Assign else [stmt.target])):
            yield stmt
        elif type(stmt) is ast.With:
            yield from _once(stmt.body)
