"""lm/optim/accum_scatter.py

Gradient accumulation for the tensor-parallel LM where the closing all-reduce is
a reduce-scatter: the accumulated per-row statistics are scattered over the whole
mesh so every device keeps the slice of the optimizer's row-wise second moment it
owns. The row statistic is the squared row norm over the tensor-parallel columns.
"""
import functools
from typing import Any, Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------
# optax_lite: the small slice of optax this repo vendors (no optax dependency on
# the cluster images). Kept deliberately close to optax's API.
# ---------------------------------------------------------------------------
class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


class EmptyState(NamedTuple):
    pass


class ScaleByAdamState(NamedTuple):
    count: Any
    mu: Any
    nu: Any


class InjectHyperparamsState(NamedTuple):
    count: Any
    hyperparams: dict
    inner_state: Any


class MaskedState(NamedTuple):
    inner_state: Any


def chain(*transforms):
    def init_fn(params):
        return tuple(t.init(params) for t in transforms)

    def update_fn(updates, state, params=None):
        new_state = []
        for t, s in zip(transforms, state):
            updates, s = t.update(updates, s, params)
            new_state.append(s)
        return updates, tuple(new_state)

    return GradientTransformation(init_fn, update_fn)


def scale(step_size):
    def init_fn(params):
        del params
        return EmptyState()

    def update_fn(updates, state, params=None):
        del params
        return jax.tree.map(lambda g: step_size * g, updates), state

    return GradientTransformation(init_fn, update_fn)


def scale_by_schedule(schedule):
    def init_fn(params):
        del params
        return jnp.zeros([], jnp.int32)

    def update_fn(updates, count, params=None):
        del params
        s = schedule(count)
        return jax.tree.map(lambda g: s * g, updates), count + 1

    return GradientTransformation(init_fn, update_fn)


def inject_hyperparams(factory):
    def wrapped(**hps):
        def init_fn(params):
            return InjectHyperparamsState(jnp.zeros([], jnp.int32), dict(hps), factory(**hps).init(params))

        def update_fn(updates, state, params=None):
            live = {k: (v(state.count) if callable(v) else v) for k, v in state.hyperparams.items()}
            updates, inner = factory(**live).update(updates, state.inner_state, params)
            return updates, InjectHyperparamsState(state.count + 1, state.hyperparams, inner)

        return GradientTransformation(init_fn, update_fn)

    return wrapped


def masked(inner, mask):
    def init_fn(params):
        return MaskedState(inner.init(_pick(params, mask)))

    def update_fn(updates, state, params=None):
        picked = _pick(updates, mask)
        new, inner_state = inner.update(picked, state.inner_state, None if params is None else _pick(params, mask))
        merged = {k: (new[k] if mask[k] else v) for k, v in updates.items()}
        return merged, MaskedState(inner_state)

    return GradientTransformation(init_fn, update_fn)


def _pick(tree, mask):
    return {k: v for k, v in tree.items() if mask[k]}


def multi_transform(transforms, labels):
    def init_fn(params):
        return {name: t.init({k: v for k, v in params.items() if labels[k] == name})
                for name, t in transforms.items()}

    def update_fn(updates, state, params=None):
        out, new_state = {}, {}
        for name, t in transforms.items():
            part = {k: v for k, v in updates.items() if labels[k] == name}
            p = None if params is None else {k: v for k, v in params.items() if labels[k] == name}
            new, new_state[name] = t.update(part, state[name], p)
            out.update(new)
        return out, new_state

    return GradientTransformation(init_fn, update_fn)


def apply_updates(params, updates):
    return jax.tree.map(lambda p, u: p + u, params, updates)


def warmup_cosine(peak, warmup, total):
    def schedule(count):
        c = jnp.asarray(count, jnp.float32)
        warm = peak * c / max(warmup, 1)
        cos = 0.5 * peak * (1 + jnp.cos(jnp.pi * jnp.clip((c - warmup) / max(total - warmup, 1), 0.0, 1.0)))
        return jnp.where(c < warmup, warm, cos)

    return schedule
# --------------------------- end optax_lite ---------------------------------


class RowStatState(NamedTuple):
    count: Any
    acc: Any
    row_moment: Any


def accumulate_row_stats(mesh, every_k, beta=0.95):
    dp, tp = mesh.axis_names
    scatter_axes = (dp,)
    g_spec = P(dp, None, tp)

    def _rows(acc):
        rows = jax.lax.psum(jnp.sum(acc[0] * acc[0], axis=1), tp)
        return jax.lax.psum_scatter(rows, scatter_axes, scatter_dimension=0, tiled=True)

    rows_fn = jax.shard_map(_rows, mesh=mesh, in_specs=(g_spec,), out_specs=P(scatter_axes))

    def init_fn(params):
        return RowStatState(0, None, {})

    def update_fn(updates, state, params=None):
        acc = updates if state.acc is None else jax.tree.map(jnp.add, state.acc, updates)
        count = state.count + 1
        if count < every_k:
            return {k: jnp.zeros_like(params[k]) for k in params}, RowStatState(count, acc, state.row_moment)
        moments = {}
        for k, a in acc.items():
            r = rows_fn(a) / every_k
            prev = state.row_moment.get(k, jnp.zeros_like(r))
            moments[k] = beta * prev + (1 - beta) * r
        out = {k: jnp.mean(a, axis=0) / every_k for k, a in acc.items()}
        return out, RowStatState(0, None, moments)

    return GradientTransformation(init_fn, update_fn)


def inputs():
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    rng = np.random.default_rng(44)
    params = {"mlp_up": jax.device_put(rng.normal(size=(16, 8)).astype(np.float32),
                                       NamedSharding(mesh, P(None, "tp")))}
    micro = [{"mlp_up": jax.device_put(rng.normal(size=(2, 16, 8)).astype(np.float32),
                                       NamedSharding(mesh, P("dp", None, "tp")))} for _ in range(2)]
    return mesh, params, micro


def main(mesh, params, micro):
    with jax.set_mesh(mesh):
        opt = chain(accumulate_row_stats(mesh, every_k=2), scale(-0.01))
        state = opt.init(params)
        for grads in micro:
            updates, state = opt.update(grads, state, params)
            params = apply_updates(params, updates)
        print({k: v.shape for k, v in state[0].row_moment.items()})


if __name__ == "__main__":
    main(*inputs())
