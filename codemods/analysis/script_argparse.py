"""Command lines a script run parses (script_run.py; issue 13): `argparse.ArgumentParser` given an
explicit argument list (`parser.parse_args(["--axes", "data,model"])`, `parse_args(list(argv))`).

Scripts keep their layout in options (`--mesh-axes data,model`, `nargs="+"`) and hand the parsed
namespace to the helpers that build specs. Reading argparse's rules by hand would guess at
them, so the run builds a real parser from the same plain arguments and lets it parse the same
list: the namespace is what the program gets. Only plain settings are passed on (strings, numbers,
`type=` int, float or str, the built-in actions); a parser asked to read `sys.argv`
(`parse_args()`), a file (`fromfile_prefix_chars`), a callback (`type=` of the module, a custom
`Action`) or to print (help, usage, an error) stops the run (Bail): nothing is printed or exited.
Subcommands (`add_subparsers(dest="cmd")`, `add_parser("train")`, each with its own
`set_defaults`) are parsers of the same kind, made by argparse itself.
"""
from __future__ import annotations

import argparse

from codemods.analysis.host_exprs import plain_tree
from codemods.analysis.host_objects import Bail
from codemods.analysis.argparse_actions import is_action_class, real_action, standing as _standing

_PARSER_KEYWORDS = frozenset({"description", "prog", "epilog", "usage", "allow_abbrev", "add_help", "formatter_class"})
_ARGUMENT_KEYWORDS = frozenset({"default", "type", "nargs", "action", "choices", "help", "metavar", "dest",
                                "required", "const"})
_SUBPARSERS_KEYWORDS = frozenset({"dest", "title", "description", "required", "help", "metavar"})
_ACTIONS = frozenset({"store", "store_true", "store_false", "store_const", "append", "count", "extend"})
_TYPES = (int, float, str)
_CONSTANTS = {"argparse.REMAINDER": argparse.REMAINDER, "argparse.SUPPRESS": argparse.SUPPRESS,
              "argparse.OPTIONAL": argparse.OPTIONAL, "argparse.ZERO_OR_MORE": argparse.ZERO_OR_MORE,
              "argparse.ONE_OR_MORE": argparse.ONE_OR_MORE,
              "argparse.HelpFormatter": argparse.HelpFormatter,
              "argparse.ArgumentDefaultsHelpFormatter": argparse.ArgumentDefaultsHelpFormatter,
              "argparse.RawDescriptionHelpFormatter": argparse.RawDescriptionHelpFormatter,
              "argparse.RawTextHelpFormatter": argparse.RawTextHelpFormatter}


class _Parser(argparse.ArgumentParser):
    """argparse's parser, which never prints or exits: where it would, the run stops."""

    def error(self, message):
        raise Bail

    def exit(self, status=0, message=None):
        raise Bail

    def _print_message(self, message, file=None):
        raise Bail


class ParserObj:
    """A parser (or an argument group of one) the run built."""

    __slots__ = ("real",)

    def __init__(self, real) -> None:
        self.real = real


class ParserMethod:
    __slots__ = ("name", "owner")

    def __init__(self, owner: ParserObj, name: str) -> None:
        self.owner, self.name = owner, name


def argparse_constant(name: str) -> object:
    """`argparse.REMAINDER` and the like, or None for any other name of argparse."""
    return _CONSTANTS.get(name)


def new_parser(args: list, kwargs: dict) -> ParserObj:
    named = dict(zip(("prog", "usage", "description", "epilog"), args))  # (ArgumentParser's first parameters)
    if len(args) > 4 or set(named) & set(kwargs) or not all(type(v) is str or v is None for v in named.values()):
        raise Bail
    kwargs = {**named, **kwargs}
    if not set(kwargs) <= _PARSER_KEYWORDS:
        raise Bail
    for key, value in kwargs.items():
        if key == "formatter_class":
            if not (isinstance(value, type) and issubclass(value, argparse.HelpFormatter)):
                raise Bail
        elif not plain_tree(value):
            raise Bail
    return ParserObj(_Parser(**kwargs))


def parser_attribute(obj: ParserObj, name: str) -> ParserMethod:
    if (name == "add_parser") != (type(obj.real) is argparse._SubParsersAction):
        raise Bail  # (a subcommand table has `add_parser` only)
    if name not in ("add_argument", "add_argument_group", "add_mutually_exclusive_group", "set_defaults",
                    "parse_args", "parse_known_args", "add_subparsers", "add_parser"):
        raise Bail
    if type(obj.real) is not _Parser and name in ("parse_args", "parse_known_args"):
        raise Bail
    return ParserMethod(obj, name)


def call_parser(run, method: ParserMethod, args: list, kwargs: dict) -> object:
    real, name = method.owner.real, method.name
    if name == "add_argument":
        if not args or not all(type(flag) is str for flag in args) or not set(kwargs) <= _ARGUMENT_KEYWORDS:
            raise Bail
        if is_action_class(kwargs.get("action")):
            kwargs = {**kwargs, "action": real_action(run, kwargs["action"])}  # (argparse_actions.py)
        own = type(kwargs.get("type")).__name__ in ("UFunc", "LambdaValue", "TypeMethod")  # `type=lambda s: ...`, `type=str.lower`
        if own:
            convert = kwargs["type"]
            kwargs = {**kwargs, "type": lambda text: _converted(run, convert, text)}
        plain = ("nargs", "choices", "help", "metavar", "dest", "required", "const")
        if "type" in kwargs and kwargs["type"] not in _TYPES and not own \
                or kwargs.get("action", "store") not in _ACTIONS and not _standing(kwargs["action"]) \
                or not all(plain_tree(kwargs[key]) or key == "choices" and type(kwargs[key]) is range
                           for key in plain if key in kwargs):
            raise Bail
        real.add_argument(*args, **kwargs)
        return None
    if name in ("add_argument_group", "add_mutually_exclusive_group"):
        if not all(plain_tree(value) for value in (*args, *kwargs.values())):
            raise Bail
        return ParserObj(getattr(real, name)(*args, **kwargs))
    if name in ("add_subparsers", "add_parser"):  # (subcommands: parsers of the same kind, which never print)
        keywords = _SUBPARSERS_KEYWORDS if name == "add_subparsers" else _PARSER_KEYWORDS | {"help", "aliases"}
        if len(args) != (name == "add_parser") or not set(kwargs) <= keywords \
                or not all(plain_tree(value) for value in (*args, *kwargs.values())):
            raise Bail
        return ParserObj(getattr(real, name)(*args, **kwargs))
    if name == "set_defaults":
        if args:
            raise Bail
        real.set_defaults(**kwargs)
        return None
    # parse_args / parse_known_args: of a list the code gives, never sys.argv
    if len(args) != 1 or kwargs or type(args[0]) not in (list, tuple) or not all(type(a) is str for a in args[0]) \
            or any(a in ("-h", "--help") for a in args[0]):
        raise Bail
    return getattr(real, name)(list(args[0]))


def _converted(run, convert, text: str) -> object:
    """An option's text converted by the module's own function, run by the script run (an error
    it raises is argparse's to report: the run stops then)."""
    from codemods.analysis.host_exprs import Raised

    try:
        return run.call(convert, [text], {})
    except Raised:
        raise Bail from None


def namespace_attribute(namespace: argparse.Namespace, name: str) -> object:
    found = vars(namespace)
    if name not in found:
        from codemods.analysis.host_exprs import Raised

        raise Raised(AttributeError(name))
    return found[name]
