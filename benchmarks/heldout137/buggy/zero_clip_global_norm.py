"""ranker/optim/zero_clipped.py

ZeRO-1 Adam with clipping by global norm. The gradient is reduce-scattered over
the data axis first, so the norm has to be summed over every shard of the mesh;
the per-row norms are also kept for the dashboard's column of "hot rows".
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


class ClipState(NamedTuple):
    last_norm: Any


def zero_clip_by_global_norm(mesh, max_norm, dp_axis, tp_axis, norm_axes):
    rep = mesh.shape[dp_axis]
    block = P(dp_axis, tp_axis)

    def _clip(g_full):
        g = jax.lax.psum_scatter(g_full, dp_axis, scatter_dimension=0, tiled=True) / rep
        row_sq = jax.lax.psum(jnp.sum(g * g, axis=1), tp_axis)
        total = jax.lax.psum(jnp.sum(row_sq), norm_axes)
        norm = jnp.sqrt(total)
        factor = jnp.minimum(1.0, max_norm / (norm + 1e-6))
        return g * factor, norm, jnp.sqrt(row_sq)

    clip = jax.shard_map(_clip, mesh=mesh, in_specs=(P(dp_axis, tp_axis),),
                         out_specs=(block, P(), P(dp_axis)))

    def init_fn(params):
        del params
        return ClipState(jnp.zeros([], jnp.float32))

    def update_fn(updates, state, params=None):
        del params
        out, norms = {}, []
        for k, g in updates.items():
            out[k], n, _ = clip(g)
            norms.append(n)
        return out, ClipState(jnp.max(jnp.stack(norms)))

    return GradientTransformation(init_fn, update_fn)


def local_adam(b1=0.9, b2=0.999, eps=1e-8):
    def init_fn(params):
        return ScaleByAdamState(jnp.zeros([], jnp.int32), jax.tree.map(jnp.zeros_like, params),
                                jax.tree.map(jnp.zeros_like, params))

    def update_fn(updates, state, params=None):
        mu = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, state.mu, updates)
        nu = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g * g, state.nu, updates)
        out = jax.tree.map(lambda m, v: m / (jnp.sqrt(v) + eps), mu, nu)
        return out, ScaleByAdamState(state.count + 1, mu, nu)

    return GradientTransformation(init_fn, update_fn)


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    rng = np.random.default_rng(4)
    blk = NamedSharding(mesh, P("data", "model"))
    params = {"w": jax.device_put(rng.normal(size=(16, 8)).astype(np.float32), blk)}
    grads = {"w": jax.device_put(rng.normal(size=(64, 8)).astype(np.float32) * 5, blk)}
    hp = {"max_norm": 1.0, "dp_axis": "data", "tp_axis": "model", "norm_axes": ("data", "model")}
    return mesh, params, grads, hp


def main(mesh, params, grads, hp):
    with jax.set_mesh(mesh):
        opt = chain(zero_clip_by_global_norm(mesh, **hp), local_adam(), scale(-1e-3))
        state = opt.init(params)
        updates, state = opt.update(grads, state, params)
        params = apply_updates(params, updates)
        print(float(state[0].last_norm), float(jnp.abs(params["w"]).mean()))


if __name__ == "__main__":
    main(*inputs())
