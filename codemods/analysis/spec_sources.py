"""Where an array's sharding is written when the use does not spell it (SF104's inputs).

Trainer code keeps specs in tables and passes them around: `SPECS['w']`, `Specs.W`, a logical
axis table (`P(RULES['batch'], ...)`), a helper or a jitted function taking the spec as a (static)
argument, `jax.device_put(params, shardings)` or `jax.tree.map(lambda p, s: jax.device_put(p, s),
params, specs)`, a dict comprehension or a `for` loop over a table, read back as `params['w']`.
Each is followed only when the file shows it for certain: a dict literal with plain string keys
that does not escape (only item reads, read-only methods, iteration, comparisons and arguments
of `jax` functions; a `for` loop's one item store for a table built empty), a function whose
body is one `return` called with arguments bound one to one (only static ones under `jax.jit`).
Anything else is unknown (None)."""
from __future__ import annotations

from dataclasses import field
from codemods.dataclass_code import dataclass

from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

_TREE_MAP = frozenset({"jax.tree.map", "jax.tree_util.tree_map"})
_JIT = "jax.jit"
_PARTIAL = "functools.partial"
_JIT_KEEPS = frozenset({"static_argnames", "static_argnums", "donate_argnums", "donate_argnames", "inline"})
MAX_HOPS = 8


@dataclass(frozen=True)
class Env:
    """Arguments a call binds to the parameters of the one-`return` function it calls."""

    function: object  # the FunctionDef or Lambda whose parameters are bound
    args: dict = field(default_factory=dict)  # name -> (caller's expression, caller's Env | None)


def env_value(ctx: FileContext, name: cst.Name, env: Env | None):
    """(expression, Env) the call being followed binds to `name`, read in its function or in a
    lambda or comprehension inside it that does not bind the name itself; else None."""
    from codemods.analysis.local_names import _is_comprehension, _scope_info, scope_of

    if env is None or name.value not in env.args:
        return None
    scope = scope_of(ctx, name)
    own = scope
    while (isinstance(scope, cst.Lambda) or _is_comprehension(scope)) and scope is not env.function \
            and name.value not in _scope_info(ctx, scope).params:
        scope = scope_of(ctx, scope)
    if scope is not env.function:
        return None
    info = _scope_info(ctx, scope)
    if isinstance(scope, cst.FunctionDef) and name.value in info.params and info.bindings.get(name.value) \
            and (own is not scope or not _before_rebinding(ctx, name, scope)):
        return None  # `params = update(params)` rebinds the parameter: only reads before that see the call's
    return env.args[name.value]


def _before_rebinding(ctx: FileContext, name: cst.Name, function) -> bool:
    """Whether this read of a parameter runs before any statement of `function` rebinds it: every
    binding lies after it (or is the assignment it is read in), and no loop holds the read."""
    from codemods.analysis.local_names import _in_own_statement, _scope_info, parents

    use = ctx.offsets(name)[0]
    for binding in _scope_info(ctx, function).bindings.get(name.value, []):
        if binding.start < use and not _in_own_statement(ctx, binding, use):
            return False
    node = parents(ctx).get(name)
    while node is not None and node is not function:
        if isinstance(node, (cst.For, cst.While)):
            return False
        node = parents(ctx).get(node)
    return node is function


@dataclass(frozen=True)
class Packed:
    """What a `*args` parameter holds: the call's extra positional (expression, Env) pairs."""

    items: tuple


# --------------------------------------------------------------------------- constant tables

def table_item(ctx: FileContext, node: cst.Subscript, env: Env | None = None) -> cst.BaseExpression | None:
    """`TABLE['key']` of a never-mutated dict literal with plain string keys, or `TABLE[0]` of a
    tuple or list literal; else None."""

    if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
        return None
    from codemods.analysis.local_tables import unchanged
    from codemods.analysis.named_axes import _constant_item, _integer, item_of_item  # (`LAYOUTS[k][1]`)

    if _integer(node.slice[0].slice.value) is not None:  # `LAYOUT[0]` of a tuple of specs
        # only a spec or sharding written there: those never change, a dict item may (`held[0]['w'] = ...`)
        item = (_constant_item(ctx, node) if unchanged(ctx, node.value) else None) or item_of_item(ctx, node, env)
        spec = isinstance(item, cst.Call) and ctx.imports.resolve(item.func) in (
            "jax.sharding.PartitionSpec", "jax.sharding.NamedSharding")
        return item if spec else None
    key = _key(ctx, node.slice[0].slice.value, env)
    from codemods.analysis.nested_tables import path_unchanged  # `SPECS[layer][k]`, both keys bound
    if key is None or not (unchanged(ctx, node.value) or path_unchanged(ctx, node.value, env)):
        return None
    held, _ = follow_spec(ctx, node.value, env)
    from codemods.analysis.local_tables import holder_kept

    from codemods.analysis.comprehended_tables import comprehension_item  # `{n: P(...) for n in NAMES}`

    item = comprehension_item(ctx, held, key) if isinstance(held, cst.DictComp) else None
    return item or (dict_item(held, key) if held is not None and holder_kept(ctx, held, node.value) else None)


def table_get(ctx: FileContext, node, env: Env | None = None) -> cst.BaseExpression | None:
    """`TABLE.get('key', default)` of a never-mutated dict literal with plain string keys: the
    item, or the default written when the table lacks the key; else None (also for a lacking
    key without a default: `None` is no spec)."""
    from codemods.analysis.local_tables import holder_kept, unchanged
    from codemods.analysis.specs import string_value

    if not isinstance(node, cst.Call) or not isinstance(node.func, cst.Attribute) or node.func.attr.value != "get" \
            or not 1 <= len(node.args) <= 2 or any(arg.star or arg.keyword is not None for arg in node.args):
        return None
    key = _key(ctx, node.args[0].value, env)
    if key is None or not unchanged(ctx, node.func.value):
        return None
    held, _ = follow_spec(ctx, node.func.value, env)
    if not isinstance(held, cst.Dict) or not holder_kept(ctx, held, node.func.value):
        return None
    keys = [string_value(e.key) if isinstance(e, cst.DictElement) else None for e in held.elements]
    if None in keys or len(set(keys)) != len(keys):
        return None
    if key in keys:
        return dict_item(held, key)
    return node.args[1].value if len(node.args) == 2 else None


def _key(ctx: FileContext, node: cst.BaseExpression, env: Env | None) -> str | None:
    from codemods.analysis.specs import string_value

    if isinstance(node, cst.Subscript):  # `LAYOUTS[PLAN[name]]`: the key is an item of a table (of members)
        node = table_item(ctx, node, env)
        if node is None:
            return None
    from codemods.analysis.enum_keys import member_name
    # a member a loop or call binds (`for f in Field`), else the value, else `fmt = Format.DENSE` of a plain Enum
    held = member_name(ctx, node, env, bound_only=True) if isinstance(node, cst.Name) else None
    held = held or (follow_spec(ctx, node, env)[0] if isinstance(node, cst.Name) else node)
    held = held if held is not None or not isinstance(node, cst.Name) else member_name(ctx, node, env)
    if isinstance(held, cst.Attribute):  # `LAYOUTS[Stage.WRITE]` (enum_keys.py)
        from codemods.analysis.enum_keys import member_key
        followed = follow_spec(ctx, held, env)[0] if member_key(ctx, held) is None else None  # `self.fmt`
        return member_key(ctx, held) if followed is None else string_value(followed)
    return string_value(held) if held is not None else None


def dict_item(held: cst.BaseExpression | None, key: str) -> cst.BaseExpression | None:
    """The value of `key` in a dict literal whose keys are all distinct plain strings."""
    from codemods.analysis.specs import string_value

    from codemods.analysis.enum_keys import MEMBER_KEY, written_member

    if not isinstance(held, cst.Dict):
        return None
    found, keys = None, set()
    for element in held.elements:
        if not isinstance(element, cst.DictElement):
            return None
        name = string_value(element.key) if not key.startswith(MEMBER_KEY) else written_member(element.key)
        if name is None or name in keys or key.startswith(MEMBER_KEY) and name.split(".")[0] != key.split(".")[0]:
            return None  # member keys: all of the looked-up key's one class
        keys.add(name)
        if name == key:
            found = element.value
    return found


def literal_item(ctx: FileContext, held: cst.BaseExpression | None, key: str) -> cst.BaseExpression | None:
    """dict_item, also of `dict(a=..., b=...)` (keywords only, the builtin never rebound)."""
    if isinstance(held, cst.Call) and isinstance(held.func, cst.Name) and held.func.value == "dict":
        from codemods.analysis.iterated import _bound_names

        if "dict" in _bound_names(ctx) or any(arg.keyword is None or arg.star for arg in held.args):
            return None
        return next((arg.value for arg in held.args if arg.keyword.value == key), None)
    return dict_item(held, key)


def follow_spec(ctx: FileContext, expr: cst.BaseExpression, env: Env | None = None):
    """`expr`, or what it certainly holds through local names, bound parameters, class
    attributes and constant tables; and whether nothing was followed."""
    node, inline, _ = follow_env(ctx, expr, env)
    return node, inline


def follow_env(ctx: FileContext, expr: cst.BaseExpression, env: Env | None = None):
    """follow_spec's answer, and the Env the node it reached is read under (a parameter followed
    to a call's argument is read under the caller's Env)."""
    from codemods.analysis.named_axes import attribute_value
    from codemods.analysis.local_names import follow_names
    from codemods.analysis.local_tables import returned_item

    node, inline = expr, True
    for _ in range(MAX_HOPS):
        bound = env_value(ctx, node, env) if isinstance(node, cst.Name) else None
        if bound is None and isinstance(node, cst.Name):
            bound = _unpacked_item(ctx, node, env)  # `params, opt = update(params, grads, opt)`
        if bound is not None:
            node, env = bound
            inline = False
            continue
        followed, plain = follow_names(ctx, node)
        inline = inline and plain
        if followed is None and isinstance(node, cst.Name):
            followed, inline = _passed_node(ctx, node), False  # a parameter: what every call passes
        elif isinstance(followed, cst.Attribute):
            field = _init_field(ctx, followed, env)
            if field is not None:  # `self.sharding` stored by the constructed class's `__init__`
                (followed, env), inline = field, False
            else:
                held = attribute_value(ctx, followed) or _passed_class_attribute(ctx, followed, env) \
                    or _member_value(ctx, followed, env)
                read = _getter(ctx, followed, env) if held is None else None
                if read is None and held is None and isinstance(followed.value, (cst.Name, cst.Attribute)):
                    from codemods.analysis.record_fields import record_field  # `init(mesh).params`

                    read = record_field(ctx, followed.value, env, followed.attr.value)
                if read is not None:  # `self.layout` of a @property on the receiver the call binds
                    (followed, env), inline = read, False
                else:
                    followed, inline = held, False
        elif isinstance(followed, cst.Subscript):
            item, inline = table_item(ctx, followed, env), False
            if item is None and (returned := returned_item(ctx, followed, env)) is not None:
                item, env = returned  # `state["layouts"]["train"]` of `state = init_state(mesh)`
            followed = item
        elif (got := table_get(ctx, followed, env)) is not None:
            followed, inline = got, False
        elif (chosen := _or_default(ctx, followed, env)) is not None:
            (followed, env), inline = chosen, False  # `layout or Layout()` of `layout=None` left out
        else:
            return followed, inline, env
        if followed is None:
            return None, False, env
        node = followed
    return None, False, env


def _or_default(ctx: FileContext, node: cst.BaseExpression, env: Env | None):
    """(the operand, Env) `a or b` gives when `a` certainly holds `None`, `False` or an empty
    literal (a parameter whose default every call leaves): `b`; else None."""
    if not isinstance(node, cst.BooleanOperation) or not isinstance(node.operator, cst.Or):
        return None
    left, _, _ = follow_env(ctx, node.left, env)
    empty = isinstance(left, cst.Name) and left.value in ("None", "False") \
        or isinstance(left, (cst.Tuple, cst.List, cst.Dict)) and not left.elements
    return (node.right, env) if empty else None


def _member_value(ctx: FileContext, node: cst.Attribute, env: Env | None):
    """`target.value` of a name holding an Enum member (`target=Placement.COLUMNS`, a default
    every call leaves, or `target = Placement.COLUMNS`): the member's value; else None."""
    from codemods.analysis.named_axes import _enum_value

    from codemods.analysis.local_names import follow_names

    if node.attr.value != "value" or not isinstance(node.value, cst.Name):
        return None
    bound = env_value(ctx, node.value, env)
    member = bound[0] if bound is not None else follow_names(ctx, node.value)[0]
    if member is None and bound is None:
        member = _passed_node(ctx, node.value)  # a parameter: what every call passes (or its default)
    return _enum_value(ctx, member) if isinstance(member, cst.Attribute) else None


def _getter(ctx: FileContext, node: cst.Attribute, env: Env | None):
    from codemods.analysis.nested_fields import nested_field  # `self.layout.obs_dense`
    from codemods.analysis.receiver_binding import getter_value
    return getter_value(ctx, node, env) or nested_field(ctx, node, env)


def _unpacked_item(ctx: FileContext, name: cst.Name, env: Env | None):
    """(item, Env) of a name unpacked from a call of a one-return helper whose return is a tuple
    literal, the helper's parameters bound to the call's arguments; else None."""
    from codemods.analysis.local_names import resolve_name
    from codemods.analysis.named_axes import tuple_item

    binding = resolve_name(ctx, name)
    if binding is None or binding.kind != "item" or not isinstance(binding.value, cst.Call):
        return None
    returned = returned_by(ctx, binding.value.func)
    if returned is None:
        return None
    function, result, bindable, skip = returned
    from codemods.analysis.local_names import follow_names

    from codemods.analysis.local_tables import unchanged

    item = tuple_item(follow_names(ctx, result)[0], *binding.item)
    inner = bind_call(ctx, function, binding.value, env, bindable, skip) if item is not None else None
    if inner is None or isinstance(item, cst.Name) and env_value(ctx, item, inner) is None and not unchanged(ctx, item):
        return None  # `new['b'] = ...; return new, lr`: not what was built any more
    return item, inner


def _init_field(ctx: FileContext, node: cst.Attribute, env: Env | None):
    from codemods.analysis.iterated import init_field

    return init_field(ctx, node, env)


def _passed_node(ctx: FileContext, name: cst.Name):
    """The one node every call of the enclosing module function passes for parameter `name`."""
    from codemods.analysis.call_sites import read_passed

    held = read_passed(ctx, name, lambda value, env: follow_spec(ctx, value, env)[0])
    return held[0] if held and all(node is held[0] for node in held) else None


def _passed_class_attribute(ctx: FileContext, node: cst.Attribute, env: Env | None):
    """`plan.train` where the parameter `plan` is the same class in every call (`plan=Plan`)."""
    from codemods.analysis.call_sites import parameter_function, passed
    from codemods.analysis.local_names import resolve_name
    from codemods.analysis.named_axes import attribute_value

    owner = node.value
    if not isinstance(owner, cst.Name):
        return None
    held = resolve_name(ctx, owner) if env is not None else None
    if held is not None and held.kind == "assign" and isinstance(held.value, cst.Subscript):
        from codemods.analysis.filed_classes import filed_attribute, written_key

        # `metric = METRICS[name]` with `name` a key the Env binds (a loop's round)
        return filed_attribute(ctx, held.value, node.attr.value,
                               written_key(ctx, held.value, lambda key: follow_spec(ctx, key, env)))
    if env_value(ctx, owner, env) is not None:
        values = [env_value(ctx, owner, env)]
    else:
        function = parameter_function(ctx, owner)
        values = passed(ctx, function, owner.value) if function is not None else None
    if values and not all(isinstance(value, cst.Name) for value, _ in values):
        return _passed_field(ctx, node.attr.value, values)
    if values and (filed := _filed_passed(ctx, node.attr.value, values)) is not None:
        return filed  # `compute(mesh, metric)` with `metric = METRICS[name]` in the caller
    if not values:
        return None
    classes = {id(binding.node) if binding is not None and binding.kind == "def"
               and isinstance(binding.node, cst.ClassDef) else None
               for binding in (_class_named(ctx, resolve_name(ctx, value)) for value, _ in values)}
    if classes == {None}:
        return _passed_field(ctx, node.attr.value, values)
    if len(classes) != 1 or None in classes:
        return None
    return attribute_value(ctx, node.with_changes(value=values[0][0]))


def _filed_passed(ctx: FileContext, attr: str, values: list):
    """The one class attribute every passed name bound to a registry read (`METRICS[name]`) holds."""
    from codemods.analysis.filed_classes import filed_attribute, written_key
    from codemods.analysis.local_names import resolve_name

    found = []
    for value, outer in values:
        held = resolve_name(ctx, value)
        if held is None or held.kind != "assign" or not isinstance(held.value, cst.Subscript):
            return None
        key = written_key(ctx, held.value, lambda item, outer=outer: follow_spec(ctx, item, outer))
        found.append(filed_attribute(ctx, held.value, attr, key))
    return found[0] if found and found[0] is not None and all(item is found[0] for item in found) else None


def _class_named(ctx: FileContext, binding):
    """The binding itself, or for `metric = BLEUMetric` the class's (the name holds the class)."""
    from codemods.analysis.local_names import resolve_name

    if binding is not None and binding.kind == "assign" and isinstance(binding.value, cst.Name):
        return resolve_name(ctx, binding.value)
    return binding


def _passed_field(ctx: FileContext, attr: str, values: list):
    """`cfg.layout` where every call passes the same construction (`cfg=Config()`, a default
    every call leaves, or a name bound to one): the field it sets (named_axes.py)."""
    from codemods.analysis.named_axes import _assigned_attributes, _constructed_field
    from codemods.analysis.call_sites import _construction

    assigned = _assigned_attributes(ctx)
    if attr in assigned or "*" in assigned:
        return None  # `cfg.layout = ...` somewhere: not the field the construction set
    built = {id(found[1]): found for found in (_construction(ctx, follow_spec(ctx, value, env)[0] or value)
                                               for value, env in values) if found is not None}
    if len(built) != 1 or any(_construction(ctx, follow_spec(ctx, value, env)[0] or value) is None for value, env in values):
        return None
    classdef, call = next(iter(built.values()))
    return _constructed_field(ctx, classdef, call, attr)


# --------------------------------------------------------------------------- calls of one-return functions

def bind_call(ctx: FileContext, function, call: cst.Call, env: Env | None,
              bindable: frozenset[str], skip: int = 0) -> Env | None:
    """The arguments `call` binds to `function`'s `bindable` parameters (the others stay unknown;
    the first `skip`, a method's receiver, are bound already); None with `*`/`**` anywhere."""
    params = function.params
    given = _positional(ctx, call, env)
    if given is None or any(arg.star for arg in call.args if arg.keyword is not None) or params.star_kwarg is not None:
        return None
    positional = [*params.posonly_params, *params.params][skip:]
    bound: dict = {}
    if isinstance(params.star_arg, cst.Param):  # `*names`: the extra positional arguments, in order
        bound[params.star_arg.name.value] = (Packed(tuple(given[len(positional):])), None)
    elif len(given) > len(positional):
        return None
    for param, arg in zip(positional, given):
        bound[param.name.value] = arg
    for arg in call.args:
        if arg.keyword is not None:
            name = arg.keyword.value
            if name in bound or name not in {p.name.value for p in (*params.params, *params.kwonly_params)}:
                return None
            bound[name] = (arg.value, env)
    for param in (*positional, *params.kwonly_params):
        if param.name.value not in bound and param.default is not None:
            bound[param.name.value] = (param.default, None)  # evaluated where the def stands
    kept = {name: value for name, value in bound.items() if name in bindable}
    from codemods.analysis.receiver_binding import bound_receiver

    receiver = bound_receiver(ctx, function, call, env) if skip == 1 else None
    if receiver is not None:
        kept[receiver[0]] = (receiver[1], env)
    return Env(function, kept)


def _positional(ctx: FileContext, call: cst.Call, env: Env | None) -> list | None:
    """(expression, Env) of each positional argument; `*inputs()` of a module function whose one
    `return` is a tuple literal gives its items (`main(*inputs())`); any other `*` None."""
    given = []
    for arg in call.args:
        if arg.keyword is not None:
            continue
        if not arg.star:
            given.append((arg.value, env))
            continue
        inner = arg.value
        found = returned_by(ctx, inner.func) if arg.star == "*" and isinstance(inner, cst.Call) \
            and isinstance(inner.func, cst.Name) else None
        if found is None or not isinstance(found[1], cst.Tuple) or found[0].decorators \
                or any(type(element) is not cst.Element for element in found[1].elements):
            return None
        inner_env = bind_call(ctx, found[0], inner, env, found[2])
        if inner_env is None:
            return None
        given.extend((element.value, inner_env) for element in found[1].elements)
    return given


def returned_by(ctx: FileContext, func: cst.BaseExpression):
    """(FunctionDef, returned expression, parameters a call may bind, receivers bound already) for
    a module function or `self.method` whose body ends in its one `return`, undecorated (every parameter) or under a `jax.jit` that keeps what it
    returns (its static parameters only: a spec passed as a traced argument fails in jit)."""
    from codemods.analysis.call_sites import self_method
    from codemods.analysis.local_names import resolve_name

    if isinstance(func, cst.Attribute):  # `self.place(tree)`: a method, its receiver bound already
        from codemods.analysis.call_sites import constructed_method

        method = self_method(ctx, func)
        if method is None:  # `Restorer(mesh, LAYOUT).restore(x)`: bind_call binds the receiver
            method = (constructed_method(ctx, func) or (None,))[0]
        if method is None or method.decorators:
            return None
        return _returned(ctx, method, [], 1)
    if not isinstance(func, cst.Name):
        return None
    binding = resolve_name(ctx, func)
    wrappers = []
    if binding is not None and binding.kind == "assign" and isinstance(binding.value, cst.Call) \
            and binding.value.args and binding.value.args[0].keyword is None \
            and isinstance(binding.value.args[0].value, cst.Name):
        # `place = jax.jit(_place, static_argnames=...)`: the wrapped function, with jit's keywords
        jitted = binding.value
        wrappers.append(jitted.with_changes(args=jitted.args[1:]))
        binding = resolve_name(ctx, jitted.args[0].value)
    if binding is None or binding.kind != "def" or not isinstance(binding.node, cst.FunctionDef):
        return None
    return _returned(ctx, binding.node, wrappers, 0)


def _returned(ctx: FileContext, function, wrappers: list, skip: int, getter: bool = False):
    """As returned_by, for `function`; `getter`: a property's getter, its decorator checked by the caller."""
    from codemods.analysis.local_names import _scope_info

    positional = [param.name.value for param in (*function.params.posonly_params, *function.params.params)][skip:]
    bindable = set(positional) | {param.name.value for param in function.params.kwonly_params}
    if isinstance(function.params.star_arg, cst.Param):
        bindable.add(function.params.star_arg.name.value)
    for wrapper in wrappers:
        static = _jit_static(ctx, wrapper, positional)
        if static is None:
            return None
        bindable &= static
    for decorator in () if getter else function.decorators:
        static = _jit_static(ctx, decorator.decorator, positional)
        if static is None:
            return None
        bindable &= static
    if not isinstance(function.body, cst.IndentedBlock):
        return None
    statements = [s for s in function.body.body if not _is_docstring(s)]
    last = statements[-1] if statements else None
    if not isinstance(last, cst.SimpleStatementLine) or len(last.body) != 1 \
            or not isinstance(last.body[0], cst.Return) or last.body[0].value is None \
            or _returns_elsewhere(function, last.body[0]):
        return None
    # Earlier statements may bind names the return reads (`def init(): ...; return init()`);
    # a parameter they rebind is what the call passed only where it is read before that
    # (env_value), and is not bound at all for lambdas (`lambda x: ...` rebinding nothing).
    if isinstance(function, cst.Lambda):
        bindable -= set(_scope_info(ctx, function).bindings)
    return function, last.body[0].value, frozenset(bindable), skip


def _returns_elsewhere(function, final) -> bool:
    """Whether `function` may return (or yield) anywhere but at `final`."""
    stack = list(function.body.children)
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        if isinstance(node, (cst.Return, cst.Yield, cst.Await)) and node is not final:
            return True
        stack.extend(node.children)
    return False


def _jit_static(ctx: FileContext, expr: cst.BaseExpression, positional: list[str]) -> set[str] | None:
    """The static parameters of a `jax.jit` decorator that keeps its function's output sharding;
    None for any other decorator."""
    from codemods.analysis.specs import parse_axes

    if ctx.imports.resolve(expr) == _JIT:
        return set()
    if not isinstance(expr, cst.Call) or any(arg.star for arg in expr.args):
        return None
    args = list(expr.args)
    if ctx.imports.resolve(expr.func) == _PARTIAL and args and args[0].keyword is None:
        if ctx.imports.resolve(args[0].value) != _JIT:
            return None
        args = args[1:]
    elif ctx.imports.resolve(expr.func) != _JIT:
        return None
    static: set[str] = set()
    for arg in args:
        if arg.keyword is None or arg.keyword.value not in _JIT_KEEPS:
            return None
        if arg.keyword.value == "static_argnames":
            static.update(parse_axes(arg.value) or ())  # a string or a tuple of strings
        elif arg.keyword.value == "static_argnums":
            numbers = arg.value.elements if isinstance(arg.value, (cst.Tuple, cst.List)) else [arg]
            for number in numbers:
                if isinstance(number.value, cst.Integer) and int(number.value.evaluated_value) < len(positional):
                    static.add(positional[int(number.value.evaluated_value)])
    return static


def _is_docstring(statement: cst.CSTNode) -> bool:
    return isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 \
        and isinstance(statement.body[0], cst.Expr) and isinstance(statement.body[0].value, cst.SimpleString)
