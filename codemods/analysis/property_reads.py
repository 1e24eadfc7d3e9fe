"""Reads of a property of a module class's object (issue 13): `generate(block).mean` of
`class SampleForecast: @property def mean(self): return jnp.mean(self.samples, axis=0)`.

The interpreter runs the property where it is read (classes.py), but the read was not counted
as an analysed reference of the property's def, so a verdict in it never counted. A read counts
when the attribute's value is the result of a run of that property (of the same name) made by
this read itself: at its own depth of evaluation, not in a read nested inside it.
"""
from __future__ import annotations

import ast

from codemods.analysis.values import Value


class PropertyReads:
    """Interpreter hook (which supplies analysed_refs); `read_property` is called by
    Classes.class_attribute after it ran a property."""

    def read_property(self, function, result: Value) -> Value:
        self.__dict__["_property_read"] = (function, result, self.depth)  # (reads nested in it are deeper)
        return result

    def eval_Attribute(self, expr: ast.Attribute, frame) -> Value:
        self.__dict__["_property_read"] = None
        depth = self.depth
        value = super().eval_Attribute(expr, frame)
        read = self.__dict__.get("_property_read")
        if read is not None and type(expr.ctx) is ast.Load and read[0].name == expr.attr and value is read[1] \
                and read[2] == depth:
            self.analysed_refs.setdefault(id(read[0]), set()).add(id(expr))  # `forecast.mean`: this read ran it
        self.__dict__["_property_read"] = None
        return value
