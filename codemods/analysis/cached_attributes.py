"""`functools.cached_property` read on an instance, in a script run (script_classes.py; issue 13).

`@cached_property def axis(self): ...` runs its getter on the first read and stores the result
in the instance's own `__dict__` under the attribute's name; being a non-data descriptor, every
later read finds that entry first and never runs the getter again (CPython 3.11: the getter's
result overwrites whatever the getter itself stored there). So a read is the instance's own entry
when it has one, else the getter's result, kept. Only an instance of a plain class of the module
holds such a `__dict__` in the run; a namedtuple (no `__dict__`: TypeError in CPython) or a class
whose every class defines `__slots__` stops the run (Bail). One class without them in the order
gives the instances their `__dict__` (a subclass of `abc.ABC`, whose `__slots__` are empty).
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import UObj


def cached_attribute(run, obj: object, name: str, getter: object) -> object:
    if type(obj) is not UObj or obj.cls.kind not in ("plain", "dataclass") \
            or all("__slots__" in cls.attrs for cls in obj.cls.order) or obj.data is not None:
        raise Bail
    if name in obj.attrs:
        return obj.attrs[name]
    value = run.call(getter, [obj], {})
    obj.attrs[name] = value
    return value
