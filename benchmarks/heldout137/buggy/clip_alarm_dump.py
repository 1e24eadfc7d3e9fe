"""speech/training/clip_debug_dump.py

Global-norm clipping for the FSDP encoder with a debug hook: when a step's norm
exceeds the alarm level, the clipped gradients are regathered to one replicated
copy per leaf (under the mesh context, outside shard_map) and written to the
debug bucket by the trainer.
"""
import functools
from typing import Any, Callable, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

from jax._src.shard_map import top_level_all_gather

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


class DumpState(NamedTuple):
    dumps: Any
    norm: Any


PARAM_SPECS = {"attn_q": P("shard", None), "attn_kv": P("shard", None), "bias": P("shard")}
DUMP_SPECS = {"attn_q": P(None, None, reduced={"shard"}), "attn_kv": P(None, None, reduced={"shard"}),
              "bias": P(None)}


def clip_with_dump(mesh, max_norm, alarm):
    def _sq(g):
        g = jax.lax.pmean(g[0], "replica")
        return g, jax.lax.psum(jnp.sum(g * g), "shard")

    def sq_fn(spec):
        return jax.shard_map(_sq, mesh=mesh, in_specs=(P("replica", *spec),), out_specs=(spec, P()))

    def init_fn(params):
        del params
        return DumpState({}, jnp.zeros([], jnp.float32))

    def update_fn(updates, state, params=None):
        del params
        avg, total = {}, 0.0
        for k, g in updates.items():
            avg[k], sq = sq_fn(PARAM_SPECS[k])(g)
            total = total + sq
        norm = jnp.sqrt(total)
        factor = jnp.minimum(1.0, max_norm / (norm + 1e-6))
        clipped = {k: v * factor for k, v in avg.items()}
        dumps = {}
        if float(norm) > alarm:
            dumps = {k: top_level_all_gather(v, DUMP_SPECS[k]) for k, v in clipped.items()}
        return clipped, DumpState(dumps, norm)

    return GradientTransformation(init_fn, update_fn)


def inputs():
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    rng = np.random.default_rng(13)
    shapes = {"attn_q": (16, 8), "attn_kv": (16, 16), "bias": (16,)}
    params, grads = {}, {}
    for k, shp in shapes.items():
        params[k] = jax.device_put(rng.normal(size=shp).astype(np.float32), NamedSharding(mesh, PARAM_SPECS[k]))
        grads[k] = jax.device_put(rng.normal(size=(2,) + shp).astype(np.float32) * 4,
                                  NamedSharding(mesh, P("replica", *PARAM_SPECS[k])))
    return mesh, params, grads


def main(mesh, params, grads):
    with jax.set_mesh(mesh):
        opt = chain(clip_with_dump(mesh, max_norm=1.0, alarm=2.0), scale(-0.1))
        state = opt.init(params)
        updates, state = opt.update(grads, state, params)
        params = apply_updates(params, updates)
        print(float(state[0].norm), sorted(state[0].dumps))


if __name__ == "__main__":
    main(*inputs())
