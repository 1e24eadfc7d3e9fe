"""A module class's `__name__` (issue 13): Keras' `type(layer).__name__` in `get_config` and
`name or type(self).__name__.lower()` in `__init__`.

A class statement names its class as written, unless its creation runs code that may rename it
(a metaclass keyword, an `__init_subclass__` of a module base: registry_params.own_name), a
decorator returns another object (only decorators that file the class and return it are read:
user_decorators.files_class), or some code stores `__name__` into any object.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import nodes_of_type
from codemods.analysis.registry_params import own_name
from codemods.analysis.user_decorators import files_class
from codemods.analysis.values import ClassValue, Const


class ClassNames:
    """Interpreter hook (the Interpreter supplies scope and class_attribute)."""

    def class_attribute(self, receiver, attr: str):
        if attr == "__name__" and type(receiver) is ClassValue and self._names_kept():
            cls = receiver.cls
            if all(files_class(self.scope, decorator) for decorator in cls.decorator_list) \
                    and own_name(self.scope, cls) == cls.name:
                return Const(cls.name)
        return super().class_attribute(receiver, attr)

    def _names_kept(self) -> bool:
        """No code of the module stores a `__name__` attribute (`Cls.__name__ = "Other"`)."""
        kept = self.__dict__.get("_class_names_kept")
        if kept is None:
            kept = self.__dict__["_class_names_kept"] = not any(
                node.attr == "__name__" and type(node.ctx) is not ast.Load
                for node in nodes_of_type(self.scope.tree, ast.Attribute)) and not any(
                type(node.func) is ast.Name and node.func.id in ("setattr", "delattr")
                for node in nodes_of_type(self.scope.tree, ast.Call))
        return kept
