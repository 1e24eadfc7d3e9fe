"""How the interpreter reads a name: from the frames of the runs under way, or, outside every
analysed run, from the module's bindings (functions, constants, imports, classes, receivers)."""
from __future__ import annotations

import ast
from dataclasses import replace
from typing import TYPE_CHECKING

from codemods.analysis.filled_fields import filled_object
from codemods.analysis.item_fills import item_filled_object, module_item_filled
from codemods.analysis.set_fields import set_object
from codemods.analysis.settled_globals import settled_read
from codemods.analysis.stored_tables import stored_table
from codemods.analysis.filler_calls import filled_table
from codemods.analysis.parsed_tables import parsed_table
from codemods.analysis.registry_objects import registry_object
from codemods.analysis.hook_params import hook_param_class
from codemods.analysis.module_rebinds import last_binding
from codemods.analysis.expressions import BUILTINS_STATIC
from codemods.analysis.module_patches import patched_value
from codemods.analysis.layout_stores import layout_changed, layouts_unsure, unsure_shapes
from codemods.analysis.local_patches import local_patched
from codemods.analysis.closure_cells import cell_changed
from codemods.analysis.mutation import changed_in_other_scopes, containers
from codemods.analysis.namespace_items import namespace_changed
from codemods.analysis.normalised_args import read_normalised
from codemods.analysis.nodes import FunctionDef, positional_params
from codemods.analysis.unchanged_keys import changed_in_place
from codemods.analysis.user_decorators import transparent
from codemods.analysis.values import CONSTANT, UNKNOWN, ClassValue, Instance, JaxName, Value

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame

_BUILTIN_NAMES = frozenset(BUILTINS_STATIC | {"sum", "abs", "round", "map", "filter", "sorted", "reversed", "dict", "set", "frozenset", "type", "getattr",
                            "callable"})


class NameLookup:
    """The name half of the Interpreter (which supplies scope, eval, decorated and the caches)."""

    # -- names -------------------------------------------------------------------------------
    def lookup(self, name: str, frame: Frame) -> Value:
        if name in self.scope.volatile:
            return settled_read(self, name, frame)  # rebound through `global`: known only when settled_globals.py says
        current: Frame | None = frame
        while current is not None:
            if current.static_scopes is not None:
                return self._static_lookup(name, current)
            if name in current.vars:
                held = current.vars[name]
                if current is not frame and current.function is not None and containers(held) \
                        and not any(running is current for running in self.running) \
                        and cell_changed(self.scope, current.function, name, held):
                    return UNKNOWN  # a cell of a maker that returned, which a function it made may change (closure_cells.py)
                return held
            if name in current.local_names:
                return UNKNOWN  # bound later in this function, or in a branch not taken
            current = current.parent
        return UNKNOWN

    def applied_value(self, expr: ast.Name, decorator: ast.expr, frame: Frame) -> Value:
        """A def as one of its own decorators receives it: only those under it count."""
        value = self.lookup(expr.id, frame)
        while frame is not None and frame.static_scopes is None:
            frame = frame.parent
        if value is not UNKNOWN or frame is None:
            return value
        function, outer = self.scope.lookup_function(expr.id, frame.static_scopes)
        if function is None or not transparent(self.scope, function, outer, decorator):
            return UNKNOWN
        return self.decorated(function, self._static_frame(outer))

    def _static_lookup(self, name: str, frame: Frame) -> Value:
        """A name outside every analysed run: functions, constants and imports; other
        closed-over values are invariant (shard_map treats closed-over arrays as constants)."""
        if frame.opaque:
            return UNKNOWN
        if name in frame.vars:  # a parameter of a function a body was handed through
            return frame.vars[name]
        # The entry holds the frame it was read in: a frame of a run that ended must not hand its
        # id, and so its answer, to a later frame (an answer then changed with the heap's history).
        held = frame if frame.vars else None
        key = (tuple(id(scope) for scope in frame.static_scopes or ()), name, id(held) if held is not None else 0)
        if key not in self._static:
            self._static[key] = (held, UNKNOWN)  # a name defined in terms of itself stays unknown
            value = self._static_value(name, frame)
            owner = next((each for each in reversed(frame.static_scopes or ()) if self.scope.locals_of(each).binds(name)), None)
            if (containers(value) and changed_in_place(self.scope.tree, name) or namespace_changed(self.scope.tree, name, value)) \
                    and (owner is None or not changed_in_other_scopes(self.scope, name, owner)):
                # a dict or list some code changes in place (unless only decorators fill it)
                value = (local_patched(self, name, owner, frame.static_scopes or ()) if owner is not None else None) \
                    or self.registry_value(name, frame) or self.filled_list(name, frame) \
                    or filled_table(self, name, frame) or (patched_value(self, name, frame) if owner is None else None) \
                    or (parsed_table(self, name, frame) if owner is None else None) \
                    or UNKNOWN  # `new_group(...)` statements (filler_calls.py); `parse_config(CONFIG)` (parsed_tables.py)
            elif owner is None and not containers(value) and (filled := self.registry_value(name, frame)) is not None:
                value = filled  # `TABLE = {}` and `TABLE["ece"] = ECE` beside a decorator's filings (held.py)
            elif owner is None and not containers(value) and (filled := stored_table(self, name, frame)) is not None:
                value = filled  # `TABLE = {}` then `TABLE["acf"] = Autocorrelation(8)` (stored_tables.py)
            elif not containers(value) and (filled := self.filled_list(name, frame)) is not None:
                value = filled  # rebound by `axes += [name]`: not one binding
            elif (filled := registry_object(self, name, frame, value)) is not None:
                value = filled  # `REDUCERS.register("max", jax.lax.pmax)` (registry_objects.py)
            elif (filled := filled_object(self, name, frame, value)) is not None:
                value = filled  # `trainer.add_hook(fn)` after `trainer = Trainer(...)` (filled_fields.py)
            elif (stored := set_object(self, name, frame, value)) is not None:
                value = stored  # `config.cache_axes = ...` after `config = Config(...)` (set_fields.py)
            elif (stored := item_filled_object(self, name, frame, value)) is not None:
                value = stored  # `layout_map["dense/kernel"] = ...` after `layout_map = LayoutMap(mesh)` (item_fills.py)
            if value is not UNKNOWN and not isinstance(value, Instance) and layout_changed(self.scope.tree, name):
                value = UNKNOWN  # `A.shape = (2, 2)` after `A = np.arange(4)`: not the binding's array (layout_stores.py)
            elif layouts_unsure(self.scope):
                value = unsure_shapes(value)  # `B = A; B.shape = (2, 2)`: no host array's shape is certain
            self._static[key] = (held, value)
        return self._static[key][1]

    def _static_value(self, name: str, frame: Frame) -> Value:
        scopes = frame.static_scopes or ()
        for index in range(len(scopes) - 1, -1, -1):
            local = self.scope.locals_of(scopes[index])
            if local.binds(name):
                own = frame if frame.vars and index == len(scopes) - 1 else None
                return self._bound_value(name, local, scopes[: index + 1], own)
        if self.scope.globals.binds(name):
            return self._bound_value(name, self.scope.globals, ())
        return self._module_name(name)

    def _bound_value(self, name: str, bindings, scopes: tuple[FunctionDef, ...], own: Frame | None = None) -> Value:
        """`own`: the frame of the innermost scope when its parameters are bound (a chain)."""
        if not scopes and name in self.scope.classes:
            return ClassValue(self.scope.classes[name])
        if scopes and name in [param.arg for param in positional_params(scopes[-1].args)[:1]]:
            receiver = self._receiver_of(scopes[-1])
            if receiver is not None:
                return receiver
        function = bindings.unique_function(name)
        if function is not None:
            self._note_parent(function, scopes[-1] if scopes else None)
            if not transparent(self.scope, function, scopes):  # the name runs what a decorator returns
                return self.wrapped_by_decorator(function, self._static_frame(scopes))  # (wrapper_decorators.py)
            return self.decorated(function, self._static_frame(scopes))
        if scopes and (rebound := self.rebound_parameter(name, scopes)) is not None:
            return rebound  # `cfg = cfg or Config()` (param_rebinds.py)
        if not scopes and (filled := module_item_filled(self, name)) is not None:
            return filled  # `LAYOUTS[key] = axes` below `LAYOUTS = LayoutMap()` (item_fills.py)
        if not scopes and (patched := patched_value(self, name, None)) is not None:
            return patched  # `CONFIG = {...}` then `CONFIG["key"] = 1` below it (module_patches.py)
        bound = bindings.unique_value(name)
        if bound is None and not scopes:
            bound = last_binding(self.scope.tree, name) or self.built_config(name)  # (module_rebinds.py, attr_dicts.py)
        if bound is not None:
            frame = own or self._static_frame(scopes)
            return read_normalised(self, name, bound, self.eval(bound, frame), frame)  # `args.sync = ...` after parsing
        imported = bindings.unique_import(name)
        if imported is not None:
            return JaxName(imported)
        if name in bindings.imports:
            return UNKNOWN
        if scopes:
            passed = self._parameter_value(name, scopes[-1])
            if passed is not None:
                return passed
            if (hooked := hook_param_class(self.scope, scopes[-1], name)) is not None:
                return Instance(hooked)  # `trainer` of a hook every caller hands its `self` (hook_params.py)
        return replace(CONSTANT, why="a closed-over value")

    def _module_name(self, name: str) -> Value:
        bindings = self.scope.imports.bindings
        if name in self.scope.imports.nested_only:
            return UNKNOWN  # imported only inside some function: unbound here
        if name in bindings:
            bound = bindings[name]
            return JaxName(bound) if bound else replace(CONSTANT, why="a module-level value")
        if name in _BUILTIN_NAMES:
            return JaxName("builtins." + name)
        return replace(CONSTANT, why="a module-level value")
