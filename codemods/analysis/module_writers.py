"""Whether an importer can change a library module's state by calling its own code before it calls
the entry (library_entries.py): `mod.use_axis("model"); mod.main(x)` runs `main` on other state
than the import left, so no run of `main` from the import is certain.

Any function of the module but the entry (and the functions the entry defines, which run inside
its call) is such a way in: a module function, a method, a nested function, a lambda, a class
body inside a function, `__init_subclass__`, a metaclass's `__new__`, a decorator the importer may
apply. One of them is a writer when it may write module state:
- a `global` statement (it rebinds a module name);
- a store or `del` through what may be module state: a module-level name (`AXIS[0] = n`,
  `Config.axis = n`, `os.environ["AXIS"] = n`), a local or an enclosing function's name bound
  from one (`axes = AXES; axes[0] = n`, a loop over it, a parameter defaulting to it, a module
  imported in the function), a module function's result (`registry()["k"] = v`; a function all of
  whose returns are new objects is a maker, its result is not module state); a class through
  `type(self)` or `__class__`. A local every binding of which is a new container (`{}`, `[...]`,
  `dict(...)`) is the function's own, whatever it holds;
- a method call on such an object that may change it (anything but READ_ONLY: `AXES.append(n)`,
  `_BINDINGS.update(...)`, `RNG.normal()`, which advances the generator), also by name
  (`getattr(AXES, "append")(n)`) or through its type (`dict.update(T, ...)`), and a library
  function that changes its first argument (`operator.setitem`, `np.copyto`, `heapq.heappush`);
- `setattr`/`delattr`/`object.__setattr__` on such an object (or a store into its `vars()`),
  `next` of one, `globals()`, `exec`, `eval`, `sys.modules`, `importlib`, seeding a global
  generator, `jax.config.update`;
- through `self`: a store on an attribute of `self` outside `__init__`/`__new__`/`__post_init__`,
  or a store or mutating call on what an attribute holds (`self.table[k] = v`), when an instance
  may be module state (module-level code calls a class or function of the module) or may hold
  some (a method stores what may be module state on `self`); a store into what a class-level
  container holds (`self.axes.append(n)` of `axes = [...]` in the class body) always, and through
  `cls` of a classmethod (or `__init_subclass__`, `__new__`) always;
- a call handing module state to a module function that writes through that parameter
  (`bind(CONFIG, "axis", n)`);
- a writer handed out as a value, here or at the module's top level (`use_axis = AXIS.append`,
  `partial(setattr, CONFIG, "axis")`).
A store through a parameter (other than `self`/`cls`) writes the caller's object: that is the
importer's own change of an object it holds (`mod.CONFIG["axis"] = n` from outside), which the
findings' wording leaves out ("... on the module as its import leaves it").
"""
from __future__ import annotations

import ast
import builtins

# Methods that read an object without changing it (of dicts, lists, tuples, strings, arrays).
READ_ONLY = frozenset({
    "get", "keys", "values", "items", "copy", "index", "count", "format", "format_map", "join", "split",
    "rsplit", "splitlines", "strip", "lstrip", "rstrip", "startswith", "endswith", "lower", "upper", "replace",
    "partition", "rpartition", "find", "rfind", "isdigit", "isidentifier", "encode", "decode", "__getitem__",
    "__contains__", "__len__", "__iter__", "tolist", "astype", "reshape", "sum", "mean", "max", "min", "std",
    "var", "transpose", "ravel", "flatten", "squeeze", "item", "any", "all", "argmax", "argmin", "prod", "dot",
    "cumsum", "round", "clip", "take", "conj", "nonzero", "__eq__", "__hash__", "__repr__", "__str__",
    "match", "fullmatch", "search", "sub", "subn", "findall", "finditer", "group", "groups", "groupdict", "span",
    "start", "end", "bind", "bind_partial", "issubset", "issuperset", "union", "intersection", "difference",
})
# Methods that change what they are called on, whatever object it is (for imported modules' objects,
# whose other methods are taken as reads: `jnp.dot`, `np.zeros`).
MUTATING = frozenset({
    "update", "setdefault", "pop", "popitem", "clear", "append", "extend", "insert", "remove", "discard", "add",
    "sort", "reverse", "fill", "put", "resize", "seed", "set_state", "setstate", "putenv", "unsetenv",
    "__setitem__", "__delitem__", "__setattr__", "__delattr__", "send", "throw", "close", "register",
})
# Calls that change process-wide state the module's code reads.
_PROCESS_WRITERS = frozenset({"globals", "exec", "eval", "__import__", "compile"})
_INIT_LIKE = frozenset({"__init__", "__new__", "__post_init__"})
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
_BUILTINS = frozenset(dir(builtins))
_STATE = ("var", "instance")  # module-level names bound to objects a function may change


def may_write_state(tree: ast.Module, entry: ast.FunctionDef) -> bool:
    """Whether some function of the module other than `entry` (and those it defines) may write
    module state (see the module's doc)."""
    module = _module_names(tree)
    owners = _methods(tree)
    instances = _holds_instances(tree, module)
    makers = _makers(tree, module)
    mutators = frozenset(stmt.name for stmt in tree.body if type(stmt) in (ast.FunctionDef, ast.AsyncFunctionDef)
                         and _writes_through_params(stmt))
    shared_attributes = _class_attributes(tree)
    aliased = {id(owner) for function_id, owner in owners.items() for function in owner.body if id(function) == function_id
               and _Writer(function, module, owner, False, mutators, makers, None, shared_attributes).stores_state_on_self()}
    if _hands_out_writers(tree, module):
        return True
    stack: list[tuple[ast.AST, _Writer | None]] = [(child, None) for child in ast.iter_child_nodes(tree)]
    while stack:
        node, outer = stack.pop()
        if node is entry:
            continue
        if type(node) in _FUNCTIONS:
            owner = owners.get(id(node))
            outer = _Writer(node, module, owner, owner is not None and (instances or id(owner) in aliased),
                            mutators, makers, outer, shared_attributes)
            if outer.writes():
                return True
        stack.extend((child, outer) for child in ast.iter_child_nodes(node))
    return False


class _Writer:
    """One function's code, read for writes of module state."""

    def __init__(self, function, module: dict[str, str], owner: ast.ClassDef | None, self_shared: bool,
                 mutators: frozenset[str], makers: frozenset[str], outer: "_Writer | None", shared_attributes: set[str]):
        self.function, self.module, self.self_shared, self.mutators = function, module, self_shared, mutators
        self.shared_attributes = shared_attributes
        self.name = getattr(function, "name", "")
        self.local = _locals(function)
        self.params = _params(function)
        decorators = {_callee(d) for d in getattr(function, "decorator_list", ())}
        self.first = _first_param(function) if owner is not None and "staticmethod" not in decorators else None
        self.on_class = self.first is not None and ("classmethod" in decorators or self.name in (
            "__init_subclass__", "__new__", "__class_getitem__"))
        # the names an enclosing function binds, by where they come from (its `self` stays "self")
        self.outer: dict[str, set[str]] = {}
        if outer is not None:
            self.outer = {**outer.outer, **{name: {"param"} for name in outer.params},
                          **{name: set(found) for name, found in outer.sources.items()}}
            if outer.first is not None:
                self.outer[outer.first] = {"self"}
            self.self_shared = self.self_shared or outer.self_shared
            self.on_class = self.on_class or outer.on_class
        self.makers = makers
        self.sources = _local_sources(function, self.local, self.params, self.first, module, makers, self.outer)
        args = function.args
        defaults = [*zip(reversed([*args.posonlyargs, *args.args]), reversed(args.defaults)),
                    *((a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None)]
        for arg, default in defaults:  # (`def use(table=TABLE)`: the default is module state)
            if "module" in _sources(default, set(), set(), None, module, makers, {}, self.outer):
                self.params.discard(arg.arg)
                self.local.add(arg.arg)
                self.sources[arg.arg] = {"module"}
        self.containers = _new_containers(function, self.local)

    def stores_state_on_self(self) -> bool:
        """The method stores on `self` what may be module state (`self.table = TABLE`,
        `setattr(self, k, DEFAULTS[k])`, `self.specs = specs` of a parameter defaulting to one)."""
        for node in _own_nodes(self.function):
            values = []
            if type(node) in (ast.Assign, ast.AugAssign, ast.AnnAssign) and node.value is not None:
                targets = node.targets if type(node) is ast.Assign else [node.target]
                if any(type(t) is not ast.Name and _root(t) == self.first for t in targets):
                    values.append(node.value)
            elif type(node) is ast.Call and _callee(node) in _SETTERS and len(node.args) >= 3 and _root(node.args[0]) == self.first:
                values.append(node.args[2])
            if any(self.holds_state(v) for v in values):
                return True
        return False

    def writes(self) -> bool:
        nodes = list(_own_nodes(self.function))
        if any(type(n) is ast.Global for n in nodes) or _writers_as_values(nodes, self.holds_state):
            return True
        if any(type(t) is not ast.Name and self.shared(t) for t in _written(nodes)):
            return True
        return any(self.call_writes(n) for n in nodes if type(n) is ast.Call) or any(
            type(n) is ast.Attribute and (n.attr == "__globals__" or n.attr == "modules" and _root(n) == "sys")
            for n in nodes)

    def call_writes(self, node: ast.Call) -> bool:
        callee = _callee(node)
        if callee in _PROCESS_WRITERS or callee in _PROCESS_CALLS:
            return True
        if callee in _SETTERS or callee is not None and "." in callee and callee.rsplit(".", 1)[1] in _IN_PLACE \
                and self.module.get(callee.split(".")[0]) == "import" or callee in _TYPE_METHODS:
            return bool(node.args) and self.shared(_into(node.args[0]))  # (`operator.setitem(T, k, v)`, `dict.update(T, ...)`)
        if type(node.func) is ast.Call and _callee(node.func) == "getattr" and node.func.args:
            target = node.func.args[0]  # (`getattr(AXES, "append")(n)`: a method called by name)
            return self.module.get(_root(target) or "") == "import" or self.shared(_into(target))
        if type(node.func) is ast.Name and node.func.id in self.mutators and node.func.id not in self.local:
            return any(self.holds_state(arg) for arg in (*node.args, *(k.value for k in node.keywords)))
        if type(node.func) is not ast.Attribute or node.func.attr in READ_ONLY:
            return False
        target, root = node.func.value, _root(node.func.value)
        if type(target) is ast.Name and target.id == self.first:
            return False  # (`self.step()`: a method of the class, read on its own)
        if type(target) is ast.Call and _callee(target) == "super":
            if node.func.attr in ("__setattr__", "__delattr__", "__setitem__", "__delitem__") and self.first is not None:
                return self.shared(_into(ast.Name(self.first, ast.Load())))  # (`super().__setattr__(k, v)`: a store on self)
            return False  # (`super().__init__(...)`: a base class's method, read on its own)
        kind = None if root in self.local or root in self.params else self.module.get(root or "")
        if kind in ("def", "class", "instance") and type(target) is ast.Name:
            return False  # (`Registry.add(...)`, `REGISTRY.add(...)`: the class's code is read on its own)
        if kind == "import" and node.func.attr not in MUTATING:
            return False  # (`jnp.dot(...)`, `np.zeros(...)`: a library's function)
        return self.shared(_into(target))

    def shared(self, target: ast.expr) -> bool:
        """Writing through `target` (a store target, or `_into` what a method is called on) may
        write module state."""
        origin = _origin(target)
        if type(origin) is ast.Call and _callee(origin) == "type" or any(
                type(n) is ast.Attribute and n.attr == "__class__" for n in ast.walk(target)):
            return True  # (`type(self).X = v`, `self.__class__.X = v`: the class every instance reads)
        if type(origin) is not ast.Name:
            return self.holds_state(origin)  # (`registry()["k"] = v`, `getattr(obj, name).value = v`)
        root = origin.id
        if root == self.first:
            if self.on_class:
                return True
            deep = type(_base(target)) is not ast.Name
            if deep and _first_attribute(target) in self.shared_attributes:
                return True  # (`self.axes.append(a)` of a class attribute `axes = []`: every instance's list)
            return self.self_shared and (deep or self.name not in _INIT_LIKE)
        if root in self.params:
            return False  # (the caller's object)
        if root in self.local and root in self.containers and _base(target) is origin:
            return False  # (`parts[k] = v`, `parts.append(v)`: a container the function made)
        if root in self.local or root in self.outer:
            return self.holds_state(origin)
        return root not in _BUILTINS or root in self.module  # (a module-level name)

    def holds_state(self, expr: ast.expr) -> bool:
        """What `expr` gives may be (or hold) module state: it names a module variable, a module
        function that may return some, or a local or `self` that may."""
        found = _sources(expr, self.local, self.params, self.first, self.module, self.makers, self.sources, self.outer)
        return "module" in found or "self" in found and (self.self_shared or self.on_class)


_PROCESS_CALLS = frozenset({"jax.config.update", "np.random.seed", "numpy.random.seed", "random.seed",
                            "importlib.import_module", "importlib.reload"})
_SETTERS = frozenset({"setattr", "delattr", "object.__setattr__", "object.__delattr__", "next"})
# Library functions that change their first argument in place.
_IN_PLACE = frozenset({"setitem", "delitem", "iadd", "isub", "imul", "iconcat", "ior", "iand", "copyto", "put", "place",
                       "putmask", "fill_diagonal", "shuffle", "heappush", "heappop", "heapify", "heapreplace",
                       "heappushpop", "insort", "insort_left", "insort_right"})
# Methods of the builtin types called through their class (`dict.update(T, ...)`).
_TYPE_METHODS = frozenset(f"{kind}.{method}" for kind in ("dict", "list", "set", "object", "type")
                          for method in (*MUTATING, "__setitem__", "__delitem__"))
# Calls whose result is a new object (a builtin's container or number, a base class's method).
_NEW_OBJECTS = frozenset({"dict", "list", "set", "tuple", "frozenset", "sorted", "str", "int", "float", "bool",
                          "range", "enumerate", "zip", "reversed", "len", "repr", "super", "type", "bytes"})


def _module_names(tree: ast.Module) -> dict[str, str]:
    """Module-level names -> "def", "class", "import", "instance" (bound by one assignment of a
    call of a class of the module) or "var" (a name bound otherwise, or in more than one way)."""
    kinds: dict[str, str] = {}
    made: dict[str, str] = {}  # `REGISTRY = Registry()`

    def bind(name: str, kind: str) -> None:
        kinds[name] = kind if kinds.get(name, kind) == kind else "var"

    for stmt in tree.body:
        for node in _module_level(stmt, classes=False):
            if type(node) is ast.Assign and len(node.targets) == 1 and type(node.targets[0]) is ast.Name \
                    and type(node.value) is ast.Call and type(node.value.func) is ast.Name:
                made[node.targets[0].id] = node.value.func.id
            if type(node) in (ast.FunctionDef, ast.AsyncFunctionDef):
                bind(node.name, "def")
            elif type(node) is ast.ClassDef:
                bind(node.name, "class")
            elif type(node) is ast.alias:
                bind(node.asname or node.name.split(".")[0], "import")
            elif type(node) is ast.Name and type(node.ctx) is not ast.Load:
                bind(node.id, "var")
    for name, cls in made.items():
        if kinds.get(name) == "var" and kinds.get(cls) == "class":
            kinds[name] = "instance"  # (bound once, to an instance of a class of the module)
    return kinds


def _module_level(stmt: ast.stmt, classes: bool = True):
    """The nodes of a module-level statement that run at import, outside function bodies: a
    def's decorators and defaults, and (with `classes`) class bodies."""
    stack = [stmt]
    while stack:
        node = stack.pop()
        yield node
        if type(node) in _FUNCTIONS:
            stack.extend([*getattr(node, "decorator_list", ()), *node.args.defaults,
                          *(d for d in node.args.kw_defaults if d is not None)])
        elif type(node) is ast.ClassDef and not classes:
            stack.extend([*node.decorator_list, *node.bases, *node.keywords])
        else:
            stack.extend(ast.iter_child_nodes(node))


def _methods(tree: ast.Module) -> dict[int, ast.ClassDef]:
    """Functions defined directly in a class body -> that class."""
    return {id(stmt): node for node in ast.walk(tree) if type(node) is ast.ClassDef
            for stmt in node.body if type(stmt) in (ast.FunctionDef, ast.AsyncFunctionDef)}


def _holds_instances(tree: ast.Module, module: dict[str, str]) -> bool:
    """Module-level code (class bodies and decorators included) calls a class or function of the
    module: an object it makes may be module state (`REGISTRY = Registry()`)."""
    return any(type(node) is ast.Call and module.get(_root(node.func) or "") in ("class", "def")
               for stmt in tree.body for node in _module_level(stmt))


def _class_attributes(tree: ast.Module) -> set[str]:
    """Names bound in a class body of the module to something other than a function or a
    constant: a list or dict there is one object every instance shares."""
    names = set()
    for node in ast.walk(tree):
        if type(node) is ast.ClassDef:
            for stmt in node.body:
                if type(stmt) in (ast.Assign, ast.AnnAssign) and stmt.value is not None and type(stmt.value) is not ast.Constant:
                    targets = stmt.targets if type(stmt) is ast.Assign else [stmt.target]
                    names |= {n.id for t in targets for n in ast.walk(t) if type(n) is ast.Name}
    return names


def _first_attribute(target: ast.expr) -> str | None:
    """`b` of `self.b.c[k]`: the attribute read from the root name."""
    node, last = target, None
    while type(node) in (ast.Attribute, ast.Subscript, ast.Starred):
        if type(node) is ast.Attribute:
            last = node.attr
        node = node.value
    return last if type(target) is not ast.Name else None


def _hands_out_writers(tree: ast.Module, module: dict[str, str]) -> bool:
    """Module-level code binds a way to write module state an importer may call: `add_axis =
    AXES.append`, `set_axis = partial(setattr, CONFIG, "axis")`."""
    nodes = [node for stmt in tree.body for node in _module_level(stmt)]
    return _writers_as_values(nodes, lambda expr: "module" in _sources(expr, set(), set(), None, module,
                                                                          frozenset(), {}, {}))


def _writers_as_values(nodes: list, holds_state) -> bool:
    """Among `nodes`, a mutating method of what may be module state, or a builtin that writes,
    taken as a value rather than called there (`AXES.append`, `partial(setattr, CONFIG)`)."""
    called = {id(node.func) for node in nodes if type(node) is ast.Call}
    for node in nodes:
        if id(node) in called or getattr(node, "ctx", None).__class__ is not ast.Load:
            continue
        if type(node) is ast.Name and node.id in (*_PROCESS_WRITERS, "setattr", "delattr", "vars"):
            return True
        if type(node) is ast.Attribute and node.attr not in READ_ONLY and (node.attr in MUTATING or node.attr.startswith(
                "__set")) and holds_state(node.value):
            return True
    return False


def _writes_through_params(function) -> bool:
    """A module function that stores through, or calls a mutating method of, one of its parameters."""
    params = _params(function)
    nodes = list(_own_nodes(function))
    return any(type(t) is not ast.Name and _root(t) in params for t in _written(nodes)) or any(
        type(n) is ast.Call and type(n.func) is ast.Attribute and n.func.attr not in READ_ONLY
        and _root(n.func.value) in params for n in nodes)


def _local_sources(function, local: set[str], params: set[str], first: str | None, module: dict[str, str],
                   makers: frozenset[str], outer: dict[str, set[str]] | None = None) -> dict[str, set[str]]:
    """For each local of the function, where what it holds may come from ("module": a module
    variable or a module function's result; "self"; "param": another parameter; "free": a name an
    enclosing function binds), by the names in every expression bound to it (a `for` target by its
    iterable, a `with` target by its context manager); a display or a library's result of none of
    these is a new object (no source)."""
    values: dict[str, list] = {}

    def bind(target: ast.expr, value: ast.expr | None) -> None:
        for n in ast.walk(target):
            if type(n) is ast.Name and type(n.ctx) is ast.Store:
                values.setdefault(n.id, []).append(value)

    imported = {alias.asname or alias.name.split(".")[0] for node in _own_nodes(function) if type(node) is ast.alias
                for alias in [node]}
    for node in _own_nodes(function):
        if type(node) is ast.Assign:
            for target in node.targets:
                bind(target, node.value)
        elif type(node) in (ast.AnnAssign, ast.AugAssign, ast.NamedExpr) and getattr(node, "value", None) is not None:
            bind(node.target, node.value)
        elif type(node) in (ast.For, ast.AsyncFor):
            bind(node.target, node.iter)
        elif type(node) is ast.withitem and node.optional_vars is not None:
            bind(node.optional_vars, node.context_expr)
    sources: dict[str, set[str]] = {name: {"module"} if name in imported else set() for name in local}  # (a module's state)
    for _ in range(len(values) + 1):  # (a local bound from another: to a fixpoint)
        changed = False
        for name, bound in values.items():
            found = set().union(*(_sources(v, local, params, first, module, makers, sources, outer) if v is not None
                                  else {"module"} for v in bound))
            if not found <= sources.setdefault(name, set()):
                sources[name] |= found
                changed = True
        if not changed:
            break
    return sources


def _sources(expr: ast.expr, local: set[str], params: set[str], first: str | None, module: dict[str, str],
             makers: frozenset[str], sources: dict[str, set[str]], outer: dict[str, set[str]] | None = None) -> set[str]:
    found = set()
    inner = {a.arg for n in ast.walk(expr) if type(n) is ast.Lambda for a in ast.walk(n.args) if type(a) is ast.arg} | {
        t.id for n in ast.walk(expr) if type(n) is ast.comprehension for t in ast.walk(n.target) if type(t) is ast.Name}
    for n in ast.walk(expr):
        if type(n) is not ast.Name or n.id in inner and n.id not in local and n.id not in params:
            continue  # (a lambda's parameter, a comprehension's variable: its items are named by the iterable)
        if n.id == first or n.id == "super":
            found.add("self")
        elif n.id in params:
            found.add("param")
        elif n.id in local:
            found |= sources.get(n.id, set())
        elif outer and n.id in outer:
            found |= outer[n.id]
        elif module.get(n.id) in _STATE or module.get(n.id) == "def" and n.id not in makers:
            found.add("module")
        elif n.id not in module and n.id not in _BUILTINS:
            found.add("module")  # (a name an enclosing function binds: perhaps module state)
    return found


def _new_containers(function, local: set[str]) -> set[str]:
    """Locals every binding of which is a new container (a display, a comprehension, `dict(...)`,
    `copy.deepcopy(...)`): storing into one, or appending to it, changes no object but it, whatever
    its items are."""
    bound: dict[str, list] = {}
    for node in _own_nodes(function):
        targets = node.targets if type(node) is ast.Assign else [node.target] if type(node) in (
            ast.AnnAssign, ast.AugAssign, ast.NamedExpr, ast.For, ast.AsyncFor) else []
        for target in targets:
            for n in ast.walk(target):
                if type(n) is ast.Name and type(n.ctx) is ast.Store:
                    value = getattr(node, "value", None) if target is n and type(node) is not ast.AugAssign else None
                    bound.setdefault(n.id, []).append(value)
        if type(node) is ast.withitem and node.optional_vars is not None:
            for n in ast.walk(node.optional_vars):
                if type(n) is ast.Name:
                    bound.setdefault(n.id, []).append(None)
    return {name for name, values in bound.items() if name in local and all(
        type(v) in (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)
        or type(v) is ast.Call and _callee(v) in _CONTAINERS for v in values)}


_CONTAINERS = frozenset({"dict", "list", "set", "collections.OrderedDict", "collections.defaultdict", "OrderedDict",
                         "defaultdict", "copy.deepcopy"})


def _makers(tree: ast.Module, module: dict[str, str]) -> frozenset[str]:
    """Module functions every `return` of which gives a new object (one of no module source, see
    `_local_sources`): what a call of one returns is no module state."""
    makers: frozenset[str] = frozenset()
    functions = [s for s in tree.body if type(s) in (ast.FunctionDef, ast.AsyncFunctionDef) and module.get(s.name) == "def"]
    for _ in range(3):  # (a maker may call one found in the round before)
        found = set()
        for function in functions:
            local, params = _locals(function), _params(function)
            sources = _local_sources(function, local, params, None, module, makers)
            returns = [n for n in _own_nodes(function) if type(n) is ast.Return]
            if returns and all(r.value is not None and not _sources(r.value, local, params, None, module, makers, sources)
                               - {"param"} for r in returns):
                found.add(function.name)
        if found == makers:
            break
        makers = frozenset(found)
    return makers


def _locals(function) -> set[str]:
    names = set()
    for node in _own_nodes(function):
        if type(node) is ast.Name and type(node.ctx) is not ast.Load:
            names.add(node.id)
        elif type(node) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
            names.add(node.name)
        elif type(node) is ast.alias:
            names.add(node.asname or node.name.split(".")[0])
        elif type(node) is ast.ExceptHandler and node.name:
            names.add(node.name)
    declared = {name for n in _own_nodes(function) if type(n) in (ast.Global, ast.Nonlocal) for name in n.names}
    return names - declared


def _params(function) -> set[str]:
    args = function.args
    return {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs,
                            *(x for x in (args.vararg, args.kwarg) if x is not None))}


def _own_nodes(function):
    """The nodes of a function's own code; its nested functions are functions of their own (but
    their decorators and defaults run here), a class body inside it is its own code."""
    stack = [function.body] if type(function) is ast.Lambda else list(function.body)
    while stack:
        node = stack.pop()
        yield node
        if type(node) in _FUNCTIONS:
            stack.extend([*getattr(node, "decorator_list", ()), *node.args.defaults,
                          *(d for d in node.args.kw_defaults if d is not None)])
        else:
            stack.extend(ast.iter_child_nodes(node))


def _written(nodes: list):
    """The targets stored to or deleted among `nodes` (assignments, augmented and annotated ones,
    `del`, `for` and `with` targets), unpacked."""
    for node in nodes:
        targets = []
        if type(node) in (ast.Assign, ast.Delete):
            targets = node.targets
        elif type(node) in (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor):
            targets = [node.target]
        elif type(node) is ast.withitem and node.optional_vars is not None:
            targets = [node.optional_vars]
        stack = list(targets)
        while stack:
            target = stack.pop()
            if type(target) in (ast.Tuple, ast.List):
                stack.extend(target.elts)
            elif type(target) is ast.Starred:
                stack.append(target.value)
            else:
                yield target


def _into(expr: ast.expr) -> ast.expr:
    """A store into `expr` itself: what a mutating method or `setattr` on it writes."""
    return ast.Subscript(expr, ast.Constant(None), ast.Store())


def _base(target: ast.expr) -> ast.expr:
    return target.value if type(target) in (ast.Attribute, ast.Subscript) else target


def _origin(expr: ast.expr) -> ast.expr:
    while type(expr) in (ast.Attribute, ast.Subscript, ast.Starred):
        expr = expr.value
    return expr


def _root(expr: ast.expr) -> str | None:
    origin = _origin(expr)
    return origin.id if type(origin) is ast.Name else None


def _first_param(function) -> str | None:
    args = [*function.args.posonlyargs, *function.args.args]
    return args[0].arg if args else None


def _callee(node: ast.expr) -> str | None:
    func = node.func if type(node) is ast.Call else node
    parts = []
    while type(func) is ast.Attribute:
        parts.append(func.attr)
        func = func.value
    if type(func) is not ast.Name:
        return None
    parts.append(func.id)
    return ".".join(reversed(parts))
