"""What a host run hands back: whether it is the run's own (host_calls.host_call)."""
from __future__ import annotations

from codemods.analysis.host_objects import Record


def fresh(result: object, held: list) -> bool:
    """Every dict and list of `result` was made by the run: none is an object it was handed or
    read from the module (or one those hold), so no other name of the program holds one."""
    def containers(obj, found: set[int]) -> set[int]:
        if isinstance(obj, (dict, list, tuple, Record)) and id(obj) not in found:  # (a Seq is a tuple)
            found.add(id(obj))
            for item in (obj.values() if type(obj) is dict else obj.fields.values() if type(obj) is Record else obj):
                containers(item, found)
        return found
    outside: set[int] = set()
    for obj in held:
        containers(obj, outside)
    return not (containers(result, set()) & outside)
