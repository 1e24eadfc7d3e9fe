"""`string.Template` in a script run (script_run.py; issue 13): a layout or run-name pattern
filled with `substitute` / `safe_substitute`. On plain values (a dict, keyword strings) the real
template gives the program's text, or raises where Python raises (KeyError for a missing name,
ValueError for a bad placeholder); a mapping of the program's own class (whose `__getitem__`
would run) stops the run.
"""
from __future__ import annotations

import string

from codemods.analysis.host_exprs import guard, plain_tree
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.script_values import RunCallable


class TemplateObj(ModelledObject):
    __slots__ = ("template",)

    def __init__(self, template: string.Template) -> None:
        self.template = template

    def attribute(self, run, name: str) -> object:
        if name == "template":
            return self.template.template
        if name in ("substitute", "safe_substitute", "get_identifiers", "is_valid"):
            return _TemplateMethod(self.template, name)
        raise Bail


class _TemplateMethod(RunCallable):
    __slots__ = ("name", "template")

    def __init__(self, template: string.Template, name: str) -> None:
        self.template, self.name = template, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if len(args) > 1 or args and type(args[0]) is not dict or not all(plain_tree(v) for v in (*args, *kwargs.values())):
            raise Bail
        return guard(getattr(self.template, self.name), *args, **kwargs)


def _template(run, args: list, kwargs: dict) -> TemplateObj:
    if len(args) != 1 or kwargs or type(args[0]) is not str:
        raise Bail
    return TemplateObj(string.Template(args[0]))


LIBRARY = {"string.Template": _template}
