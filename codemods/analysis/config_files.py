"""INI configs read from text the file writes (issue 13): `parser = configparser.ConfigParser()`
followed at once by `parser.read_string(INI)` / `parser.read_dict({...})`, read back as
`parser["mesh"]["data"]` or `section = parser["mesh"]` then `section.get("data")`.

The text is parsed by Python's own configparser (no file is read), so option names are folded
to lower case, DEFAULT options appear in every section and `%(name)s` references are resolved as
a run would. The parser's whole life must be plain: bound once, at the top level of one function
(or of the module), filled only by those statements right after it, and otherwise only read by
subscript; a section read into a name that some code changes, or anything else done with the
parser (`read(path)`, `set`, `get(section, option)`, handing it to a function), leaves it unknown.
"""
from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from codemods.analysis.mutation import mutated_names
from codemods.analysis.nodes import iter_with_scopes, module_parents
from codemods.analysis.values import UNKNOWN, Const, DictValue, JaxName, Value

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame

_PARSERS = ("configparser.ConfigParser", "configparser.RawConfigParser")
_FILLERS = ("read_string", "read_dict")


class ConfigFiles:
    """Interpreter hook (the Interpreter supplies scope, eval and the frames)."""

    def call(self, callee, expr, args, keywords, starred, frame: Frame) -> Value:
        if not isinstance(callee, JaxName) or callee.name not in _PARSERS or expr is None:
            return super().call(callee, expr, args, keywords, starred, frame)
        if args or keywords or starred:
            return UNKNOWN
        found = self._parser_fills().get(id(expr))
        if found is None:
            return UNKNOWN
        scopes, fills = found
        import configparser  # imported by the few files that build a parser (an import costs every run)

        parser = getattr(configparser, callee.name.rsplit(".", 1)[1])()
        static = self._static_frame(scopes)
        try:
            for method, node in fills:
                given = _python(self.eval(node, static))
                if given is None or method == "read_string" and not isinstance(given, str) \
                        or method == "read_dict" and not isinstance(given, dict):
                    return UNKNOWN
                getattr(parser, method)(given)
            sections = {name: dict(parser[name]) for name in ["DEFAULT", *parser.sections()]}
        except (configparser.Error, ValueError, TypeError, KeyError):
            return UNKNOWN
        return DictValue(tuple(sections), tuple(DictValue(tuple(options), tuple(Const(value) for value in options.values()))
                                                for options in sections.values()))

    def _parser_fills(self) -> dict[int, tuple[tuple, list[tuple[str, ast.expr]]]]:
        """Parser construction -> (its scopes, [(filling method, argument)]) for parsers whose
        whole life is plain (see the module's doc)."""
        cache = self.__dict__.get("_config_files")
        if cache is not None:
            return cache
        cache = {}
        tree = self.scope.tree
        owners = [(tree, ())] + [(node, scopes + (node,)) for node, scopes in iter_with_scopes(tree)
                                 if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
        for owner, scopes in owners:
            for start, stmt in enumerate(owner.body):
                if type(stmt) is not ast.Assign or len(stmt.targets) != 1 or type(stmt.targets[0]) is not ast.Name \
                        or type(stmt.value) is not ast.Call:
                    continue
                name = stmt.targets[0].id
                fills, fill_nodes = [], set()
                for later in owner.body[start + 1:]:
                    call = later.value if type(later) is ast.Expr else None
                    if type(call) is not ast.Call or type(call.func) is not ast.Attribute \
                            or call.func.attr not in _FILLERS or type(call.func.value) is not ast.Name \
                            or call.func.value.id != name or len(call.args) != 1 or call.keywords \
                            or type(call.args[0]) is ast.Starred:
                        break
                    fills.append((call.func.attr, call.args[0]))
                    fill_nodes.add(id(call.func.value))
                if fills and self._only_read(owner, name, stmt.targets[0], fill_nodes):
                    cache[id(stmt.value)] = (scopes, fills)
        self.__dict__["_config_files"] = cache
        return cache

    def _only_read(self, owner: ast.AST, name: str, target: ast.Name, fills: set[int]) -> bool:
        """Every other mention of `name` where it is visible reads a section by subscript, used
        again by subscript or `.get(option)`, or bound to a name no code changes."""
        region = self.scope.tree if type(owner) is ast.Module else owner
        parents = module_parents(self.scope.tree)
        changed = mutated_names(self.scope.tree)
        for node in ast.walk(region):
            if type(node) is not ast.Name or node.id != name or node is target or id(node) in fills:
                continue
            parent = parents.get(id(node))
            if type(node.ctx) is not ast.Load or type(parent) is not ast.Subscript or parent.value is not node \
                    or type(parent.ctx) is not ast.Load:
                return False
            holder = parents.get(id(parent))
            if type(holder) is ast.Assign and holder.value is parent:
                if not all(type(item) is ast.Name and item.id not in changed for item in holder.targets):
                    return False
            elif type(holder) is ast.Subscript and holder.value is parent:
                if type(holder.ctx) is not ast.Load:
                    return False
            elif type(holder) is ast.Return and type(owner) is not ast.Module and _enclosing(holder, parents) is owner:
                continue  # a section of the parser this call built: a new object each call
            elif not (type(holder) is ast.Attribute and holder.value is parent and holder.attr == "get"):
                return False
        return not any(type(node) in (ast.Global, ast.Nonlocal) and name in node.names for node in ast.walk(self.scope.tree))


def _python(value: Value):
    """The Python str or dict of dicts of str a filling statement is given, else None."""
    if isinstance(value, Const) and isinstance(value.value, str):
        return value.value
    if type(value) is DictValue:
        found = {}
        for key, item in zip(value.keys, value.items):
            inner = _python(item) if type(item) is DictValue else item.value if isinstance(item, Const) \
                and isinstance(item.value, (str, int, float, bool)) else None
            if inner is None:
                return None
            found[key] = inner
        return found
    return None


def _enclosing(node: ast.AST, parents) -> ast.AST | None:
    while node is not None and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.Module)):
        node = parents.get(id(node))
    return node
