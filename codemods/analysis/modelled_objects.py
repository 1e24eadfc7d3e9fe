"""Library objects a script run (script_run.py; issue 13) models by a class of its own whose
attributes that class gives (a ContextVar's `get`, a singledispatch function's `register`)."""
from __future__ import annotations


class ModelledObject:
    """Read as `obj.attribute(run, name)`; a name it does not model stops the run (Bail)."""

    __slots__ = ()

    def attribute(self, run, name: str) -> object:
        raise NotImplementedError
