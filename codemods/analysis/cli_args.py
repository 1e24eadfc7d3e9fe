"""Axis names a program keeps on its command line (issue 13): an `argparse` parser built in one
function, parsed from an argument list the code writes (`parser.parse_args([])`,
`parse_args(list(argv))` with `argv=()`), read back as `args.data_axis`; and the string methods
such values go through (`"data:4,expert:2".split(",")`, `item.split(":")`, `.strip()`).

`parse_args()` with nothing (or `None`) reads `sys.argv`, which the analysis cannot know: those
names stay unknown. A parser is followed only when its whole life is plain to see: assigned once
to `argparse.ArgumentParser(...)` at the top level of one function (or the module), configured
there by unconditional `add_argument` / `set_defaults` statements (options, and positionals that
take one word: a name with at most `choices`, `type`, `help`), and used
otherwise only to parse, after its last configuration (or returned, when no other code of the
module configures any parser). Anything else (groups, subparsers,
other positional forms, `required=True`, custom actions or types, a parser passed around) leaves
the namespace unknown. A namespace some code may change (`args.axis = ...`, `setattr`, `vars`)
is unknown too. `types.SimpleNamespace(axis="i")` and `argparse.Namespace(...)` written in the
file are read the same way, with the attributes set right after the object is made (`cfg =
SimpleNamespace()` then `cfg.sharding = SimpleNamespace(...)`, the builder pattern of attr_dicts.py).
"""
from __future__ import annotations

import ast
from codemods.dataclass_code import dataclass
from typing import TYPE_CHECKING

from codemods.analysis.extended_parsers import configuring_statements, extension
from codemods.analysis.normalised_args import normalising_stores
from codemods.analysis.late_options import parsed_after_options
from codemods.analysis.nodes import NOT_LITERAL, calls_by_callee, iter_with_scopes, names_by_id, nodes_of_type
from codemods.analysis.own_setattrs import passing_references
from codemods.analysis.pyvalues import SPREAD, python_value
from codemods.analysis.repr_vars import formatting_vars
from codemods.analysis.sequence_kinds import LIST, TUPLE, kinded
from codemods.analysis.sequences import items_of
from codemods.analysis.values import UNKNOWN, Const, DictValue, JaxName, TupleValue, Value

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame

PARSER = "argparse.ArgumentParser"
NAMESPACES = frozenset({"types.SimpleNamespace", "argparse.Namespace"})  # attributes given as keywords
_PARSE = ("parse_args", "parse_known_args")
_CONFIGURE = ("add_argument", "set_defaults")
# Methods that change what a parser returns (a returned parser must meet none of them elsewhere).
_PARSER_CHANGES = frozenset({"add_argument", "set_defaults", "add_argument_group", "add_mutually_exclusive_group",
                             "add_subparsers", "register", "_add_action", "convert_arg_line_to_args"})
# Constructor settings that keep option parsing standard for an argument list of `--name value`.
_PARSER_KEYWORDS = frozenset({"prog", "usage", "description", "epilog", "formatter_class", "add_help",
                              "allow_abbrev", "exit_on_error", "suggest_on_error", "color"})
_ARGUMENT_KEYWORDS = frozenset({"default", "type", "help", "dest", "metavar", "choices", "action", "required",
                                "nargs"})
_ACTIONS = {"store": None, "store_true": False, "store_false": True}
_TYPES = {"int": int, "float": float, "str": str}
# Pure methods of str, computed with Python's own on constant operands.
_STR_METHODS = frozenset({"split", "rsplit", "strip", "lstrip", "rstrip", "lower", "upper", "replace",
                          "removeprefix", "removesuffix", "partition", "rpartition", "join", "title",
                          "startswith", "endswith", "splitlines", "casefold"})


@dataclass(frozen=True)
class Namespace:
    """Attributes read back by name: what `parse_args` returns (or a dict-backed config object
    written in the file); `names` and `items` in order."""

    names: tuple[str, ...]
    items: tuple[Value, ...]

    def attribute(self, name: str) -> Value:
        return self.items[self.names.index(name)] if name in self.names else UNKNOWN


@dataclass(frozen=True, eq=False)
class Parser:
    """An `argparse.ArgumentParser(...)` call: its configuration is read from the text."""

    node: ast.Call


def str_method(receiver: Value, method: str, args: list, keywords: dict, starred) -> Value | None:
    """`"a,b".split(",")` and the like on constants (a list result is a constant tuple); None when
    not such a call."""
    if not isinstance(receiver, Const) or not isinstance(receiver.value, str) or method not in _STR_METHODS \
            or starred:
        return None
    if method == "join":
        items = items_of(args[0][0]) if len(args) == 1 and not keywords else None
        if items is None or not all(isinstance(item, Const) and isinstance(item.value, str) for item in items):
            return UNKNOWN
        return Const(receiver.value.join(item.value for item in items))
    values = [python_value(value) for value, _ in args]
    named = {key: python_value(value) for key, (value, _) in keywords.items()}
    if any(value is NOT_LITERAL for value in values + list(named.values())):
        return UNKNOWN
    try:
        result = getattr(receiver.value, method)(*values, **named)
    except (TypeError, ValueError):
        return UNKNOWN
    return Const(kinded(result, LIST if isinstance(result, list) else TUPLE) if isinstance(result, (list, tuple)) else result)


def changed_names(tree: ast.Module) -> frozenset[str] | None:
    """Attribute names some code of the module stores (`args.axis = ...`); None when code may
    change any attribute of any object (`setattr`, `vars`, `__dict__`)."""
    if hasattr(tree, "_shardfix_changed_names"):
        return tree._shardfix_changed_names
    tree._shardfix_changed_names = result = _changed_names(tree)
    return result


def spread_vars(tree: ast.Module) -> frozenset[int]:
    """Ids of the `vars` names of `f(**vars(obj))`: a read of the object's attributes that
    changes nothing (any other `vars(obj)` hands out the live dict), and of a `__repr__`'s
    `vars(self).items()` walked only to format (repr_vars.py)."""
    if not hasattr(tree, "_shardfix_spread_vars"):
        # (every id is a `vars` name's: a module without one has none, and no walk is needed)
        tree._shardfix_spread_vars = frozenset() if "vars" not in names_by_id(tree) else frozenset(
            id(keyword.value.func) for keyword in nodes_of_type(tree, ast.keyword)
            if keyword.arg is None and _is_vars(keyword.value)) | formatting_vars(tree)
    return tree._shardfix_spread_vars


def option_changes(tree: ast.Module) -> frozenset[str] | None:
    """changed_names but for the stores that normalise a namespace just parsed (normalised_args.py)."""
    if not hasattr(tree, "_shardfix_option_changes"):
        tree._shardfix_option_changes = _changed_names(tree, normalising_stores(tree))
    return tree._shardfix_option_changes


def _changed_names(tree: ast.Module, skip: frozenset[int] = frozenset()) -> frozenset[str] | None:
    found = set()
    spread = spread_vars(tree)
    own = _own_init_stores(tree) | skip
    passing = passing_references(tree)  # an `Instances`' own `super().__setattr__` (own_setattrs.py)
    if not _inits_run_directly(tree):  # the stores of named fields on objects being built (kwargs_setters.py)
        spread = spread | getattr(tree, "_shardfix_setter_stores", set())
    for node in ast.walk(tree):
        if type(node) is ast.Attribute:
            if type(node.ctx) is not ast.Load and id(node) not in own:
                found.add(node.attr)
            elif node.attr in ("__dict__", "__setattr__") and id(node) not in passing:
                return None
        elif type(node) is ast.Name and node.id in ("setattr", "vars", "delattr") and id(node) not in spread:
            return None
        elif type(node) is ast.Call and parses_into(node):
            return None  # sets any option's attribute on an object the code already holds
    return frozenset(found)


def _own_init_stores(tree: ast.Module) -> frozenset[int]:
    """`self.threshold = threshold` in a module class's `__init__`: a store on an object of that
    class, never on a parsed namespace, when no code runs an `__init__` on an object it names
    (`Gate.__init__(args, ...)`; `super().__init__(...)` hands on the object being built)."""
    if _inits_run_directly(tree):
        return frozenset()
    found = set()
    for cls in ast.walk(tree):
        if type(cls) is not ast.ClassDef:
            continue
        for init in cls.body:
            params = init.args.posonlyargs + init.args.args if type(init) is ast.FunctionDef else []
            if type(init) is not ast.FunctionDef or init.name != "__init__" or not params or init.decorator_list:
                continue
            receiver = params[0].arg
            if any(type(node) is ast.Name and node.id == receiver and type(node.ctx) is not ast.Load
                   for node in ast.walk(init)):
                continue  # the receiver's name rebound: a store through it may reach anything
            found.update(id(node) for node in ast.walk(init) if type(node) is ast.Attribute
                         and type(node.ctx) is not ast.Load and type(node.value) is ast.Name and node.value.id == receiver
                         and not node.attr.startswith("__"))  # `self.__dict__ = self`: every attribute
    return frozenset(found)


def _inits_run_directly(tree: ast.Module) -> bool:
    """Some code may run an `__init__` on an object it names (`Gate.__init__(args, ...)`); reading
    one for `inspect.signature(cls.__init__)` (diffusers' `from_config`) runs nothing."""
    inspected = {id(call.args[0]) for call in ast.walk(tree) if type(call) is ast.Call and len(call.args) == 1
                 and type(call.func) is ast.Attribute and call.func.attr == "signature"
                 and type(call.func.value) is ast.Name and call.func.value.id == "inspect"} \
        if any(type(node) is ast.Import and any(alias.name == "inspect" and alias.asname is None for alias in node.names)
               for node in tree.body) and not any(type(node) is ast.Name and node.id == "inspect"
                                                  and type(node.ctx) is not ast.Load for node in ast.walk(tree)) else set()
    return any(type(node) is ast.Attribute and node.attr == "__init__" and id(node) not in inspected and not (
        type(node.value) is ast.Call and type(node.value.func) is ast.Name and node.value.func.id == "super")
        for node in ast.walk(tree))


def parses_into(call: ast.Call) -> bool:
    """`parser.parse_args(argv, namespace=args)`, `parse_known_args(argv, args)`: argparse
    stores the parsed options on the namespace it is given."""
    return type(call.func) is ast.Attribute and call.func.attr.startswith("parse_") \
        and call.func.attr.endswith("args") \
        and (len(call.args) > 1 or any(keyword.arg in ("namespace", None) for keyword in call.keywords))


def any_parses_into(tree: ast.Module) -> bool:
    """Some call of the module `parses_into` a namespace: looked up among the calls by callee
    name (only a method named `parse_...args` can), not by a look at every call."""
    return any(parses_into(call) for callee, calls in calls_by_callee(tree).items()
               if callee is not None and callee.startswith("parse_") and callee.endswith("args") for call in calls)


def _is_vars(node: ast.expr) -> bool:
    return type(node) is ast.Call and type(node.func) is ast.Name and node.func.id == "vars" \
        and len(node.args) == 1 and not node.keywords


class CommandLines:
    """Interpreter hooks (the Interpreter supplies scope, eval and the frames)."""

    def call(self, callee, expr, args, keywords, starred, frame: Frame) -> Value:
        if isinstance(callee, JaxName) and callee.name == PARSER and expr is not None:
            return Parser(expr)
        if expr is not None and _is_vars(expr) and isinstance(args[0][0] if args else None, Namespace) \
                and not self.scope.globals.binds("vars") and "vars" not in self.scope.imports.bindings:
            names = args[0][0]  # `**vars(args)`: the namespace's attributes as keywords
            return DictValue(names.names, names.items)
        if isinstance(callee, JaxName) and callee.name in NAMESPACES:
            changed = changed_names(self.scope.tree)  # `cfg.axis = ...` anywhere: not followed
            if args or starred and starred != SPREAD or changed is None or changed & set(keywords):
                return UNKNOWN  # `SimpleNamespace(**CFG)` of a dict of known keys: its items
            made = dict((name, value) for name, (value, _) in keywords.items())
            stores = self._builder_stores().get(id(expr)) if expr is not None else None
            if stores is not None:  # `cfg = SimpleNamespace()` then `cfg.sharding = ...` (attr_dicts.py)
                others = self._changed_items()  # set by any code but such builders
                if others is None or any(len(path) != 1 or path[0] in others or path[0].startswith("_")
                                         for path, _ in stores[1]):
                    return UNKNOWN
                static = self._static_frame(stores[0])
                for path, value_node in stores[1]:
                    made[path[0]] = self.eval(value_node, static)
            return Namespace(tuple(made), tuple(made.values()))
        return super().call(callee, expr, args, keywords, starred, frame)

    def call_method(self, receiver: Value, method: str, args, keywords, starred) -> Value:
        if isinstance(receiver, Parser) and method in _PARSE:
            parsed = self._parsed(receiver, args, keywords, starred)
            if parsed is None:
                return UNKNOWN
            return parsed if method == "parse_args" else TupleValue((parsed, Const(kinded((), LIST))), TUPLE)
        found = str_method(receiver, method, args, keywords, starred)
        return found if found is not None else super().call_method(receiver, method, args, keywords, starred)

    def _parsed(self, parser: Parser, args, keywords, starred) -> Namespace | None:
        if starred or len(args) > 1 or set(keywords) - {"args"} or args and keywords:
            return None
        argv = args[0][0] if args else keywords["args"][0] if keywords else Const(None)
        tokens = items_of(argv) if not (isinstance(argv, Const) and isinstance(argv.value, str)) else None
        if tokens is None or not all(isinstance(token, Const) and isinstance(token.value, str) for token in tokens):
            return None  # `parse_args()` or `parse_args(None)`: sys.argv, unknown here
        table = self._parser_table(parser)
        if table is None:
            return None
        defaults, options, positionals = table
        values = dict(defaults)
        words = [token.value for token in tokens]
        index = taken = 0
        while index < len(words):  # `--name value`, `--name=value`, `--flag`, spelled in full
            word = words[index]
            if not word.startswith("-") and taken < len(positionals) and positionals[taken][1] == REMAINDER:
                values[positionals[taken][0]] = TupleValue(tuple(Const(rest) for rest in words[index:]), LIST)
                index, taken = len(words), taken + 1  # the words left, options too, as argparse gathers them
                continue
            if not word.startswith("-") and positionals:  # the next positional's word
                if taken >= len(positionals) or (filled := _positional_value(positionals[taken], word)) is None:
                    return None  # argparse exits: an extra word, a choice not listed, a bad number
                values[positionals[taken][0]] = filled
                index, taken = index + 1, taken + 1
                continue
            name, _, inline = word.partition("=")
            option = options.get(name)
            if option is None:
                return None
            dest, action, convert = option
            if action == "nargs":
                return None  # `--axes a b`: how many words it takes is not followed (its default is)
            if action != "store":
                if inline:
                    return None
                values[dest] = Const(_ACTIONS[action] is False)
                index += 1
                continue
            if not inline and word == name:
                if index + 1 >= len(words) or words[index + 1].startswith("-"):
                    return None
                inline, index = words[index + 1], index + 1
            try:
                values[dest] = Const(convert(inline) if convert is not None else inline)
            except (TypeError, ValueError):
                return None
            index += 1
        if taken == len(positionals) - 1 and positionals[taken][1] == REMAINDER:
            values[positionals[taken][0]], taken = TupleValue((), LIST), taken + 1  # none left: an empty list
        if taken != len(positionals) or any(positional[1] == REMAINDER for positional in positionals[:-1]):
            return None  # a positional not given (argparse exits); words after a remainder's: not followed
        changed = option_changes(self.scope.tree)
        if changed is None or changed & set(values):
            return None
        return Namespace(tuple(values), tuple(values.values()))

    def _parser_table(self, parser: Parser):
        """(defaults by dest, {option string: (dest, action, type)}) of a parser whose every use
        is plain (see the module's doc), else None."""
        located = self._parser_statements(parser.node)
        if located is None:
            return None
        name, statements, frame = located[:3]
        frames = [frame] * len(statements)
        if len(located) == 4:  # extended by the builder's one caller (extended_parsers.py)
            statements, frames = statements + located[3][0], frames + [located[3][1]] * len(located[3][0])
        defaults: dict[str, Value] = {}
        options: dict[str, tuple[str, str, object]] = {}
        pending: dict[str, object] = {}  # dest -> type applied to a string default at parse time
        typed: set[str] = set()
        dests: set[str] = set()
        positionals: list[tuple[str, tuple | None, object]] = []  # (dest, choices, type), in order
        for call, frame in zip(statements, frames):
            given = {keyword.arg: keyword.value for keyword in call.keywords}
            if call.func.attr == "set_defaults":
                if call.args or None in given:
                    return None
                for dest, node in given.items():
                    value = self._literal(node, frame)
                    if value is None or dest in typed:
                        return None  # a typed option's string default is converted at parse time
                    defaults[dest] = value
                    pending.pop(dest, None)
                continue
            flags = [self._literal(arg, frame) for arg in call.args]
            if (found := self._positional(flags, given, frame, dests)) is not None:
                if not found:
                    return None
                positionals.append(found)
                continue
            if not flags or None in given or set(given) - _ARGUMENT_KEYWORDS or not all(
                    isinstance(flag, Const) and isinstance(flag.value, str) and flag.value.startswith("-")
                    and not flag.value.startswith("---") for flag in flags):
                return None  # a positional argument (parse_args([]) exits) or a setting not followed
            strings = [flag.value for flag in flags]
            # `--x` / `--no-x` of `action=argparse.BooleanOptionalAction`: a store_true and a
            # store_false of one dest, whose default is None unless one is given
            boolean = "action" in given and self.scope.resolve(given["action"]) == "argparse.BooleanOptionalAction"
            action = Const("store_true") if boolean else \
                self._literal(given["action"], frame) if "action" in given else Const("store")
            required = self._literal(given["required"], frame) if "required" in given else Const(False)
            if not isinstance(action, Const) or action.value not in _ACTIONS or required != Const(False) \
                    or "nargs" in given and action.value != "store":
                return None
            convert = None
            if "type" in given:
                if action.value != "store":
                    return None
                known = type(given["type"]) is ast.Name and given["type"].id in _TYPES \
                    and given["type"].id not in self.scope.imports.bindings and not self.scope.globals.binds(given["type"].id)
                # argparse converts only text: a non-str default is kept as written whatever `type` does
                convert = _TYPES[given["type"].id] if known else _not_followed
            if "dest" in given:
                dest = self._literal(given["dest"], frame)
                if not isinstance(dest, Const) or not isinstance(dest.value, str):
                    return None
                dest = dest.value
            else:
                long = [flag for flag in strings if flag.startswith("--")]
                dest = (long or strings)[0].lstrip("-").replace("-", "_")
            if "default" in given:
                default = self._literal(given["default"], frame)
                if default is None:
                    return None
            elif boolean:
                default = Const(None)
            elif action.value != "store":
                default = Const(_ACTIONS[action.value])
            else:
                default = defaults.get(dest, Const(None))
            negated = [f"--no-{flag[2:]}" for flag in strings if boolean and flag.startswith("--")]
            if any(flag in options for flag in strings + negated) or dest in dests or len(set(strings + negated)) \
                    != len(strings + negated):
                return None  # a conflicting option string (argparse raises); two options of one dest
            dests.add(dest)
            defaults[dest] = default
            if convert is not None:
                typed.add(dest)
            if convert is not None and isinstance(default, Const) and isinstance(default.value, str):
                pending[dest] = convert
            else:
                pending.pop(dest, None)
            for flag in strings:
                options[flag] = (dest, "nargs" if "nargs" in given else action.value, convert)
            for flag in negated:
                options[flag] = (dest, "store_false", None)
        for dest, convert in pending.items():
            try:
                defaults[dest] = Const(convert(defaults[dest].value))
            except (TypeError, ValueError):
                return None
        return defaults, options, positionals

    def _positional(self, flags, given: dict, frame, dests: set[str]):
        """(dest, choices, type) of `add_argument("command", choices=[...])`: one name, at most
        those settings (a required positional that takes one word); () for another positional
        form (not followed); None for an option."""
        if len(flags) != 1 or not isinstance(flags[0], Const) or not isinstance(flags[0].value, str) \
                or flags[0].value.startswith("-"):
            return None
        dest = flags[0].value
        if "nargs" in given and not set(given) - {"nargs", "default", "help", "metavar"} and dest not in dests and dest \
                and self._remainder(given["nargs"], frame):
            dests.add(dest)
            return dest, REMAINDER, None  # `add_argument("opts", nargs=argparse.REMAINDER)`: every word left
        if None in given or set(given) - {"choices", "help", "metavar", "type"} or dest in dests or not dest:
            return ()
        dests.add(dest)
        choices = None
        if "choices" in given:
            listed = self._literal(given["choices"], frame)
            items = items_of(listed) if listed is not None else None
            if items is None or not all(isinstance(item, Const) and isinstance(item.value, str) for item in items):
                return ()
            choices = tuple(item.value for item in items)
        convert = None
        if "type" in given:
            kind = given["type"]
            if type(kind) is not ast.Name or kind.id not in _TYPES or kind.id in self.scope.imports.bindings \
                    or self.scope.globals.binds(kind.id):
                return ()
            convert = _TYPES[kind.id]
        return dest, choices, convert

    def _remainder(self, node: ast.expr, frame) -> bool:
        value = self.eval(node, frame)
        return isinstance(value, JaxName) and value.name == "argparse.REMAINDER" or value == Const(REMAINDER)

    def _literal(self, node: ast.expr, frame) -> Value | None:
        value = self.eval(node, frame)
        return value if python_value(value) is not NOT_LITERAL else None

    def _parser_statements(self, node: ast.Call):
        """(name, configuring calls in order, frame to read their values in) of the parser built
        by `node`, or None when its use is not plain."""
        scopes = self._scopes_of_node(node)
        if scopes is None:
            return None
        owner = scopes[-1] if scopes else self.scope.tree
        body = owner.body
        keywords = {keyword.arg for keyword in node.keywords}
        prog = [arg for arg in node.args if type(arg) is ast.Constant and type(arg.value) is str]
        if len(node.args) > 1 or prog != node.args or prog and "prog" in keywords \
                or None in keywords or keywords - _PARSER_KEYWORDS:
            return None  # (one positional: `prog`, a name shown in messages alone)
        assigned = [index for index, stmt in enumerate(body) if type(stmt) is ast.Assign and stmt.value is node]
        if len(assigned) != 1 or len(body[assigned[0]].targets) != 1 or type(body[assigned[0]].targets[0]) is not ast.Name:
            return None
        start = assigned[0]
        name = body[start].targets[0].id
        configuring, allowed, last, returned = configuring_statements(body, start, _CONFIGURE)
        for found, found_scopes in iter_with_scopes(owner):
            if type(found) is not ast.Name or found.id != name or id(found) in allowed:
                continue
            parent = self._parse_receiver(found, owner) if id(found) not in returned else found
            if parent is None or found.lineno <= last and not (
                    owner is self.scope.tree and parsed_after_options(body, start, last, configuring, found_scopes)):
                return None  # assigned again, passed on, configured elsewhere, or parsed before its options
        extended = None
        if returned and isinstance(owner, ast.FunctionDef) and owner in self.scope.tree.body:
            extended = extension(self, owner, _CONFIGURE, _PARSE)  # `p = base_parser(); p.add_argument(...)`
            if extended:
                configuring = configuring + extended[0]
        if returned and any(type(node) is ast.Call and type(node.func) is ast.Attribute
                            and node.func.attr in _PARSER_CHANGES and node not in configuring
                            for node in ast.walk(self.scope.tree)):
            return None  # a parser a builder returns: configured nowhere else in the module
        inner = [scope for scope in ast.walk(owner) if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                                                                           ast.ClassDef)) and scope is not owner]
        if any(type(found) is ast.Name and found.id == name and (owner is not self.scope.tree or self._parse_receiver(found, scope) is None)
               for scope in inner for found in ast.walk(scope)):
            return None  # read in a nested function: another time, maybe another parser
        # A module's parser parsed in a function written below its last option (`flags =
        # parser.parse_args(list(argv))` in `main`): that function runs after the options exist,
        # and every other read of the name was checked above.
        if extended:
            own = configuring[:len(configuring) - len(extended[0])]
            return name, own, self._static_frame(scopes), (extended[0], self._static_frame(extended[1]))
        return name, configuring, self._static_frame(scopes)

    def _parse_receiver(self, name: ast.Name, owner: ast.AST) -> ast.Call | None:
        """The `name.parse_args(...)` call `name` is the receiver of, if it is one."""
        for node in ast.walk(owner):
            if type(node) is ast.Call and type(node.func) is ast.Attribute and node.func.value is name \
                    and node.func.attr in _PARSE:
                return node
        return None

    def _scopes_of_node(self, node: ast.AST):
        cache = self.__dict__.setdefault("_node_scopes", {})
        if not cache:
            for found, scopes in iter_with_scopes(self.scope.tree):
                if type(found) is ast.Call:
                    cache[id(found)] = scopes
        return cache.get(id(node))


REMAINDER = "..."  # argparse.REMAINDER's value: a positional gathering every word left


def _positional_value(positional: tuple, word: str) -> Const | None:
    """What argparse stores for a positional's word: converted by its type, then checked
    against its choices; None where argparse exits."""
    _, choices, convert = positional
    try:
        value = convert(word) if convert is not None else word
    except (TypeError, ValueError):
        return None
    return Const(value) if choices is None or value in choices else None


def _not_followed(text: str):
    """A `type=` the analysis does not run (`lambda s: tuple(s.split(","))`): any text it would
    convert, a str default or a word of argv, leaves the option unknown."""
    raise ValueError(text)
