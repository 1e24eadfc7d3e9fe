"""Values every construction of a class may be found to agree on (classes.Classes._agreed_field):
constants, meshes, objects built with such values, and tables of them."""
from __future__ import annotations

from codemods.analysis.cli_args import Namespace
from codemods.analysis.pyvalues import MeshValue
from codemods.analysis.values import Const, DictValue, Instance, SpecValue, TupleValue, Value


def agreeable_table(value: Value, tree) -> bool:
    """A config table holding sequences too (`mesh.reduce_axes = ("data", "model")`), none of them
    changed in place through an attribute of its key's name (`cfg.mesh.reduce_axes.append(...)`;
    the module's in-place changes are read only when a table holds a sequence)."""
    from codemods.analysis.mutation import mutated_names

    if not isinstance(value, DictValue):
        return False
    return all(agreeable(item) or agreeable_table(item, tree) or type(item) is TupleValue
               and all(map(agreeable, item.items)) and "." + key not in mutated_names(tree)
               for key, item in zip(value.keys, value.items))


def agreeable(value: Value) -> bool:
    """A value two constructions can be compared on: a constant, a mesh, a PartitionSpec, a built
    object, a table of them."""
    if isinstance(value, DictValue):  # `self.rules = dict(rules)` of a constant table (changed nowhere: mutated_names)
        return all(agreeable(item) for item in value.items)
    if isinstance(value, Namespace):  # `self.args = args` of `parse_args([])` (a namespace no code changes: cli_args.py)
        return all(agreeable(item) or isinstance(item, TupleValue) and all(map(agreeable, item.items))
                   for item in value.items)
    return isinstance(value, (Const, MeshValue, SpecValue)) or isinstance(value, Instance) and value.fields is not None
