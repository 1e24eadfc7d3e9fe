"""States through JAX's function transformations inside a shard_map body (state_runs.py,
script_transforms.py; issue 13).

A PINN residual takes `jax.grad` of the network in the input point and `jax.vmap`s it over the
points; a molecular-dynamics step runs in `lax.scan`; a gradient-norm hook differentiates the
loss first. The run follows the states through them as JAX types them (each fact run on jax
0.10.2, 8 CPU devices):
- `jax.vmap(f)` (no `spmd_axis_name`): a slice keeps its array's state, the results keep the
  states f gives them; psum / pmean / pmax / pmin, all_gather (to varying) and `pcast(...,
  to='varying')` of a varying or invariant value raise or pass as outside (a cast of a slice or of
  a value f closes over alike), but `all_gather(..., to='reduced')` and `pcast(..., to='reduced')`
  raise NotImplementedError under vmap: any other collective, or one of a reduced or unreduced
  value, leaves the run not knowing (Bail).
- `jax.grad` / `value_and_grad` / `jacrev` / `hessian`: f is traced forward on its arguments in
  their own states (a failure there is the program's), and each gradient has its primal's state
  (a varying loss differentiated in an invariant weight gives an invariant gradient: the
  transpose of JAX's implicit cast sums it). The backward pass is certain only for what was run:
  a forward pass that met a reduced or unreduced value (a reduced primal's gradient is
  unreduced; a reduced output raises "unexpected JAX type ... for argument to VJP function"),
  a collective other than psum / pmean / all_gather to varying / ppermute / a cast to varying
  (pmax has no differentiation rule), a loop, or an operation the tables do not hold, leaves the
  run not knowing what the backward pass does (Bail). `jacfwd` gives its output's state.
  `lax.stop_gradient(x)` gives x's primal (JAX strips its JVP tracers, at every level): a
  collective of that result is not differentiated (`pmax(stop_gradient(logits.max(-1)), axis)`
  of a vocab-parallel cross entropy passes under grad, run on 0.10.2, in vmap too). So does what
  is computed from such results and plain Python values alone (`pmax(jnp.max(stop_gradient(z),
  axis=1), axis)`): JAX binds an operation whose tangents are all symbolic zeros without its JVP.
- `lax.scan`, `lax.fori_loop` and `lax.while_loop` trace their body once on the carry in its
  initial state (a Python number: invariant) and xs's slices in theirs; a carry that comes out
  in another state raises TypeError ("carry input and carry output must have equal types"), so
  a run that goes on holds each carry leaf in its initial state (a reduced one too: a step that
  keeps it reduced passes), the rule of loop_carries.py. The stacked outputs keep the body's
  states; a reduced one is not modelled (Bail).
- `jax.checkpoint` / `jax.remat`: f runs with the same states.
"""
from __future__ import annotations

from contextlib import contextmanager

from codemods.analysis.shaped_values import like
from codemods.analysis.host_objects import Bail
from codemods.analysis.loop_carries import may_equal
from codemods.analysis.script_values import Arr, map_tree
from codemods.analysis.values import CONSTANT, UNKNOWN, AxisState, State

V, I, R, U, Q = State.VARYING, State.INVARIANT, State.REDUCED, State.UNREDUCED, State.UNKNOWN
_DIFFERENTIABLE = frozenset({"psum", "pmean", "all_gather", "ppermute", "pcast", "pvary"})
_UNDER_VMAP = frozenset({"psum", "pmean", "pmax", "pmin", "all_gather", "pcast"})


class Transforms:
    """How deep the run is inside differentiated and vmapped functions of one body, and whether a
    differentiated forward pass met anything whose backward pass is not certain."""

    __slots__ = ("differentiating", "doubts", "stopped", "vmapped")

    def __init__(self) -> None:
        self.differentiating = self.vmapped = self.doubts = 0
        self.stopped: set[int] = set()  # serials of the arrays `stop_gradient` gave while differentiating

    def stopped_gradient(self, array: Arr, state: AxisState) -> AxisState:
        """`stop_gradient`'s result `array` (in `state`, its operand's): no tangent goes with it."""
        if self.differentiating:
            self.stopped.add(array.serial)
        return state

    def passed_on(self, result: object, operands: list) -> None:
        """`result`, computed from arrays `stop_gradient` gave and plain Python values only, carries
        no tangent either: JAX's JVP binds an operation whose tangents are all symbolic zeros without
        its rule, so `pmax(jnp.max(stop_gradient(x), axis=1), axis)` is never differentiated."""
        if not self.differentiating or type(result) is not Arr:
            return
        leaves, arrays = list(operands), 0
        while leaves:
            leaf = leaves.pop()
            if type(leaf) in (tuple, list):
                leaves.extend(leaf)
            elif type(leaf) is slice:
                leaves.extend((leaf.start, leaf.stop, leaf.step))
            elif type(leaf) is Arr:
                if leaf.serial not in self.stopped:
                    return
                arrays += 1
            elif leaf is not None and leaf is not Ellipsis and type(leaf) not in (int, float, bool, str):
                return  # (an object, a function, an unknown: it may carry a tangent)
        if arrays:
            self.stopped.add(result.serial)

    def doubt(self) -> None:
        if self.differentiating:
            self.doubts += 1

    def collective(self, short: str, value: AxisState, gives: State, array: Arr | None = None) -> None:
        """A collective of `array` (in state `value`) met inside transformed functions (before it is judged)."""
        plain = not (value.has(R) or value.has(U) or value.has(Q) or value.mixed)
        if self.vmapped and (short not in _UNDER_VMAP or gives is not V and short in ("all_gather", "pcast") or not plain):
            raise Bail  # (NotImplementedError under vmap, or not run)
        tangent = self.differentiating and (array is None or array.serial not in self.stopped)
        if tangent and short in ("pmax", "pmin"):
            raise Bail  # (NotImplementedError as JAX differentiates it, before any type check)
        gathered = short == "all_gather" and gives is R  # (its transpose scatters an unreduced cotangent back)
        if tangent and (short not in _DIFFERENTIABLE or gives not in (V, I) and not gathered or not plain):
            self.doubts += 1


def cast_reduced(states: list, items: list, keywords: dict) -> bool:
    """An operation JAX runs on a reduced operand by casting it to varying first: one operand is
    reduced (on axes A, unreduced nowhere) and every other is an array varying on all of A. The
    cast's transpose makes the cotangent unreduced, which is what a reduced primal takes (run on
    0.10.2: `x @ w`, `x * w`, `w + x`, `jnp.where(c, w, x)`, einsum of three, under grad, each
    with `w = all_gather(p, 'fsdp', to='reduced')`); beside an invariant array the backward pass
    raises "Expected cotangent type ... {U:fsdp}" although the forward pass passes."""
    if keywords or len(states) < 2 or not all(type(item) in (Arr, str) for item in items):
        return False
    reduced = [state for state in states if state.has(R)]
    if len(reduced) != 1 or any(state.has(U) or state.has(Q) or state.mixed for state in states) or reduced[0].rest is R:
        return False
    axes = [axis for axis, state in reduced[0].named if state is R]
    return all(state.on(axis) is V for state in states if state is not reduced[0] for axis in axes)


def cast_states(states: list) -> list | None:
    """The operands' states once JAX has cast the one reduced operand of `cast_reduced` to varying
    on its reduced axes: the operation then combines varying and invariant operands, varying
    wherever one of them is (run on 0.10.2: `jnp.einsum("bhst,bthd,hde->bse", p, v, w)` of p and
    v varying on ('fsdp', 'tensor') and w reduced on 'fsdp', varying on 'tensor', in either
    operand order, gives a value varying on both). JAX casts with one `pvary` over every axis the
    operand lacks: where it is also invariant on an axis another operand varies on, that pvary
    mixes reduced and invariant axes and raises ("pvary cannot accept args which are reduced",
    run on 0.10.2: w reduced on 'data', invariant on 'model'): None then."""
    reduced = [state for state in states if state.has(R)]
    if len(reduced) != 1:
        return None
    others = [state for state in states if state is not reduced[0]]
    axes = {axis for state in states for axis, _ in state.named}
    if any(other.rest is V for other in others) and reduced[0].rest is not V \
            or any(reduced[0].on(axis) is I and any(other.on(axis) is V for other in others) for axis in axes):
        return None
    cast = tuple(axis for axis, one in reduced[0].named if one is R)
    return [state.with_axes(cast, V, state.why) if state is reduced[0] else state for state in states]


def transforms(run) -> Transforms | None:
    states = run.states
    return states.transforms if states is not None else None


def kept(run, tree: object, drop: int = 0) -> object:
    """An argument as the function's trace is handed it: each leaf an array in the leaf's own
    state (a Python number: a constant), `drop` dimensions fewer (a slice of a mapped axis)."""
    states = run.states

    def leaf(item: object) -> Arr:
        if type(item) is Arr:
            if drop and item.ndim == 0:
                raise Bail  # (JAX rejects mapping a scalar)
            made = Arr(None, False, ndim=item.ndim - drop if item.ndim is not None else None, state=states.state(item))
            return like(item, made) if not drop else made  # (array_shapes.py)
        if drop:
            raise Bail
        return Arr(None, False, ndim=0, state=CONSTANT)

    return map_tree(tree, leaf)


def results(run, tree: object, extra: int = 0, stacked: bool = False) -> object:
    """What a transformation returns of f's results: each leaf in its state (`extra` dimensions
    more); a stacked reduced or unreduced output is not modelled."""
    states = run.states

    def leaf(item: object) -> Arr:
        state = states.state(item) if type(item) is Arr else CONSTANT
        if stacked and (state.has(R) or state.has(U)):
            raise Bail
        rank = item.ndim if type(item) is Arr else 0
        made = Arr(None, False, ndim=rank + extra if rank is not None else None, state=state)
        return like(item, made) if not extra and not stacked else made  # (array_shapes.py)

    return map_tree(tree, leaf)


def as_primal(run, tree: object) -> object:
    """Gradients of `tree`: each in its primal's state (a Python float primal: invariant)."""
    return results(run, tree)


@contextmanager
def differentiated(run):
    """f's forward pass under grad: what it meets decides whether its backward pass is certain."""
    marks = run.states.transforms
    before = marks.doubts
    marks.differentiating += 1
    try:
        yield
    finally:
        marks.differentiating -= 1
    if marks.doubts != before:
        raise Bail  # (the backward pass may raise, or give what the run does not know)


def check_output(run, value: object) -> None:
    """A differentiated output must be certain not to be reduced or unreduced."""
    for leaf in _leaves(value):
        state = run.states.state(leaf)
        if state.has(R) or state.has(U) or state.has(Q) and run.states.reducing:
            raise Bail


@contextmanager
def vmapped(run):
    marks = run.states.transforms
    marks.vmapped += 1
    try:
        yield
    finally:
        marks.vmapped -= 1


def jacobian_state(run, out: Arr, arg: Arr, reverse: bool) -> AxisState:
    """`jacrev`/`hessian` give the argument's state, `jacfwd` its output's (each a pushforward of
    the output's tangents: run with outputs more, less and as varying as the argument)."""
    state = run.states.state(arg if reverse else out)
    return UNKNOWN if state.mixed else state


def carried(run, init: object, out: object) -> object:
    """The carry a loop gives back to a run that goes on (the one rule of loop_carries.py): a leaf
    that certainly comes out in another state than it went in makes JAX raise TypeError (the run
    stops); one the run does not know comes out as it went in, since JAX raises otherwise."""
    before, after = _leaves(kept(run, init)), _leaves(out)
    if len(before) != len(after):
        raise Bail
    states = []
    for first, last in zip(before, after):
        if type(last) is not Arr:
            raise Bail  # (a Python value returned as a carry: its type is JAX's choice)
        one, other = run.states.state(first), run.states.state(last)
        if one.has(Q) or one.has(U) or one.mixed or other.mixed or not may_equal(other, one):
            raise Bail
        states.append(one)
    states.reverse()
    return map_tree(out, lambda leaf: Arr(None, False, ndim=leaf.ndim, state=states.pop()))


def index_array(run, bounds: tuple) -> Arr:
    """`fori_loop`'s loop index: an int32 scalar, the same on every device between Python int
    bounds (between array bounds JAX runs a while_loop: not followed)."""
    return Arr(None, False, ndim=0, state=CONSTANT if all(type(b) is int for b in bounds) else UNKNOWN)


def _leaves(tree: object) -> list:
    found = []
    map_tree(tree, lambda leaf: found.append(leaf))
    return found
