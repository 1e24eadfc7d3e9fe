"""`contextlib.suppress`, `nullcontext(value)` and `ExitStack` in a script run (script_run.py;
issue 13).

A script picks its layout in `with suppress(KeyError): axes = overrides["axes"]`, hands a
default through `with nullcontext(axes) as chosen:`, or enters its mesh and its own managers on
an `ExitStack` it closes at the end. What CPython 3.11's contextlib documents:
- `nullcontext(x)`: `__enter__` gives x, `__exit__` does nothing;
- `suppress(*kinds)`: an exception that is an instance of one of the kinds ends the block and is
  swallowed (the statement after the `with` runs next); any other goes on. JAX's error at a stop
  is a ValueError or another direct subclass of Exception (caught_stops.py): a suppress that may
  catch it (`ValueError`, `Exception`, `BaseException`) stops the run there;
- `ExitStack`: `callback(f, *a, **kw)` and `enter_context(cm)` (its `__enter__` run now) push
  an exit; when the `with` block ends, or `close()` is called, the exits run last-pushed first.
  `push(exit)` and `enter_context(suppress(...))` push an exit that may swallow an exception
  (each step that may raise in the rest of the block then stops the run, as under a `try`).
  A `jax.set_mesh(m)` entered on it is the context mesh until then (left in that order: the
  innermost context must be that mesh, else the run stops). A block left by an exception with
  exits pushed stops the run (each exit would see it and may swallow it: not modelled), and so
  does `pop_all` or an exit of another kind.
"""
from __future__ import annotations

from codemods.analysis.host_exprs import Break, Continue, LambdaValue, Raised, Return
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.script_values import Bound, GatherStop, MeshCtx, RunCallable, UClass, UFunc, UObj
from codemods.analysis.script_generators import Managed
from codemods.analysis import stacked_generators

_CATCHING_JAX = (ValueError, Exception, BaseException)  # (a kind any of these derive from may catch it)


class LibraryContext(ModelledObject):
    """Entered by `with`: `run_with(run, target, body, env)` runs the block."""

    __slots__ = ()

    def attribute(self, run, name: str) -> object:
        raise Bail

    def enter(self, run) -> object:
        raise Bail

    def leave(self, run) -> None:
        return None

    def run_with(self, run, target, body, env) -> None:
        value = self.enter(run)
        if target is not None:
            run.store(target, value, env)
        body()
        self.leave(run)


class NullContext(LibraryContext):
    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def enter(self, run) -> object:
        return self.value

    def run_with(self, run, target, body, env) -> None:
        if target is not None:
            run.store(target, self.value, env)
        body()  # (whatever leaves the block goes on: nullcontext's exit does nothing)


class Suppress(LibraryContext):
    __slots__ = ("kinds",)

    def __init__(self, kinds: tuple) -> None:
        self.kinds = kinds

    def run_with(self, run, target, body, env) -> None:
        from codemods.analysis.swallowing_blocks import suppressing

        if target is not None:
            run.store(target, None, env)
        try:
            with suppressing(run, self.kinds):  # (a step it may swallow: swallowing_blocks.py)
                body()
        except (Break, Continue, Return, Bail):
            raise
        except Raised as raised:
            if self.swallows(raised.error):
                return
            raise
        except BaseException:  # (a stop: JAX's error leaves the block)
            if any(type(kind) is not UClass and issubclass(_CATCHING_JAX[0], kind) for kind in self.kinds):
                raise Bail from None
            raise

    def swallows(self, error: object) -> bool:
        from codemods.analysis.caught_stops import is_stop

        if is_stop(error):
            if any(type(kind) is not UClass and issubclass(ValueError, kind) for kind in self.kinds):
                raise Bail
            return False
        if type(error) is UObj:
            if any(type(kind) is not UClass for kind in self.kinds):
                raise Bail  # (a module exception class derives from builtin ones the run does not list)
            return any(error.cls.derives(kind) for kind in self.kinds)
        if not isinstance(error, BaseException):
            raise Bail
        return any(type(kind) is not UClass and isinstance(error, kind) for kind in self.kinds)


class ExitStackObj(LibraryContext):
    __slots__ = ("base", "exits", "swallowing")
    _METHODS = frozenset({"callback", "enter_context", "close", "push"})

    def __init__(self) -> None:
        self.exits: list = []
        self.base: int | None = None  # how many contexts were entered when its block began
        self.swallowing = 0  # exits pushed that may swallow an exception (counted in run.guarded)

    def attribute(self, run, name: str) -> object:
        if name in self._METHODS:
            return StackMethod(self, name)
        raise Bail

    def enter(self, run) -> object:
        return self

    def leave(self, run) -> None:
        self.release(run)
        while self.exits:
            kind, first, rest, named = self.exits.pop()
            if kind == "callback":
                run.call(first, list(rest), dict(named))
            elif kind == "mesh":
                if not run.contexts or run.contexts[-1] is not first:
                    raise Bail  # (contexts left out of order)
                if rest:
                    release_mesh(run, rest)
                run.contexts.pop()
            elif kind == "managed":
                stacked_generators.left(run, first)
            elif kind != "suppress":  # a module object's `__exit__`, or a pushed exit, told nothing went wrong
                run.call(first, [None, None, None], {})

    def run_with(self, run, target, body, env) -> None:
        if target is not None:
            run.store(target, self, env)
        self.base = len(run.contexts)
        stacked_generators.kept(run, self)  # (held by the block from now on: not closed meanwhile)
        try:
            body()
        except (Break, Continue, Return):
            self.leave(run)
            raise
        except Bail:
            raise
        except GatherStop as stop:
            if not stacked_generators.unwound(run, self, stop):
                raise Bail from None  # (an exit that would be told of JAX's error and may swallow it)
            raise
        except BaseException:
            if self.exits:
                raise Bail from None  # (each exit would be told of the exception)
            raise
        finally:
            self.release(run)
        self.leave(run)

    def release(self, run) -> None:
        run.guarded -= self.swallowing
        self.swallowing = 0


class StackMethod(RunCallable):
    __slots__ = ("name", "stack")

    def __init__(self, stack: ExitStackObj, name: str) -> None:
        self.stack, self.name = stack, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if self.name == "close":
            if args or kwargs:
                raise Bail
            return self.stack.leave(run)
        if self.name == "callback":
            if not args:
                raise Bail
            self.stack.exits.append(("callback", args[0], tuple(args[1:]), dict(kwargs)))
            return args[0]
        if len(args) != 1 or kwargs:
            raise Bail
        manager = args[0]
        if self.name == "push":
            return self.push(run, manager)
        if type(manager) is MeshCtx and manager.lasting:  # (`jax.set_mesh(m)`: in force since the call, set_meshes.py)
            meshes = sum(1 for kind, *_ in self.stack.exits if kind == "mesh")
            from codemods.analysis.set_meshes import stacked

            self.stack.exits.append(stacked(run, manager, None if self.stack.base is None else self.stack.base + meshes))
            return None
        if type(manager) is MeshCtx:  # (`use_mesh(m)`: scoped when entered)
            if self.stack.base is None and not run.jitted:
                return _hold_mesh(run, self.stack, manager.mesh)
            meshes = sum(1 for kind, *_ in self.stack.exits if kind == "mesh")
            if run.jitted or len(run.contexts) != self.stack.base + meshes:
                raise Bail  # (`set_mesh` raises inside jit; a stack not entered by `with`, or other contexts since)
            run.contexts.append(manager.mesh)
            self.stack.exits.append(("mesh", manager.mesh, (), {}))
            return None
        if type(manager) is NullContext:
            return manager.value
        if type(manager) is Suppress:  # (its exit swallows what it lists: the rest of the block may be skipped)
            self.swallows(run, ("suppress", None, (), {}))
            return None
        if type(manager) is UObj:
            enter, leave = manager.cls.lookup("__enter__"), manager.cls.lookup("__exit__")
            if enter is None or leave is None or type(enter[1]) is not UFunc or type(leave[1]) is not UFunc:
                raise Bail
            from codemods.analysis.swallowing_blocks import exit_may_swallow

            value = run.call(Bound(enter[1], manager), [], {})
            self.stack.exits.append(("object", Bound(leave[1], manager), (), {}))
            if exit_may_swallow(leave[1].node):  # (the rest of the block may be left quietly: swallowing_blocks.py)
                self.stack.swallowing += 1
                run.guarded += 1
            return value
        if type(manager) is Managed:  # (a contextmanager function's: stacked_generators.py)
            return stacked_generators.entered(run, self.stack, manager)
        raise Bail  # (a file: its exit is not modelled here)

    def push(self, run, given: object) -> object:
        """`stack.push(exit)`: an `__exit__`-like callable (or a manager's `__exit__`, not entered),
        called with three Nones when the block ends quietly; read as one that may swallow."""
        if type(given) is UObj:
            found = given.cls.lookup("__exit__")
            if found is None or type(found[1]) is not UFunc:
                raise Bail
            self.swallows(run, ("object", Bound(found[1], given), (), {}))
        elif type(given) in (UFunc, LambdaValue, Bound):
            self.swallows(run, ("push", given, (), {}))
        else:
            raise Bail
        return given

    def swallows(self, run, exit_entry: tuple) -> None:
        self.stack.exits.append(exit_entry)
        self.stack.swallowing += 1
        run.guarded += 1  # (a step that may raise now stops the run: passed_steps.py)


def _hold_mesh(run, stack: ExitStackObj, mesh) -> None:
    """`stack.enter_context(jax.set_mesh(m))` on a stack no `with` entered (a test's `setUp`, closed
    in `tearDown`): the mesh is the context mesh until `close()`, however the code between ends,
    since no block closes the stack. Kept at its place among the run's contexts: a `with` block
    that would leave it (one entered before it and ending first) stops the run, as JAX would then
    restore the mesh that block saved (held_meshes_left)."""
    held = (run.contexts, len(run.contexts))
    run.contexts.append(mesh)
    run.__dict__.setdefault("_held_meshes", []).append(held)
    stack.exits.append(("mesh", mesh, held, {}))


def release_mesh(run, held: tuple) -> None:
    found = run.__dict__.get("_held_meshes", [])
    index = next((index for index, entry in enumerate(found) if entry is held), None)
    if held[0] is not run.contexts or held[1] != len(run.contexts) - 1 or index is None:
        raise Bail  # (left elsewhere than it was entered)
    del found[index]


def held_meshes_left(run, entered: int) -> bool:
    """A `with` block leaving its `entered` contexts would leave a mesh a stack holds above them."""
    return any(contexts is run.contexts and place >= len(run.contexts) - entered
               for contexts, place in run.__dict__.get("_held_meshes", ()))


def _null(run, args: list, kwargs: dict) -> object:
    if not args and not kwargs:
        return MeshCtx(None, False)  # (a block that sets no mesh: script_run.py enters it)
    if len(args) + len(kwargs) != 1 or kwargs and "enter_result" not in kwargs:
        raise Bail
    return NullContext(args[0] if args else kwargs["enter_result"])


def _suppress(run, args: list, kwargs: dict) -> Suppress:
    if kwargs or not all(type(kind) is UClass or isinstance(kind, type) and issubclass(kind, BaseException)
                         for kind in args):
        raise Bail
    return Suppress(tuple(args))


def _exit_stack(run, args: list, kwargs: dict) -> ExitStackObj:
    if args or kwargs:
        raise Bail
    return ExitStackObj()


def _named_scope(run, args: list, kwargs: dict) -> NullContext:
    """`jax.named_scope(name)`: names the operations traced in its block (a contextmanager that
    yields None; its exit lets an exception through); a name that is not a str raises TypeError."""
    given = [*args, *kwargs.values()]
    if len(given) != 1 or set(kwargs) - {"name"} or type(given[0]) is not str:
        raise Bail
    return NullContext(None)


LIBRARY = {"contextlib.nullcontext": _null, "contextlib.suppress": _suppress, "contextlib.ExitStack": _exit_stack,
           "jax.named_scope": _named_scope}
