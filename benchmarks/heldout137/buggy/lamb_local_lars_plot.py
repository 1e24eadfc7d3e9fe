"""recsys/optim/lars.py

LARS for the large-batch DLRM top MLP (tensor-parallel columns on "model", data
parallel replicas on "data"). Each replica computes its own layer-wise trust
ratio before the all-reduce (the "local LARS" variant from the large-batch paper)
and the ratios are collected for the per-layer trust-ratio plot.
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


class LarsConfig(NamedTuple):
    eta: float = 1e-3
    weight_decay: float = 1e-4
    replica_axis: str = "data"
    column_axis: str = "model"
    plot_axis: str = "model"


class LarsState(NamedTuple):
    ratios: Any


def scale_by_local_lars(mesh, cfg):
    w_spec = P(None, cfg.column_axis)
    g_spec = P(cfg.replica_axis, None, cfg.column_axis)

    def _lars(g, w):
        g = g[0] + cfg.weight_decay * w
        w_sq = jax.lax.psum(jnp.sum(w * w), cfg.column_axis)
        g_sq = jax.lax.psum(jnp.sum(g * g), cfg.column_axis)
        ratio = cfg.eta * jnp.sqrt(w_sq) / (jnp.sqrt(g_sq) + 1e-9)
        plotted = jax.lax.all_gather(ratio, cfg.plot_axis, to="reduced")
        step = jax.lax.pmean(ratio * g, cfg.replica_axis)
        return step, plotted

    lars = jax.shard_map(_lars, mesh=mesh, in_specs=(g_spec, w_spec),
                         out_specs=(w_spec, P(cfg.replica_axis, reduced={cfg.plot_axis})))

    def init_fn(params):
        del params
        return LarsState({})

    def update_fn(updates, state, params=None):
        out, ratios = {}, {}
        for k, g in updates.items():
            out[k], ratios[k] = lars(g, params[k])
        return out, LarsState(ratios)

    return GradientTransformation(init_fn, update_fn)


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    rng = np.random.default_rng(30)
    w_sh = NamedSharding(mesh, P(None, "model"))
    g_sh = NamedSharding(mesh, P("data", None, "model"))
    params = {"mlp0": jax.device_put(rng.normal(size=(8, 16)).astype(np.float32), w_sh),
              "mlp1": jax.device_put(rng.normal(size=(16, 4)).astype(np.float32), w_sh)}
    grads = {k: jax.device_put(rng.normal(size=(4,) + v.shape).astype(np.float32), g_sh)
             for k, v in params.items()}
    return mesh, LarsConfig(), params, grads


def main(mesh, cfg, params, grads):
    with jax.set_mesh(mesh):
        opt = chain(scale_by_local_lars(mesh, cfg), scale_by_schedule(warmup_cosine(5.0, 2, 20)), scale(-1.0))
        state = opt.init(params)
        updates, state = opt.update(grads, state, params)
        params = apply_updates(params, updates)
        print({k: float(v.mean()) for k, v in params.items()})


if __name__ == "__main__":
    main(*inputs())
