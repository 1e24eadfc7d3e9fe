"""speech/training/layerwise_clip.py

Per-layer clipping for the FSDP acoustic encoder, wrapped in inject_hyperparams
so the clip threshold can follow a schedule. Every update publishes the table of
per-row gradient norms: first collected over the shard axis for the layer's own
histogram, then for the whole mesh for the cross-replica outlier detector.
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


MESH_AXES = ("replica", "shard")


class LayerwiseClipState(NamedTuple):
    row_norms: Any


def layerwise_clip(mesh, threshold, publish_axes=MESH_AXES):
    rep_ax, shard_ax = MESH_AXES
    g_spec = P(rep_ax, shard_ax, None)

    def publish(rows, axes):
        return jax.lax.all_gather(rows, axes, axis=0, tiled=True, to="reduced")

    def _clip(g):
        g = g[0]
        rows = jnp.sqrt(jnp.sum(g * g, axis=1))
        layer_rows = publish(rows, shard_ax)
        layer_norm = jnp.sqrt(jax.lax.psum(jnp.sum(rows * rows), shard_ax))
        mesh_rows = publish(layer_rows, publish_axes)
        g = g * jnp.minimum(1.0, threshold / (layer_norm + 1e-6))
        return jax.lax.pmean(g, rep_ax), mesh_rows

    fn = jax.shard_map(_clip, mesh=mesh, in_specs=(g_spec,),
                       out_specs=(P(shard_ax, None), P(None, reduced=set(MESH_AXES))))

    def init_fn(params):
        del params
        return LayerwiseClipState({})

    def update_fn(updates, state, params=None):
        del params
        clipped, rows = {}, {}
        for k, g in updates.items():
            clipped[k], rows[k] = fn(g)
        return clipped, LayerwiseClipState(rows)

    return GradientTransformation(init_fn, update_fn)


def make_clip(mesh):
    return inject_hyperparams(lambda threshold: layerwise_clip(mesh, threshold))


def inputs():
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    rng = np.random.default_rng(11)
    p_sh = NamedSharding(mesh, P("shard", None))
    g_sh = NamedSharding(mesh, P("replica", "shard", None))
    params = {"enc0": jax.device_put(rng.normal(size=(16, 4)).astype(np.float32), p_sh),
              "enc1": jax.device_put(rng.normal(size=(8, 4)).astype(np.float32), p_sh)}
    grads = {"enc0": jax.device_put(rng.normal(size=(2, 16, 4)).astype(np.float32), g_sh),
             "enc1": jax.device_put(rng.normal(size=(2, 8, 4)).astype(np.float32), g_sh)}
    return mesh, params, grads


def main(mesh, params, grads):
    with jax.set_mesh(mesh):
        opt = chain(make_clip(mesh)(threshold=0.5), scale(-0.01))
        state = opt.init(params)
        updates, state = opt.update(grads, state, params)
        params = apply_updates(params, updates)
        print({k: float(v.std()) for k, v in params.items()})


if __name__ == "__main__":
    main(*inputs())
