"""moe/optim/partitioned_export.py

Partitioned optimizer for the MoE layer and the export of the per-label optimizer
state for the router analysis notebook: each label's first moments are
regathered (under the mesh, outside shard_map) with the export spec the label
table gives.
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


LABELS = {"router": "dense", "experts": "expert"}
PARAM_SPECS = {"dense": P(None, "expert"), "expert": P("expert", None, None)}
EXPORT_SPECS = {"dense": P(None, None, reduced={"expert"}),
                "expert": P(None, "expert", None)}


def adam_for(label, b1=0.9, b2=0.999):
    def init_fn(params):
        return ScaleByAdamState(0, jax.tree.map(jnp.zeros_like, params), jax.tree.map(jnp.zeros_like, params))

    def update_fn(updates, state, params=None):
        mu = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, state.mu, updates)
        nu = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g * g, state.nu, updates)
        out = jax.tree.map(lambda m, v: m / (jnp.sqrt(v) + 1e-8), mu, nu)
        return out, ScaleByAdamState(state.count + 1, mu, nu)

    return GradientTransformation(init_fn, update_fn)


def export_moments(opt_state):
    exported = {}
    for label, st in opt_state.items():
        for name, mu in st.mu.items():
            exported[name] = top_level_all_gather(mu, EXPORT_SPECS[label])
    return exported


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "expert"))
    rng = np.random.default_rng(63)
    shapes = {"router": (8, 4), "experts": (4, 8, 8)}
    params, grads = {}, {}
    for name, shp in shapes.items():
        sh = NamedSharding(mesh, PARAM_SPECS[LABELS[name]])
        params[name] = jax.device_put(rng.normal(size=shp).astype(np.float32), sh)
        grads[name] = jax.device_put(rng.normal(size=shp).astype(np.float32), sh)
    return mesh, params, grads


def main(mesh, params, grads):
    with jax.set_mesh(mesh):
        opt = chain(multi_transform({"dense": adam_for("dense"), "expert": adam_for("expert")}, LABELS),
                    scale(-1e-3))
        state = opt.init(params)
        updates, state = opt.update(grads, state, params)
        params = apply_updates(params, updates)
        print({k: v.shape for k, v in export_moments(state[0]).items()})


if __name__ == "__main__":
    main(*inputs())
