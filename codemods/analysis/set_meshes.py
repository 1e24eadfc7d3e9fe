"""`jax.set_mesh(m)` in force from the call, wherever its value goes (script_run.py; issue 13).

JAX 0.10.2's `set_mesh` is a class whose `__init__` swaps the thread's context mesh for `m` and
keeps the one it replaced; `__enter__` does nothing and `__exit__` puts the kept one back (read
in jax/_src/sharding_impls.py). So the call itself sets the mesh: `with jax.set_mesh(m):`, the
statement `jax.set_mesh(m)` and `stack.enter_context(jax.set_mesh(m))` differ only in when, if
ever, the old mesh comes back. Pipeline helpers make it in an argument list and enter it later
(`scoped(jax.set_mesh(mesh), profiled(log, tag))` entering each on an ExitStack).

The run puts `m` among its contexts at the call, held there as an ExitStack's mesh is
(library_contexts._hold_mesh: a `with` block that would leave it stops the run), and reads each
use of the value from there:
- a `with` item, or an ExitStack's `enter_context`: its exit is the exit of that block or stack,
  which takes `m` off again; the block takes it over only where `m` is still the innermost context
  (nothing entered since stays), which is then exactly the old model of a block entering `m`;
- the statement form: `m` set for good (script_run.py), where no other context is in force;
- stored or handed on meanwhile: nothing happens (the mesh stays in force, as in JAX).
A value entered or exited once is not read again (a second exit would restore the old mesh once
more): any further use stops the run (Bail). Under jit or in a shard_map body, where JAX raises,
the call stops the run, as it does in a thread's target or a pool's job (JAX's context mesh is
the thread's own; the run's contexts are the main thread's).
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import MeshCtx


def made(run, mesh) -> MeshCtx:
    """`jax.set_mesh(mesh)`: the mesh in force from now on, until the value's exit."""
    if run.jitted or run.in_body:
        raise Bail  # (`set_mesh` raises inside a trace)
    if run.__dict__.get("_other_thread"):
        raise Bail  # (a thread's target or a pool's job: JAX's context mesh is the thread's own)
    ctx = MeshCtx(mesh, True)
    held = (run.contexts, len(run.contexts))
    run.contexts.append(mesh)
    run.__dict__.setdefault("_held_meshes", []).append(held)
    ctx.held = held
    return ctx


def taken(run, ctx: MeshCtx) -> None:
    """A `with` block or the statement form takes over the mesh the call put in force: it must
    still be the innermost context (library_contexts.release_mesh), and is no longer held."""
    from codemods.analysis.library_contexts import release_mesh

    if type(ctx.held) is not tuple:
        raise Bail  # (entered or exited before: its exit would restore the old mesh again)
    release_mesh(run, ctx.held)
    ctx.held = False


def stacked(run, ctx: MeshCtx, entered: int) -> tuple:
    """`stack.enter_context(ctx)`: the exit the stack keeps (its mesh, still held until then);
    `entered`: the contexts the stack's own `with` block has entered, None when none began."""
    held = ctx.held
    if type(held) is not tuple:
        raise Bail
    if entered is not None and (len(run.contexts) != entered + 1 or held[1] != entered or held[0] is not run.contexts):
        raise Bail  # (other contexts entered between: not left in this order)
    ctx.held = False
    return ("mesh", ctx.mesh, held, {})
