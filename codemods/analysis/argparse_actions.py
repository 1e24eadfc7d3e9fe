"""A module's own `argparse.Action` subclasses in a script run (script_argparse.py; issue 13):
`parser.add_argument("--axes", action=AxesAction)` with
`class AxesAction(argparse.Action): def __call__(self, parser, namespace, values, option_string=None):
setattr(namespace, self.dest, tuple(values.split(",")))`.

The run's parser is argparse's own (script_argparse.py), so argparse decides when an action is
made and called, as for the program: at `add_argument` it makes the action with the argument's
settings (`Action.__init__` stores option_strings, dest, nargs, const, default, type, choices,
required, help, metavar, and rejects what argparse rejects); at each occurrence on the command
line, after converting and checking the values (`type=`, `choices`), it calls the action with
the parser, the namespace, the values and the option string. The run hands argparse a real Action
class standing for the module's: its instance holds an instance of the module class with the
same attributes, and its call runs the module class's `__call__` in the run.

A subclass with an `__init__`, class-level hooks (`__init_subclass__`, `__set_name__`...) or
several bases, a call that raises (argparse would let the program's exception through; not
followed), and any read of what Action gives its subclasses but the stored settings
(`format_usage`, `_get_kwargs`, its repr) stop the run (Bail).
"""
from __future__ import annotations

import argparse

from codemods.analysis.host_objects import Bail

_INHERITED = ("format_usage", "_get_kwargs", "__repr__", "__str__", "__format__", "__eq__", "__hash__")


def is_action_base(value: object, node) -> bool:
    """`class X(argparse.Action)`: the one base is argparse's Action."""
    from codemods import jaxapi
    from codemods.analysis.script_values import Lib

    return type(value) is Lib and jaxapi.canonical(value.name) == "argparse.Action" and len(node.bases) == 1 \
        and not node.keywords


def action_class(cls) -> None:
    """The module class made: checked, and marked for add_argument."""
    from codemods.analysis.script_values import Lib, UFunc

    if cls.kind != "plain" or cls.base is not None or cls.node.decorator_list \
            or any(name.startswith("__") and name.endswith("__") and name not in ("__call__", "__module__", "__qualname__",
                                                                                     "__doc__")
                   for name in cls.attrs) or type(cls.attrs.get("__call__")) is not UFunc:
        raise Bail  # (its own `__init__` with `super().__init__(...)`, other hooks: not modelled)
    for name in _INHERITED:
        cls.attrs.setdefault(name, Lib(f"argparse.Action.{name}"))  # (read: Bail, bound_members.py)
    cls.node._sf_action = True


def is_action_class(value: object) -> bool:
    from codemods.analysis.script_values import UClass

    return type(value) is UClass and bool(value.node.__dict__.get("_sf_action"))


def real_action(run, cls) -> type:
    """The real Action class argparse makes and calls for the module class `cls`."""
    from codemods.analysis.host_exprs import Raised
    from codemods.analysis.script_argparse import ParserObj
    from codemods.analysis.script_values import Bound, UObj

    class Standing(argparse.Action):
        def __init__(self, option_strings, dest, **kwargs) -> None:
            super().__init__(option_strings, dest, **kwargs)
            settings = dict(vars(self))
            self.own = UObj(cls)
            self.own.attrs.update(settings)

        def __call__(self, parser, namespace, values, option_string=None) -> None:
            try:
                run.call(Bound(cls.attrs["__call__"], self.own), [ParserObj(parser), namespace, values, option_string], {})
            except Raised:
                raise Bail from None

    return Standing


def standing(value: object) -> bool:
    """Whether `value` is an Action class made by real_action."""
    return isinstance(value, type) and value.__name__ == "Standing" and value.__module__ == __name__
