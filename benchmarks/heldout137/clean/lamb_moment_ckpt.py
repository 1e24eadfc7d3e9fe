"""recsys/optim/lamb_ckpt.py

LAMB for the DLRM top MLP and the checkpoint helper that writes the first
moments in the "rows replicated, columns split" layout the converter reads. The
trainer builds the mesh, runs the steps inside its mesh context and saves after.
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


STATE_SPEC = P("data", "model")
CKPT_SPEC = P(None, "model", reduced={"data"})


def sharded_lamb(mesh, eps=1e-6):
    spec = STATE_SPEC

    def _u(g, w, mu, nu):
        mu = 0.9 * mu + 0.1 * g
        nu = 0.999 * nu + 0.001 * g * g
        u = mu / (jnp.sqrt(nu) + eps)
        w_n = jnp.sqrt(jax.lax.psum(jnp.sum(w * w), ("data", "model")))
        u_n = jnp.sqrt(jax.lax.psum(jnp.sum(u * u), ("data", "model")))
        return (w_n / (u_n + eps)) * u, mu, nu

    fn = jax.shard_map(_u, mesh=mesh, in_specs=(spec,) * 4, out_specs=(spec,) * 3)

    def init_fn(params):
        return ScaleByAdamState(jnp.zeros([], jnp.int32), jax.tree.map(jnp.zeros_like, params),
                                jax.tree.map(jnp.zeros_like, params))

    def update_fn(updates, state, params=None):
        out, mu, nu = {}, {}, {}
        for k, g in updates.items():
            out[k], mu[k], nu[k] = fn(g, params[k], state.mu[k], state.nu[k])
        return out, ScaleByAdamState(state.count + 1, mu, nu)

    return GradientTransformation(init_fn, update_fn)


def save_first_moments(state):
    return {k: np.asarray(top_level_all_gather(v, CKPT_SPEC)) for k, v in state.mu.items()}


def train(mesh, params, grads, steps):
    opt = chain(sharded_lamb(mesh), scale(-1e-3))
    with jax.set_mesh(mesh):
        state = opt.init(params)
        for _ in range(steps):
            updates, state = opt.update(grads, state, params)
            params = apply_updates(params, updates)
    return params, state


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    rng = np.random.default_rng(33)
    sh = NamedSharding(mesh, STATE_SPEC)
    params = {"top0": jax.device_put(rng.normal(size=(8, 8)).astype(np.float32), sh)}
    grads = {"top0": jax.device_put(rng.normal(size=(8, 8)).astype(np.float32), sh)}
    return mesh, params, grads


def main(mesh, params, grads):
    params, state = train(mesh, params, grads, steps=2)
    with jax.set_mesh(mesh):
        saved = save_first_moments(state[0])
    print({k: v.shape for k, v in saved.items()})


if __name__ == "__main__":
    main(*inputs())
