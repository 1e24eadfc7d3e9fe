"""`obj[key]` of an object of a module class that defines `__getitem__`: Python runs
`type(obj).__getitem__(obj, key)`, so the interpreter runs that method (a process-group registry's
`GROUPS["beam"]`). Only a plain name or a field of one (`self.layout_map[path]`, read silently
first: reading it twice runs nothing twice) is subscripted so, with one key, not a slice or a
tuple of them; anything else is read as before."""
from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from codemods.analysis.json_texts import JsonTexts
from codemods.analysis.key_matches import KeyMatches
from codemods.analysis.field_items import FieldItems
from codemods.analysis.signatures import Signatures
from codemods.analysis.attribute_dicts import AttributeDicts
from codemods.analysis.class_marks import ClassMarks
from codemods.analysis.setter_fields import SetterFields
from codemods.analysis.guarded_stores import GuardedStores
from codemods.analysis.shape_fields import ShapeFields
from codemods.analysis.class_names import ClassNames
from codemods.analysis.delegated_attributes import DelegatedAttributes
from codemods.analysis.dict_records import DictRecords
from codemods.analysis.function_names import FunctionNames
from codemods.analysis.namespace_calls import NamespaceCalls
from codemods.analysis.picked_aliases import PickedAliases
from codemods.analysis.property_reads import PropertyReads
from codemods.analysis.resolved_calls import ResolvedCalls
from codemods.analysis.run_fields import RunFields
from codemods.analysis.straight_rebinds import StraightRebinds
from codemods.analysis.values import Function, Instance, Partial, Value

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame


class ItemMethods(KeyMatches, FieldItems, RunFields, PickedAliases, AttributeDicts, ShapeFields, SetterFields, GuardedStores, ClassMarks, NamespaceCalls, PropertyReads, ResolvedCalls, DelegatedAttributes, DictRecords,
                  StraightRebinds, ClassNames, FunctionNames, JsonTexts, Signatures):  # (one place in the interpreter's bases for all)
    """Interpreter hook (which supplies eval, class_attribute and call)."""

    def eval_Subscript(self, expr: ast.Subscript, frame: Frame) -> Value:
        if _plain_reference(expr.value) and type(expr.slice) not in (ast.Slice, ast.Tuple):
            owner = self.eval(expr.value, frame) if type(expr.value) is ast.Name else self.eval_silently(expr.value, frame)
            if isinstance(owner, Instance) and owner.fields is not None and not owner.building \
                    and any(isinstance(member, ast.FunctionDef) and member.name == "__getitem__" for member in owner.cls.body):
                method = self.class_attribute(owner, "__getitem__")
                if isinstance(method, Partial) and isinstance(method.func, Function):
                    key = self.eval(expr.slice, frame)
                    return self.call(method, None, [(key, expr.slice)], {}, False, frame)
        return super().eval_Subscript(expr, frame)


def _plain_reference(expr: ast.expr) -> bool:
    """`table` or `self.layout_map`: a name or a field of one (the probe reads the field silently)."""
    return type(expr) is ast.Name or type(expr) is ast.Attribute and type(expr.value) is ast.Name
