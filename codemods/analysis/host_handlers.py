"""`try` statements in host runs: a handler runs only for a builtin exception the run raised
itself (`except KeyError:`), named as the builtin (a module rebinding the name is not it); a
`finally`, a bound handler (`as e`) or any other handler is not modelled (the run stops)."""
from __future__ import annotations

import ast

from codemods.analysis import handed_errors
from codemods.analysis.host_exprs import Env, Raised
from codemods.analysis.host_objects import BUILTINS, EXCEPTIONS, Bail


class HostHandlers:
    """The `try` half of a host run (which supplies block and global_value)."""

    def try_statement(self, node: ast.Try, env: Env) -> None:
        if node.finalbody:
            raise Bail
        try:
            self.block(node.body, env)
        except Raised as raised:
            for handler in node.handlers:
                if handler.type is None or handler.name is not None:
                    raise Bail
                kinds = handler.type.elts if type(handler.type) is ast.Tuple else [handler.type]
                if not all(type(k) is ast.Name and k.id in EXCEPTIONS and self.global_value(k.id) is BUILTINS[k.id]
                           for k in kinds):  # (a module rebinding the name is not the builtin)
                    raise Bail
                classes = tuple(BUILTINS[k.id] for k in kinds)
                matched = handed_errors.instance_of(raised.error, classes)  # (a stand-in: handed_errors.py)
                if isinstance(raised.error, classes) if matched is None else matched:
                    self.block(handler.body, env)
                    return
            raise
        self.block(node.orelse, env)
