"""The abstract interpreter: runs each shard_map body on per-axis states, statement by statement.

Two promises shape the code:
- **Unknown never produces a verdict.** A state is known only when every step that made it is
  one the transfer rules list; loops, unknown calls, attributes, parameters without a literal spec
  give "unknown". A verdict counts only when every analysed run of its function agrees and
  every reference to that function was analysed.
- **One verdict per value per round.** After a verdict with a cast the analysis continues as if
  the cast had been written (the engine re-parses after fixing), so a later use of the same name
  is not judged on the same value twice, and two fixes never cast one value twice.

The interpreter judges nothing itself: at each collective (and each operation a reduced value
meets) it builds a Site and asks the judge it was given (rules/_diagnosis.py).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import field, replace
from codemods.dataclass_code import dataclass

import ast

from codemods.analysis.callers import Callers
from codemods.analysis.caller_meshes import caller_mesh
from codemods.analysis.evaluated_meshes import evaluated_mesh
from codemods.analysis.attr_dicts import AttrDicts
from codemods.analysis.backward_stops import body_trace
from codemods.analysis.cli_args import CommandLines
from codemods.analysis.config_files import ConfigFiles
from codemods.analysis.class_refs import class_level_references
from codemods.analysis.dead_functions import dead_references
from codemods.analysis.classes import Classes
from codemods.analysis.method_refs import foreign_references
from codemods.analysis.method_fields import run_statement, store_later
from codemods.analysis.method_aliases import aliases_of
from codemods.analysis.contexts import analyse_each, context_verdicts
from codemods.analysis.repeated_calls import repeated_verdicts
from codemods.analysis.round_order import reached_verdicts
from codemods.analysis.matching import Matching
from codemods.analysis.replaced import Replacements
from codemods.analysis.control import ControlFlow, Dead
from codemods.analysis.handled import inside_handled_try
from codemods.analysis.evaluated_specs import rejected_spec
from codemods.analysis.mutation import Mutations
from codemods.analysis.param_defaults import parameter_default
from codemods.analysis.helper_specs import helper_spec
from codemods.analysis.caller_specs import caller_spec
from codemods.analysis.pytrees import Pytrees
from codemods.analysis.pytree_modules import PytreeModules
from codemods.analysis.caller_contexts import CallerContexts, caller_verdicts
from codemods.analysis.loop_params import LoopParams, loop_verdicts
from codemods.analysis.const_text import ConstText
from codemods.analysis.callable_tests import CallableTests
from codemods.analysis.fluent_setters import FluentSetters
from codemods.analysis.normalised_args import normalised
from codemods.analysis.host_handles import HandleCalls
from codemods.analysis.launched_params import LaunchedParams
from codemods.analysis.host_calls import HostRuns
from codemods.analysis.partial_refs import PartialRefs
from codemods.analysis.pyvalues import PythonValues, extra_arguments, python_value, unpack_starred
from codemods.analysis.instances import Instances
from codemods.analysis.object_methods import call_classes, mark_neutral_bases
from codemods.analysis.object_reads import ObjectReads
from codemods.analysis.filing_hooks import mark_filing_hooks
from codemods.analysis.kwargs_setters import mark_kwargs_setters
from codemods.analysis.param_rebinds import ParamRebinds
from codemods.analysis.built_bodies import method_of_built
from codemods.analysis.evaluated_bodies import function_of_evaluated
from codemods.analysis.chained_bodies import chained_body
from codemods.analysis import known_texts, transfer
from codemods.analysis.looped_bodies import looped_bodies
from codemods.analysis.wrapper_decorators import WrapperDecorators
from codemods.analysis.decorated_wrappers import DecoratedWrappers
from codemods.analysis.held import Held
from codemods.analysis.tuple_classes import FieldedSpecs, TupleClasses
from codemods.analysis.enum_values import EnumValues
from codemods.analysis.item_methods import ItemMethods
from codemods.analysis.filed_arguments import FiledArguments
from codemods.analysis.filled_lists import FilledLists
from codemods.analysis.returned import Returned
from codemods.analysis.expressions import Expressions
from codemods.analysis.operator_exprs import BINARY_OPERATORS
from codemods.analysis.name_lookup import NameLookup
from codemods.analysis.higher_order import HigherOrder
from codemods.analysis.folds import Folds
from codemods.analysis.nodes import (
    FunctionDef,
    FunctionNode,
    NOT_LITERAL,
    import_names,
    literal_value,
    param_default,
    positional_params,
    string_value,
    target_names,
)
from codemods.analysis.scopes import ModuleScope, imported_names
from codemods.analysis.meshspec import MeshInfo, Spec, SpecTree, parse_mesh
from codemods.analysis.evaluated_specs import in_spec_tree
from codemods.analysis.record_specs import RecordSpec
from codemods.analysis.pytree_classes import pytree_node_class, unflattened
from codemods.analysis.untraced_jits import untraced_verdicts
from codemods.analysis.shardmap import ShardMapUse, find_shard_maps
from codemods.analysis.chain_arguments import passed_through
from codemods.analysis.shape_flow import ShapeFlow
from codemods.analysis.sequences import items_of
from codemods.analysis.symbols import Symbols
from codemods.analysis.symbol_values import demoted
from codemods.analysis.input_shapes import InputShapes
from codemods.analysis.sites import Analysis, BodyRun, Judge, Site, Verdict
from codemods.analysis.syntax import DEFS, SIMPLE, assigned_names, references, small_targets
from codemods.analysis.values import (
    ClassValue,
    record_tuple,
    AxisState,
    State,
    STATIC,
    UNKNOWN,
    Const,
    DictValue,
    Function,
    JaxName,
    Static,
    TupleValue,
    Value,
    join,
    spec_state,
)

R, U = State.REDUCED, State.UNREDUCED

MAX_CALL_DEPTH = 6  # helpers analysed at the call site, this many calls deep
MAX_RUNS_PER_BODY = 200  # function runs per shard_map body (keeps the analysis linear)


@dataclass(eq=False)
class Frame:
    """Names of one function run (or of the statically known scope around a body)."""

    function: FunctionNode | None
    parent: Frame | None
    vars: dict[str, Value] = field(default_factory=dict)
    # Static frames resolve names from the module/function text instead of a run.
    static_scopes: tuple[FunctionDef, ...] | None = None
    opaque: bool = False  # names from here are unknown (e.g. an enclosing shard_map body)
    loops: int = 0
    returns: list[tuple[ast.Return | None, Value]] = field(default_factory=list)
    local_names: frozenset[str] = frozenset()  # names the function binds (params and locals)
    statement: ast.stmt | None = None
    statement_target: frozenset[str] = frozenset()  # names the current statement assigns
    rest_unsure: bool = False  # set by an `if` that inspects a type and may leave the block


class Interpreter(HandleCalls, LaunchedParams, HostRuns, FluentSetters, CallableTests, PartialRefs, EnumValues, ItemMethods, TupleClasses, FiledArguments, Symbols, CommandLines, ConfigFiles, AttrDicts, CallerContexts, LoopParams, NameLookup, ShapeFlow, InputShapes, PythonValues, ConstText, ControlFlow, Expressions, HigherOrder, Classes, Instances, Callers,
                  Pytrees, Mutations, Held, Returned, PytreeModules, Folds, Matching, Replacements, FilledLists, ObjectReads,
                  ParamRebinds, WrapperDecorators, DecoratedWrappers):
    def __init__(self, scope: ModuleScope, judge: Judge) -> None:
        self.scope = scope
        self.judge = judge
        mark_neutral_bases(scope)  # (each reader of a module builds its Interpreter: the same marks for every rule)
        mark_filing_hooks(scope)
        self.module_frame = Frame(None, None, static_scopes=())
        self.verdicts: dict[int, list[Verdict | None]] = {}
        self.site_nodes: dict[int, Site] = {}
        self.function_runs: dict[int, int] = {}
        self.analysed_refs: dict[int, set[int]] = {}  # function id -> ids of Name refs analysed
        self.looped_rounds: set[int] = set()  # ids of the uses a loop applies one after another (looped_bodies.py)
        self.array_reads: dict[int, bool] = {}  # attribute read id -> every receiver it was read on was an array
        self.body_functions: set[int] = set()  # every shard_map body of the module
        self.decorated_bodies: set[int] = set()
        self._references: dict[int, dict[str, set[int]]] = {}
        self.parents: dict[int, FunctionNode | None] = {}  # def -> the function defining it
        self._assigned: dict[int, frozenset[str]] = {}
        self._static: dict[tuple, tuple[object, Value]] = {}
        self._class_tables: dict = {}
        self._stores: dict[str, list[ast.Attribute]] | None = None
        self.stored_self = None  # (object before, object after) of the last later field set (method_fields.py)
        self._changers: frozenset[str] | None = None
        self._calls: dict[str, list[tuple[ast.Call, tuple]]] | None = None  # direct calls by callee name
        self.silent = 0  # inside a loop's search for its fixpoint: nothing is judged or counted
        self.vmapped = 0  # inside a function jax.vmap runs (higher_order.py)
        self.round_values: dict[int, Value] = {}  # collective inputs seen while silent, by call
        self.slots: list[tuple[Site, int]] = []  # each judged site and its place among its call's verdicts
        self.depth = 0
        self.call_depth = 0
        self.runs_left = MAX_RUNS_PER_BODY
        self.mesh: MeshInfo | None = None
        self._entry_mesh: MeshInfo | None = None
        self.run: BodyRun | None = None
        self.sites: list[Site] = []
        self.running: list[Frame] = []  # frames of the functions being run, innermost last
        scope.evaluate = self._constant_of
        scope.unpacked = self._unpacked_of
        scope.helper_spec = lambda call, scopes: helper_spec(self, call, scopes)
        scope.param_spec = lambda name, scopes, depth: caller_spec(self, name, scopes, depth)
        self.init_symbols()

    def _constant_of(self, expr: ast.expr, scopes: tuple[FunctionDef, ...]) -> object:
        """The Python literal an expression around a body stands for (NOT_LITERAL: unknown)."""
        return python_value(self.eval(expr, self._static_frame(scopes)))

    def _unpacked_of(self, expr: ast.expr, scopes: tuple[FunctionDef, ...]) -> object:
        """The Python literals `*expr` unpacks into around a body (a dict's keys), else NOT_LITERAL."""
        items = items_of(self.eval(expr, self._static_frame(scopes)))
        values = tuple(python_value(item) for item in items) if items is not None else None
        return NOT_LITERAL if values is None or NOT_LITERAL in values else values

    # -- entry -------------------------------------------------------------------------------
    def analyse(self, use: ShardMapUse) -> BodyRun:
        mesh_node, mesh_scopes = passed_through(use, use.mesh)
        mesh = parse_mesh(self.scope, mesh_node, mesh_scopes) if mesh_node is not None else None
        mesh = mesh or caller_mesh(self, mesh_node, mesh_scopes)  # a builder's parameter (caller_meshes.py)
        mesh = mesh or evaluated_mesh(self, mesh_node, mesh_scopes)  # `create_mesh(...)`, `self.mesh` (evaluated_meshes.py)
        mesh = mesh or self._entry_mesh  # one case of a mesh known only by its specs (entry_meshes.py)
        run = BodyRun(use, mesh)
        if use.body is None or use.check is not True or any(arg.star for arg in use.bound_args):
            return run  # check_vma=False: no types to check; a non-literal setting: not certain
        if inside_handled_try(self.scope.tree, use.node) or rejected_spec(self, use):
            return run  # `try: jax.shard_map(...)(x)` / `except ValueError:`: a failure is caught; a spec JAX refuses
        manual = self._manual_axes(use)
        if manual is False:
            return run
        self.run_exact_args = False
        params = self._param_states(use, manual)
        if params is None:
            return run
        self.mesh, self.run = mesh, run
        params = self.with_module_arguments(use, self.with_input_shapes(use, params))
        self.runs_left = MAX_RUNS_PER_BODY
        self._note_parent(use.body, use.body_scopes[-1] if use.body_scopes else None)
        if use.chain:
            applied = chained_body(self, use)  # (chained_bodies.py)
            if applied is None:
                self.run = None
                return run
            bound, keywords, closure = applied
        else:
            call_frame = self._static_frame(use.call_scopes)
            bound = [self.eval(arg.value, call_frame) for arg in use.bound_args if arg.keyword is None]
            keywords = {arg.keyword: self.eval(arg.value, call_frame) for arg in use.bound_args if arg.keyword is not None}
            if use.bound_values is not None:
                bound, keywords = list(use.bound_values[0]), dict(use.bound_values[1])
            closure = use.closure if use.closure is not None else self._static_frame(use.body_scopes)
        if use.body_ref is not None:
            self.analysed_refs.setdefault(id(use.body), set()).add(id(use.body_ref))
        elif use.bound_args and isinstance(use.bound_args[0].value, ast.Call):
            self.analysed_refs.setdefault(id(use.body), set()).add(id(use.bound_args[0].value))  # `Block()`
        with body_trace(self):  # (a backward pass that may raise silences the rest: backward_stops.py)
            returned = self.run_function(use.body, bound + params, keywords, closure, is_body=True)
        self.note_passed(use.body if returned is not None and not use.chain else None,
                         [(None, arg.value) for arg in use.bound_args if arg.keyword is None],
                         {arg.keyword: (None, arg.value) for arg in use.bound_args if arg.keyword is not None})
        run.analysed = returned is not None
        self.run = None
        return run

    def _manual_axes(self, use: ShardMapUse):
        if use.axis_names is None:
            return None
        value = literal_value(use.axis_names)
        if isinstance(use.axis_names, ast.Set):
            names = [string_value(element) for element in use.axis_names.elts]
            if all(isinstance(name, str) for name in names):
                return frozenset(names)
        if isinstance(value, tuple) and all(isinstance(name, str) for name in value):
            return frozenset(value)
        return False

    def _param_states(self, use: ShardMapUse, manual) -> list[Value] | None:
        """States of the body's positional parameters (after partial-bound ones), from in_specs.

        Without a literal spec the parameters are unknown, but the body is still followed: a
        psum result is invariant on its axes whatever went in.
        """
        params = use.body.args
        positional = positional_params(params)
        bound_positional = [arg for arg in use.bound_args if arg.keyword is None]
        bound_keywords = {arg.keyword for arg in use.bound_args if arg.keyword is not None}
        if use.bound_values is not None:
            bound_positional, bound_keywords = list(use.bound_values[0]), {name for name, _ in use.bound_values[1]}
        free = [param for param in positional[len(bound_positional):] if param.arg not in bound_keywords]
        in_specs, scopes = passed_through(use, use.in_specs)
        tree = in_spec_tree(self, in_specs, scopes) if in_specs is not None else None
        if isinstance(tree, tuple):  # one spec per argument: the body's `*args` are these too
            self.run_exact_args = True
            return [self._tree_value(item, manual) for item in tree]
        # One spec applies to every argument; a parameter with a default may not be passed at all.
        required = [param for param in free if param_default(params, param) is None]
        state = spec_state(tree, manual) if isinstance(tree, Spec) else UNKNOWN
        given = self.applied_count(use) if params.vararg is not None and isinstance(tree, Spec) else None
        if given is not None and given >= len(required):  # `def apply(*args)` applied as `f(keys)`
            self.run_exact_args = True
            return [state for _ in range(given)]
        return [state for _ in required]

    def _tree_value(self, tree: SpecTree, manual) -> Value:
        if isinstance(tree, Spec):
            return spec_state(tree, manual)
        if isinstance(tree, FieldedSpecs):  # `GraphsTuple(feat, feat, ...)`: read by field names too
            return self.named_tuple(tuple(self._tree_value(item, manual) for item in tree), tree.fields)
        if isinstance(tree, tuple):
            return TupleValue(tuple(self._tree_value(item, manual) for item in tree))
        if isinstance(tree, dict):
            return DictValue(tuple(tree), tuple(self._tree_value(item, manual) for item in tree.values()))
        if isinstance(tree, RecordSpec):
            made = self.construct(ClassValue(tree.cls), [(self._tree_value(item, manual), None) for item in tree.args],
                                  {name: (self._tree_value(item, manual), None) for name, item in tree.keywords}, None)
            return unflattened(self, made) if pytree_node_class(self.scope, tree.cls) else made
        return UNKNOWN

    def eval_silently(self, expr: ast.expr, frame: Frame) -> Value:
        """`expr` read again for its value only (the receiver of an attribute already evaluated):
        nothing it runs is judged a second time."""
        self.silent += 1
        try:
            return self.eval(expr, frame)
        finally:
            self.silent -= 1

    def _static_frame(self, scopes: tuple[FunctionDef, ...]) -> Frame:
        """Names around a body: resolved from the text. Inside another shard_map body (a nested
        shard_map) they are values of that body: unknown."""
        if not scopes:
            return self.module_frame
        opaque = any(id(function) in self.body_functions for function in scopes)
        return Frame(None, self.module_frame, static_scopes=scopes, opaque=opaque)

    # -- functions ---------------------------------------------------------------------------
    def run_function(self, node: FunctionNode, args: list[Value], keywords: dict[str, Value], closure: Frame,
                     is_body: bool = False) -> Value | None:
        """Run a function with argument values; None when it could not be analysed."""
        if self.runs_left <= 0 or self.call_depth > MAX_CALL_DEPTH:
            return None
        self.runs_left -= 1
        frame = Frame(node, closure)
        if not self._bind_params(node.args, args, keywords, frame):
            return None
        if not self.silent:
            self.function_runs[id(node)] = self.function_runs.get(id(node), 0) + 1
        self.call_depth += 1
        self.running.append(frame)
        try:
            if isinstance(node, ast.Lambda):
                frame.local_names = frozenset(frame.vars)
                value = self.eval(node.body, frame)
                frame.returns.append((None, value))
            else:
                frame.local_names = frozenset(frame.vars) | self._locals_of(node)
                try:
                    self.exec_block(node.body, frame)
                except Dead:
                    pass
        finally:
            self.call_depth -= 1
            self.hand_back(self.running.pop())  # fields it stored (run_fields.py)
        if is_body and self.run is not None:
            self.run.returns.extend(frame.returns)
        if not frame.returns:
            return Const(None)
        result = frame.returns[0][1]
        for _, value in frame.returns[1:]:
            result = join(result, value)
        return result

    def _locals_of(self, node: FunctionDef) -> frozenset[str]:
        key = id(node)
        if key not in self._assigned:
            self._assigned[key] = frozenset(assigned_names(node.body))
        return self._assigned[key]

    def _bind_params(self, params: ast.arguments, args: list[Value], keywords: dict[str, Value], frame: Frame) -> bool:
        positional = positional_params(params)
        if len(args) > len(positional) and params.vararg is None:
            return False
        for index, param in enumerate(positional + list(params.kwonlyargs)):
            name = param.arg
            if index < len(args) and index < len(positional):
                frame.vars[name] = args[index]
            elif name in keywords:
                frame.vars[name] = keywords[name]
            elif (default := param_default(params, param)) is not None:
                frame.vars[name] = parameter_default(self, default, frame.parent, name)
            else:
                return False
        # a body's *args: not counted here unless in_specs gives one spec per argument
        body = self.run is not None and frame.function is self.run.use.body and not self.run_exact_args
        extra_arguments(params, args, keywords, frame.vars, exact=not body)
        return True

    # -- statements --------------------------------------------------------------------------
    def exec_block(self, block: list[ast.stmt], frame: Frame, header_line: int = 0) -> None:
        """Run a block; `header_line` is the line its compound statement's header ends on (a
        statement sharing it, or a line with another statement, gets no new line above it)."""
        previous_end = header_line
        unsure = 0
        try:
            for index, stmt in enumerate(block):
                following = block[index + 1].lineno if index + 1 < len(block) else None
                alone = stmt.lineno > previous_end and (following is None or following > stmt.end_lineno)
                previous_end = stmt.end_lineno
                self.exec_stmt(stmt, frame, alone)
                if frame.rest_unsure:  # `if axis in jax.typeof(v).vma: return v`: the rest runs for some states only
                    frame.rest_unsure = False
                    unsure += 1
                    self.silent += 1
        finally:
            self.silent -= unsure

    def exec_stmt(self, stmt: ast.stmt, frame: Frame, alone: bool = True) -> None:
        if isinstance(stmt, SIMPLE):
            frame.statement = stmt if alone else None
            frame.statement_target = small_targets(stmt)
            self.exec_small(stmt, frame)
            frame.statement = None
            frame.statement_target = frozenset()
            return
        handler = getattr(self, "exec_" + type(stmt).__name__, None)
        if handler is not None:
            handler(stmt, frame)
        else:  # match, class: whatever they bind is unknown
            self._forget(assigned_names([stmt]), frame)
            if isinstance(stmt, ast.ClassDef):
                frame.vars[stmt.name] = UNKNOWN

    def exec_small(self, small: ast.stmt, frame: Frame) -> None:
        if isinstance(small, ast.Assign):
            value = self.eval(small.value, frame)
            for target in small.targets:
                self.assign(target, value, frame)
        elif isinstance(small, ast.AnnAssign):
            if small.value is not None:
                self.assign(small.target, self.eval(small.value, frame), frame)
        elif isinstance(small, ast.AugAssign):
            left = self.eval(small.target, frame)
            right = self.eval(small.value, frame)
            op = BINARY_OPERATORS.get(type(small.op), "?")
            self.assign(small.target, self.binary(op, left, right), frame)
        elif isinstance(small, ast.Expr):
            run_statement(self, small, frame)  # `est.fit(x)` (method_fields.py)
        elif isinstance(small, ast.Return):
            value = self.eval(small.value, frame) if small.value is not None else Const(None)
            frame.returns.append((small, value))
            raise Dead
        elif isinstance(small, ast.Raise):
            raise Dead
        elif isinstance(small, ast.Assert):
            self.eval(small.test, frame)
        elif isinstance(small, (ast.Global, ast.Nonlocal)):
            for name in small.names:
                frame.vars[name] = UNKNOWN
        elif isinstance(small, ast.Delete):
            for target in small.targets:
                if isinstance(target, ast.Subscript):
                    self.store_item(target, UNKNOWN, frame)
                self._forget(target_names(target), frame)
        elif isinstance(small, (ast.Import, ast.ImportFrom)):
            for name in import_names(small):
                frame.vars[name] = UNKNOWN  # relative imports: not JAX's
            for name, target in imported_names(small):
                frame.vars[name] = JaxName(target)
        # pass, break, continue: nothing to follow

    def exec_FunctionDef(self, stmt: FunctionDef, frame: Frame) -> None:
        self._note_parent(stmt, frame.function)
        frame.vars[stmt.name] = Function(stmt, frame) if self.plain_decorators(stmt, frame) else UNKNOWN

    exec_AsyncFunctionDef = exec_FunctionDef

    def _forget(self, names: Iterable[str], frame: Frame) -> None:
        for name in names:
            frame.vars[name] = UNKNOWN

    def assign(self, target: ast.expr, value: Value, frame: Frame) -> None:
        if isinstance(target, ast.Name):
            frame.vars[target.id] = value
        elif isinstance(target, (ast.Tuple, ast.List)):
            elements = target.elts
            starred = any(type(element) is ast.Starred for element in elements)
            items = unpack_starred(value, elements) if starred else self._unpack(value, len(elements))
            if items is None:
                self._forget(target_names(target), frame)
                return
            for element, item in zip(elements, items):
                self.assign(element.value if type(element) is ast.Starred else element, item, frame)
        elif isinstance(target, ast.Subscript):
            self.store_item(target, value, frame)
        elif isinstance(target, ast.Attribute) and not normalised(self, target, value, frame):
            store_later(self, target, value, frame)  # fields are read only where nothing else sets them (classes.py)

    def _unpack(self, value: Value, count: int) -> list[Value]:
        items = self.unpacked_symbol(value, count)
        if items is not None:
            return items
        value = record_tuple(demoted(value) if not isinstance(value, TupleValue) else value)  # an item of a symbol is not it
        if isinstance(value, TupleValue) and len(value.items) == count:
            return list(value.items)
        if isinstance(value, Const) and isinstance(value.value, tuple) and len(value.value) == count:
            return [Const(item) for item in value.value]
        if isinstance(value, Static):
            return [STATIC] * count  # `rows, cols = x.shape`
        if isinstance(value, AxisState) and not value.has(U) and not value.mixed and (not value.has(R) or transfer.keeps_through(
                transfer.operator_rule("x[...]", self.judge.target), [value], [value])):
            # Rows of an array (iterating indexes it: a reduced one stays so where `x[0]` does,
            # run on 0.10.2), or arrays of a result the table saw in one state: same state each.
            return [replace(value, shape=None)] * count  # rows: one dimension fewer
        return [UNKNOWN] * count

    # -- results -----------------------------------------------------------------------------
    def agreed_verdicts(self) -> list[Verdict]:
        """Verdicts every analysed run agrees on, in functions whose every use was analysed."""
        found = []
        for key, verdicts in self.verdicts.items():
            first = verdicts[0]
            if first is None or any(v is None or v.key() != first.key() for v in verdicts):
                continue
            function = self.site_nodes[key].function
            if len(verdicts) != self.function_runs.get(id(function), 0):
                continue  # some run of the function could not judge this site
            if self._closed(function):
                found.append(first)
        return found

    def _closed(self, function: FunctionNode) -> bool:
        """Every reference to the function was analysed (a lambda has only the one it runs by;
        a body decorated by shard_map is only ever run by shard_map). A nested function is
        referenced only inside the function defining it; a module-level one anywhere in the
        file."""
        if isinstance(function, ast.Lambda) or id(function) in self.decorated_bodies:
            return True
        name = function.name
        analysed = self.analysed_refs.get(id(function), set())
        if (callers := call_classes(self.scope, function)) or name == "__call__" and self.scope.class_of(function):
            return self.objects_analysed(callers, function, analysed)  # (object_methods.py)
        parent = self.parents.get(id(function))
        if parent is None:
            cls = self.scope.class_of(function)
            if cls is not None:  # `self.step`, `Model.step`; a bare name reaches it only in the class body
                total = self.scope.attribute_references(name) + class_level_references(cls, name)
                analysed = analysed | foreign_references(self.scope, cls, name) | self.resolved_elsewhere(function)  # `other.fprop`
                analysed = analysed | self.own_array_reads(function)  # `x.sum(axis=1)` in `def sum(self, x)`
                for alias in aliases_of(cls, name):  # `__call__ = forward`: its uses are the method's
                    if alias == "__call__" and not self._instances_analysed(cls, analysed):
                        return False
                    total += (self.scope.attribute_references(alias) if alias != "__call__" else 0) - 1
            else:
                total = self.scope.module_references(name) + self.held_references(function)
                analysed = analysed | dead_references(self, function)  # (dead_functions.py)
            return len(analysed) >= total
        refs = self._references_in(parent).get(name, set())
        return refs <= analysed or self.fields_analysed(parent, refs - analysed, analysed) \
            or self.returned_analysed(parent, refs - analysed, analysed) \
            or self.record_analysed(parent, refs - analysed, analysed) \
            or self.decorated_analysed(parent, refs - analysed, analysed)  # (decorated_wrappers.py)

    def _references_in(self, node: ast.AST) -> dict[str, set[int]]:
        found = self._references.get(id(node))
        return found if found is not None else self._references.setdefault(id(node), references(node))

    def _note_parent(self, function: FunctionNode, parent: FunctionNode | None) -> None:
        if isinstance(function, DEFS):
            self.parents.setdefault(id(function), parent)


def analyse_module(tree: ast.Module, imports, judge: Judge, source: str | None = None) -> Analysis:
    """Find every shard_map body of the module, follow its values, and return what `judge` said
    at the sites every run agrees on. `source` (the text of `tree`) lets the search skip
    statements that cannot name shard_map (done again where a text call's runs failed an answer: known_texts.py)."""
    analysis = _analyse_module(tree, imports, judge, source)
    return analysis if known_texts.kept(tree) else known_texts.forget(tree) or _analyse_module(tree, imports, judge, source)


def _analyse_module(tree: ast.Module, imports, judge: Judge, source: str | None) -> Analysis:
    scope = ModuleScope(tree, imports, source)
    mark_neutral_bases(scope)
    mark_filing_hooks(scope)  # (filing_hooks.py)
    mark_kwargs_setters(scope)  # `self.register_modules(vae=vae)` in __init__ (kwargs_setters.py)
    try:
        uses = find_shard_maps(scope)
        interpreter = Interpreter(scope, judge)
        uses = [method_of_built(interpreter, use) if use.body is None else use for use in uses]  # (built_bodies.py)
        interpreter.uses = uses
        interpreter.body_functions = {id(use.body) for use in uses if use.body is not None}
        uses = interpreter.uses = [function_of_evaluated(interpreter, use) if use.body is None else use for use in uses]
        uses = interpreter.uses = [each for use in uses for each in looped_bodies(interpreter, use)]  # (looped_bodies.py)
        interpreter.body_functions |= {id(use.body) for use in uses if use.body is not None}
        interpreter.decorated_bodies = {id(use.body) for use in uses if use.decorated and use.body is not None}
        runs, contexts = analyse_each(interpreter, uses)
        verdicts = interpreter.agreed_verdicts()
        verdicts += context_verdicts(interpreter, contexts, verdicts)
        verdicts += repeated_verdicts(interpreter, contexts, verdicts)
        verdicts += loop_verdicts(interpreter, contexts, verdicts)
        verdicts += caller_verdicts(interpreter, contexts, verdicts)
        verdicts = reached_verdicts(interpreter, runs, contexts, verdicts)  # (round_order.py)
        verdicts = interpreter.without_vetoed(verdicts)  # symbols not proved apart (symbols.py)
        verdicts = untraced_verdicts(interpreter, verdicts)  # jitted defs JAX never traces (untraced_jits.py)
    except RecursionError:  # absurdly deep code: say nothing rather than guess
        return Analysis()
    return Analysis(verdicts, runs, interpreter.sites, scope)
