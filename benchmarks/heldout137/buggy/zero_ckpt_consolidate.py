"""ranker/optim/zero_checkpoint.py

ZeRO-1 Adam whose moment shards are consolidated once per update so the async
checkpointer can write a single replicated copy. The trainer first collects the
tensor-parallel halves of the first moment for its per-row stats, then hands the
moments to the consolidation step.
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


AXES = {"dp": "data", "tp": "model"}
CKPT_AXES = (AXES["dp"], AXES["tp"])


def consolidate(x, axes):
    return jax.lax.all_gather(x, axes, axis=0, tiled=True, to="reduced")


def zero_adam_with_ckpt(mesh, b1=0.9, b2=0.99, eps=1e-8):
    shard = P(AXES["dp"], AXES["tp"])
    rep = mesh.shape[AXES["dp"]]

    def _body(g_full, mu, nu):
        g = jax.lax.psum_scatter(g_full, AXES["dp"], scatter_dimension=0, tiled=True) / rep
        mu = b1 * mu + (1 - b1) * g
        nu = b2 * nu + (1 - b2) * jnp.square(g)
        step = mu / (jnp.sqrt(nu) + eps)
        mu_rows = jax.lax.all_gather(mu, AXES["tp"], axis=1, tiled=True, to="reduced")
        row_peak = jnp.max(jnp.abs(mu_rows), axis=1)
        mu_ckpt = consolidate(mu_rows, CKPT_AXES)
        return step, mu, nu, row_peak, mu_ckpt

    body = jax.shard_map(
        _body, mesh=mesh,
        in_specs=(shard, shard, shard),
        out_specs=(shard, shard, shard, P(AXES["dp"]), P(None, None, reduced=set(CKPT_AXES))))

    def init_fn(params):
        zeros = jax.tree.map(jnp.zeros_like, params)
        return ScaleByAdamState(jnp.zeros([], jnp.int32), zeros, jax.tree.map(jnp.zeros_like, params))

    def update_fn(updates, state, params=None):
        out, mu, nu, snapshot = {}, {}, {}, {}
        for k, g in updates.items():
            out[k], mu[k], nu[k], _, snapshot[k] = body(g, state.mu[k], state.nu[k])
        return out, ScaleByAdamState(state.count + 1, mu, nu)

    return GradientTransformation(init_fn, update_fn)


def build(mesh, lr):
    return chain(zero_adam_with_ckpt(mesh), scale(-lr))


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    rng = np.random.default_rng(1)
    shard = NamedSharding(mesh, P("data", "model"))
    params = {"emb": jax.device_put(rng.normal(size=(32, 8)).astype(np.float32), shard)}
    grads = {"emb": jax.device_put(rng.normal(size=(128, 8)).astype(np.float32), shard)}
    return mesh, params, grads, 1e-3


def main(mesh, params, grads, lr):
    with jax.set_mesh(mesh):
        opt = build(mesh, lr)
        state = opt.init(params)
        updates, state = opt.update(grads, state, params)
        params = apply_updates(params, updates)
        print(float(jnp.linalg.norm(params["emb"])), int(state[0].count))


if __name__ == "__main__":
    main(*inputs())
