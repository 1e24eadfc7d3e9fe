"""speech/training/agc.py

Adaptive gradient clipping (NFNet-style) for the FSDP acoustic encoder: each row
of the gradient is clipped relative to the norm of the matching parameter row.
The parameter rows are regathered once per step (the forward needs them anyway)
and the clip ratio is normalised by the mean parameter-row norm of the layer.
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


def unitwise_norm(x):
    return jnp.sqrt(jnp.sum(x * x, axis=-1, keepdims=True))


def adaptive_grad_clip(mesh, clipping=0.01, eps=1e-3, replica_axis="replica", shard_axis="shard"):
    p_spec = P(shard_axis, None)
    g_spec = P(replica_axis, shard_axis, None)

    def _agc(g, w):
        g = jax.lax.pmean(g[0], replica_axis)
        w_full = jax.lax.all_gather(w, shard_axis, axis=0, tiled=True, to="reduced")
        w_rows = unitwise_norm(w_full)
        w_scale = jax.lax.psum(jnp.sum(unitwise_norm(w)), shard_axis) / w_full.shape[0]
        local_rows = unitwise_norm(w) / w_scale
        max_norm = jnp.maximum(local_rows, eps) * clipping
        g_norm = unitwise_norm(g)
        trigger = g_norm < max_norm
        clipped = g * (max_norm / jnp.maximum(g_norm, 1e-6))
        return jnp.where(trigger, g, clipped), w_full

    fn = jax.shard_map(_agc, mesh=mesh, in_specs=(g_spec, p_spec),
                       out_specs=(p_spec, P(None, None, reduced={shard_axis})))

    def init_fn(params):
        del params
        return EmptyState()

    def update_fn(updates, state, params=None):
        out = {}
        for k, g in updates.items():
            out[k], _ = fn(g, params[k])
        return out, state

    return GradientTransformation(init_fn, update_fn)


def nesterov(lr, beta=0.9):
    def init_fn(params):
        return jax.tree.map(jnp.zeros_like, params)

    def update_fn(updates, state, params=None):
        buf = jax.tree.map(lambda b, g: beta * b + g, state, updates)
        step = jax.tree.map(lambda b, g: -lr * (g + beta * b), buf, updates)
        return step, buf

    return GradientTransformation(init_fn, update_fn)


def inputs():
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    rng = np.random.default_rng(12)
    params = {"lstm": jax.device_put(rng.normal(size=(16, 8)).astype(np.float32),
                                     NamedSharding(mesh, P("shard", None)))}
    grads = {"lstm": jax.device_put(rng.normal(size=(2, 16, 8)).astype(np.float32),
                                    NamedSharding(mesh, P("replica", "shard", None)))}
    return mesh, params, grads


def main(mesh, params, grads):
    with jax.set_mesh(mesh):
        opt = chain(adaptive_grad_clip(mesh), nesterov(0.05))
        state = opt.init(params)
        updates, state = opt.update(grads, state, params)
        params = apply_updates(params, updates)
        print(float(params["lstm"].sum()))


if __name__ == "__main__":
    main(*inputs())
