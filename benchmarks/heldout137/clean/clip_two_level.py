"""speech/training/clip_two_level.py

Two-level clipping for the FSDP acoustic encoder: each replica clips its own
gradient by its norm (summed over the "shard" axis), then the clipped gradients
are averaged and the mesh-wide sum of squared replica norms is reported (the
replica norms are cast to varying on "shard" first, so the sum over both axes
counts each replica once per shard, which the dashboard divides out).
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


class TwoLevelState(NamedTuple):
    mesh_sq: Any


def two_level_clip(mesh, per_replica_max, replica_axis="replica", shard_axis="shard"):
    n_shard = mesh.shape[shard_axis]

    def _clip(g):
        g = g[0]
        sq = jax.lax.psum(jnp.sum(g * g), shard_axis)
        g = g * jnp.minimum(1.0, per_replica_max / (jnp.sqrt(sq) + 1e-6))
        mesh_sq = jax.lax.psum(jax.lax.pcast(sq, shard_axis, to="varying"), (replica_axis, shard_axis))
        return jax.lax.pmean(g, replica_axis), mesh_sq / n_shard

    fn = jax.shard_map(_clip, mesh=mesh, in_specs=(P(replica_axis, shard_axis, None),),
                       out_specs=(P(shard_axis, None), P()))

    def init_fn(params):
        del params
        return TwoLevelState(jnp.zeros([]))

    def update_fn(updates, state, params=None):
        del params
        out, total = {}, 0.0
        for k, g in updates.items():
            out[k], s = fn(g)
            total = total + s
        return out, TwoLevelState(total)

    return GradientTransformation(init_fn, update_fn)


def inputs():
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    rng = np.random.default_rng(71)
    params = {"enc": jax.device_put(rng.normal(size=(16, 8)).astype(np.float32),
                                    NamedSharding(mesh, P("shard", None)))}
    grads = {"enc": jax.device_put(rng.normal(size=(2, 16, 8)).astype(np.float32) * 2,
                                   NamedSharding(mesh, P("replica", "shard", None)))}
    return mesh, params, grads


def main(mesh, params, grads):
    with jax.set_mesh(mesh):
        opt = chain(two_level_clip(mesh, 1.0), scale(-0.1))
        state = opt.init(params)
        updates, state = opt.update(grads, state, params)
        params = apply_updates(params, updates)
        print(float(state[0].mesh_sq))


if __name__ == "__main__":
    main(*inputs())
