"""mt/optim/blocked_shampoo.py

Blocked Shampoo (diagonal-block right preconditioner) for the MT decoder: the
parameter columns are split into blocks on the "block" axis, each device keeps the
Kronecker statistics of its own block, and gradients are averaged over "data".
The block statistics' traces are collected for the preconditioner-health monitor.
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


class ShampooConfig(NamedTuple):
    beta2: float = 0.99
    eps: float = 1e-4
    data_axis: str = "data"
    block_axis: str = "block"
    monitor_axis: str = "data"


class ShampooState(NamedTuple):
    stats: Any
    traces: Any


def inv_sqrt(m, eps):
    w, v = jnp.linalg.eigh(m + eps * jnp.eye(m.shape[0], dtype=m.dtype))
    return (v * (1.0 / jnp.sqrt(jnp.maximum(w, eps)))) @ v.T


def blocked_shampoo(mesh, cfg):
    g_spec = P(cfg.data_axis, None, cfg.block_axis)
    w_spec = P(None, cfg.block_axis)
    s_spec = P(cfg.block_axis, None, None)

    def _precondition(g, stats):
        g = jax.lax.pmean(g[0], cfg.data_axis)
        r = cfg.beta2 * stats[0] + (1 - cfg.beta2) * (g.T @ g)
        tr = jnp.trace(r)
        seen = jax.lax.all_gather(tr, cfg.monitor_axis, to="reduced")
        return g @ inv_sqrt(r, cfg.eps), r[None], seen

    fn = jax.shard_map(_precondition, mesh=mesh, in_specs=(g_spec, s_spec),
                       out_specs=(w_spec, s_spec, P(cfg.block_axis, reduced={cfg.monitor_axis})))

    def init_fn(params):
        nb = mesh.shape[cfg.block_axis]
        return ShampooState({k: jnp.zeros((nb, v.shape[1] // nb, v.shape[1] // nb), v.dtype,
                                          out_sharding=s_spec) for k, v in params.items()}, {})

    def update_fn(updates, state, params=None):
        out, stats, traces = {}, {}, {}
        for k, g in updates.items():
            out[k], stats[k], traces[k] = fn(g, state.stats[k])
        return out, ShampooState(stats, traces)

    return GradientTransformation(init_fn, update_fn)


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "block"))
    rng = np.random.default_rng(50)
    params = {"dec_ff": jax.device_put(rng.normal(size=(8, 16)).astype(np.float32),
                                       NamedSharding(mesh, P(None, "block")))}
    grads = {"dec_ff": jax.device_put(rng.normal(size=(2, 8, 16)).astype(np.float32),
                                      NamedSharding(mesh, P("data", None, "block")))}
    return mesh, ShampooConfig(), params, grads


def main(mesh, cfg, params, grads):
    with jax.set_mesh(mesh):
        opt = chain(blocked_shampoo(mesh, cfg), scale(-0.01))
        state = opt.init(params)
        updates, state = opt.update(grads, state, params)
        params = apply_updates(params, updates)
        print(float(params["dec_ff"].sum()))


if __name__ == "__main__":
    main(*inputs())
