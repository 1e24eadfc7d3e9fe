"""ranker/optim/zero_adafactor.py

ZeRO-1 Adafactor-style factored second moments for the ranking tower: the
gradient is reduce-scattered over "data"; row and column statistics are kept for
the owned block (column statistics summed over the block's rows on every data
shard), and the full row statistics are collected for the trainer's summary.
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


class FactoredState(NamedTuple):
    row: Any
    col: Any
    summary: Any


def zero_factored(mesh, beta2=0.99, eps=1e-30, dp="data", tp="model"):
    rep = mesh.shape[dp]
    blk = P(dp, tp)

    def _step(g_full, row, col):
        g = jax.lax.psum_scatter(g_full, dp, scatter_dimension=0, tiled=True) / rep
        sq = g * g + eps
        row = beta2 * row + (1 - beta2) * jax.lax.psum(jnp.mean(sq, axis=1), tp)
        col = beta2 * col + (1 - beta2) * jax.lax.pmean(jnp.mean(sq, axis=0), dp)
        v = row[:, None] * col[None, :] / jax.lax.pmean(jnp.mean(row), dp)
        summary = jax.lax.all_gather(row, dp, axis=0, tiled=True, to="invarying")
        return g / jnp.sqrt(v), row, col, summary

    step = jax.shard_map(_step, mesh=mesh, in_specs=(blk, P(dp), P(tp)),
                         out_specs=(blk, P(dp), P(tp), P(None)))

    def init_fn(params):
        return FactoredState({k: jnp.zeros(v.shape[:1], v.dtype, out_sharding=P(dp)) for k, v in params.items()},
                             {k: jnp.zeros(v.shape[1:], v.dtype, out_sharding=P(tp)) for k, v in params.items()},
                             {})

    def update_fn(updates, state, params=None):
        out, row, col, summ = {}, {}, {}, {}
        for k, g in updates.items():
            out[k], row[k], col[k], summ[k] = step(g, state.row[k], state.col[k])
        return out, FactoredState(row, col, summ)

    return GradientTransformation(init_fn, update_fn)


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    rng = np.random.default_rng(70)
    blk = NamedSharding(mesh, P("data", "model"))
    params = {"tower": jax.device_put(rng.normal(size=(16, 8)).astype(np.float32), blk)}
    grads = {"tower": jax.device_put(rng.normal(size=(64, 8)).astype(np.float32), blk)}
    return mesh, params, grads


def main(mesh, params, grads):
    with jax.set_mesh(mesh):
        opt = chain(zero_factored(mesh), scale_by_schedule(warmup_cosine(1e-2, 2, 10)), scale(-1.0))
        state = opt.init(params)
        for _ in range(2):
            updates, state = opt.update(grads, state, params)
            params = apply_updates(params, updates)
        print(float(params["tower"].sum()), state[0].summary["tower"].shape)


if __name__ == "__main__":
    main(*inputs())
