"""lm/optim/accum_spikes.py

Gradient accumulation for the tensor-parallel LM with a loss-spike guard: each
micro gradient's per-row norms are collected over the tensor-parallel axis (the
guard works on whole rows), and the spike detector then collects the row table
over every mesh axis before deciding whether to skip the micro batch.
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


class SpikeGuardState(NamedTuple):
    count: Any
    acc: Any
    last_rows: Any


class RowCollector:
    def __init__(self, axis_name, **kw):
        self.axis_name = axis_name
        self.kw = kw

    def __call__(self, x):
        return jax.lax.all_gather(x, self.axis_name, to="reduced", **self.kw)


def spike_guarded_accumulation(mesh, every_k, dp="dp", tp="tp"):
    by_row = RowCollector(tp, axis=0, tiled=True)
    by_mesh = RowCollector((dp, tp), axis=0, tiled=True)
    g_spec = P(dp, tp, None)

    def _rows(g):
        rows = jnp.sqrt(jnp.sum(g[0] * g[0], axis=1))
        table = by_row(rows)
        return jnp.max(by_mesh(table))

    rows_fn = jax.shard_map(_rows, mesh=mesh, in_specs=(g_spec,), out_specs=P())

    def init_fn(params):
        return SpikeGuardState(0, jax.tree.map(jnp.zeros_like, params), jnp.zeros([]))

    def update_fn(updates, state, params=None):
        peak = max(rows_fn(g) for g in updates.values())
        acc = jax.tree.map(lambda a, g: a + jnp.mean(g, axis=0), state.acc, updates)
        count = state.count + 1
        if count < every_k:
            return jax.tree.map(jnp.zeros_like, acc), SpikeGuardState(count, acc, peak)
        out = jax.tree.map(lambda a: a / every_k, acc)
        return out, SpikeGuardState(0, jax.tree.map(jnp.zeros_like, acc), peak)

    return GradientTransformation(init_fn, update_fn)


def inputs():
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    rng = np.random.default_rng(41)
    params = {"wo": jax.device_put(rng.normal(size=(16, 8)).astype(np.float32),
                                   NamedSharding(mesh, P("tp", None)))}
    micro = [{"wo": jax.device_put(rng.normal(size=(2, 16, 8)).astype(np.float32),
                                   NamedSharding(mesh, P("dp", "tp", None)))} for _ in range(2)]
    return mesh, params, micro


def main(mesh, params, micro):
    with jax.set_mesh(mesh):
        opt = chain(spike_guarded_accumulation(mesh, every_k=2), scale(-0.01))
        state = opt.init(params)
        for grads in micro:
            updates, state = opt.update(grads, state, params)
            params = apply_updates(params, updates)
        print(float(state[0].last_rows))


if __name__ == "__main__":
    main(*inputs())
