"""The module's top level replayed in order on real objects, for host runs (issue 13).

A registry filled by module statements (`ConfigStore.instance().store(name="heat", node=HeatConf)`
appends to a class-level `_repo = {}`; `@weighting("grad_norm")` adds to a dict) holds, once the
module has run, what those statements put there; reading the class body alone gives the empty
dict it started as. So the module's statements before its `if __name__ == "__main__":` are run
once, in order, by a host run, and the names and class attributes they leave are what runs made
later (from inside a function the analysis reads) see.

The state is after the module's top level, so it is used only for a run that starts inside a
function (not at module level) none of whose running functions the top level itself ran. A
statement the replay cannot run leaves its names unknown when it changed nothing the replay
holds, else the replay is dropped. A container the top level changed must not be changed
afterwards: the functions that changed it may be referenced only by module-level statements, and
elsewhere its name may only be read (`in`, and a subscript or `.get`/`.items`/`.keys`/`.values`
whose items are only read: handed_items.py). A container the top level did not change is read
from the state only where no code changes it in place (mutation.py).
A run that changes an object of the state drops it for the rest of the analysis.
"""
from __future__ import annotations

import ast

from codemods.analysis.host_objects import Bail, snapshot
from codemods.analysis.mutation import mutated_names
from codemods.analysis.nodes import nodes_of_type
from codemods.analysis.handed_items import read_only


class ReplayState:
    def __init__(self) -> None:
        self.globals: dict[str, object] = {}
        self.poisoned: set[str] = set()
        self.class_ns: dict[int, dict[str, object]] = {}
        self.class_poisoned: dict[int, set[str]] = {}
        self.executed: set[int] = set()  # ids of the defs the top level ran
        self.changed: set[str] = set()  # names (and class attributes) the top level changed
        self.valid = True


_BUSY = object()


def module_state(interp) -> ReplayState | None:
    state = interp.__dict__.get("_host_replay")
    if state is _BUSY:
        return None
    if state is None:
        interp.__dict__["_host_replay"] = _BUSY
        state = _replay(interp)
        interp.__dict__["_host_replay"] = state if state is not None else False
    return state if state and state.valid else None


def drop(interp) -> None:
    state = interp.__dict__.get("_host_replay")
    if isinstance(state, ReplayState):
        state.valid = False


def _main_guard(node: ast.stmt) -> bool:
    return type(node) is ast.If and type(node.test) is ast.Compare and "__main__" in ast.dump(node.test)


def _state_snapshot(state: ReplayState) -> dict:
    shot = {}
    for name, obj in state.globals.items():
        shot[("g", name)] = snapshot(obj)
    for key, space in state.class_ns.items():
        for name, obj in space.items():
            shot[("c", key, name)] = snapshot(obj)
    return shot


def _replay(interp) -> ReplayState | None:
    from codemods.analysis.host_runs import HostRun  # (the run module imports this one)

    tree = interp.scope.tree
    if nodes_of_type(tree, ast.Global) or nodes_of_type(tree, ast.Nonlocal):  # (the module's index)
        return None
    state = ReplayState()
    run = HostRun(interp)
    run.replaying = state
    changed_names: set[str] = set()
    mutators: set[int] = set()
    try:
        for statement in tree.body:
            if _main_guard(statement):
                break
            before = _state_snapshot(state)
            ran_before = set(state.executed)
            bound = _bound(statement)
            try:
                _run_top(run, statement, state)
            except BaseException:  # noqa: BLE001 - a statement not modelled (Bail and all its kin)
                if _state_snapshot(state) != {k: v for k, v in before.items()}:
                    return None
                for name in bound:
                    state.globals.pop(name, None)
                    state.poisoned.add(name)
                continue
            after = _state_snapshot(state)
            for key, shot in before.items():
                if after.get(key) != shot:
                    changed_names.add(key[-1])
                    mutators |= state.executed - ran_before
    except Bail:
        return None
    except Exception:  # noqa: BLE001 - a case the replay misreads: no state
        return None
    if not _settled(tree, changed_names, mutators):
        return None
    state.changed = changed_names
    return state


def later_changed(interp, state: ReplayState, key: str) -> bool:
    """Code after the top level may change in place what `key` (a name, or ".attr") holds: the
    top level did not change it (else `_settled` saw to it), so the module's change analysis
    (mutation.py) is what tells."""
    return key.lstrip(".") not in state.changed and key in mutated_names(interp.scope.tree)


def _run_top(run, statement: ast.stmt, state: ReplayState) -> None:
    kind = type(statement)
    if kind in (ast.Import, ast.ImportFrom):
        return
    if kind is ast.FunctionDef:
        from codemods.analysis.host_objects import FuncRef
        state.globals[statement.name] = run.decorate(statement, FuncRef(statement), run.module_env)
        return
    if kind is ast.ClassDef:
        from codemods.analysis.host_objects import ClassRef
        space: dict[str, object] = {}
        state.class_ns[id(statement)] = space
        poisoned = state.class_poisoned.setdefault(id(statement), set())
        for member in statement.body:
            if type(member) is ast.Assign and len(member.targets) == 1 and type(member.targets[0]) is ast.Name:
                try:
                    space[member.targets[0].id] = run.eval(member.value, run.module_env)
                except BaseException:  # noqa: BLE001 - left unknown
                    poisoned.add(member.targets[0].id)
            elif type(member) in (ast.Assign, ast.AugAssign) or type(member) is ast.AnnAssign and member.value is not None:
                poisoned.update(n.id for n in ast.walk(member) if type(n) is ast.Name and type(n.ctx) is ast.Store)
        state.globals[statement.name] = run.decorate(statement, ClassRef(statement), run.module_env)
        return
    run.statement(statement, run.module_env)
    for name, value in run.module_env.vars.items():
        state.globals[name] = value
        state.poisoned.discard(name)
    run.module_env.vars.clear()


def _bound(statement: ast.stmt) -> set[str]:
    if type(statement) in (ast.FunctionDef, ast.ClassDef):
        return {statement.name}
    return {n.id for n in ast.walk(statement) if type(n) is ast.Name and type(n.ctx) is ast.Store}


def _settled(tree: ast.Module, changed: set[str], mutators: set[int]) -> bool:
    """Nothing after the top level changes what it changed (see the module's doc)."""
    methods = {id(member) for cls in nodes_of_type(tree, ast.ClassDef) for member in cls.body}
    mutator_names = {(node.name, id(node) in methods) for kind in (ast.FunctionDef, ast.AsyncFunctionDef)
                     for node in nodes_of_type(tree, kind) if id(node) in mutators}
    inside: list[tuple[ast.AST, bool]] = []
    for statement in tree.body:
        if type(statement) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
            inside += [(decorator, True) for decorator in statement.decorator_list]  # (run by the top level)
            if id(statement) not in mutators:  # (a mutator's own body changes what it changed)
                inside += [(part, False) for part in ast.iter_child_nodes(statement) if part not in statement.decorator_list]
        else:
            inside.append((statement, not _main_guard(statement)))
    for statement, top in inside:
        skip = set()
        for node in ast.walk(statement):
            if type(node) in (ast.FunctionDef, ast.AsyncFunctionDef) and id(node) in mutators:
                skip |= {id(n) for n in ast.walk(node)}
        parents = {id(child): node for node in ast.walk(statement) for child in ast.iter_child_nodes(node)}
        for node in ast.walk(statement):
            name = node.id if type(node) is ast.Name else node.attr if type(node) is ast.Attribute else None
            if name is None or id(node) in skip:
                continue
            if (name, type(node) is ast.Attribute) in mutator_names and not (top and type(statement) is not ast.If):
                return False
            if name in changed and not top and not read_only(tree, node, parents):
                return False
    return True


def keep_exact(interp, value, result: object) -> None:
    """Keep a run's dict or list beside the value made of it: a later run gets its lists back
    as lists, not as a Seq (host_objects.to_python)."""
    if type(result) in (dict, list) and value is not None:
        interp.__dict__.setdefault("_host_records", {})[id(value)] = (value, copy_tree(result))


def copy_tree(tree: object) -> object:
    if type(tree) is dict:
        return {key: copy_tree(item) for key, item in tree.items()}
    if type(tree) is list:
        return [copy_tree(item) for item in tree]
    return tree


def safe_unchanged(run) -> bool:
    try:
        return run.unchanged()
    except BaseException:  # noqa: BLE001 - cannot tell: changed
        return False


def replay_for(interp, frame):
    """The top level's state (host_replay.py) for a run started in `frame`: only inside a
    function none of whose running functions the top level ran."""
    inside = [frame.function] if frame is not None and frame.function is not None else \
        list(frame.static_scopes or ()) if frame is not None else []
    if not inside or frame is interp.module_frame:
        return None
    state = module_state(interp)
    if state is None:
        return None
    if any(id(f) in state.executed for f in inside) or any(id(f.function) in state.executed for f in interp.running if f.function is not None):
        return None
    return state
