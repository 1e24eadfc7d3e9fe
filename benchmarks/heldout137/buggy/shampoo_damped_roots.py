"""mt/optim/shampoo_damped.py

Blocked Shampoo for the MT decoder with damping: the block statistics are
regathered into the stacked layout of the batched inverse-root kernel (reduced
over "block", the layout the kernel's custom VJP expects), damped with the
identity, and the kernel's output block for this device is read back.
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


DAMPING = {"mode": "identity", "epsilon": 1e-3}


class DampedState(NamedTuple):
    stats: Any


def batched_inverse_root(stack, p=4):
    w, v = jnp.linalg.eigh(stack)
    return (v * jnp.maximum(w, 1e-6)[..., None, :] ** (-1.0 / p)) @ jnp.swapaxes(v, -1, -2)


def damped_shampoo(mesh, beta2=0.99, data_axis="data", block_axis="block"):
    g_spec = P(data_axis, None, block_axis)
    s_spec = P(block_axis, None, None)
    eps = DAMPING["epsilon"]

    def _step(g, stats):
        g = jax.lax.pmean(g[0], data_axis)
        r = beta2 * stats[0] + (1 - beta2) * (g.T @ g)
        stack = jax.lax.all_gather(r, block_axis, axis=0, tiled=False, to="reduced")
        damped = stack + eps * jnp.eye(r.shape[0], dtype=r.dtype)
        roots = batched_inverse_root(damped)
        mine = roots[jax.lax.axis_index(block_axis)]
        return g @ mine, r[None]

    fn = jax.shard_map(_step, mesh=mesh, in_specs=(g_spec, s_spec),
                       out_specs=(P(None, block_axis), s_spec))

    def init_fn(params):
        nb = mesh.shape[block_axis]
        return DampedState({k: jnp.zeros((nb, v.shape[1] // nb, v.shape[1] // nb), v.dtype,
                                         out_sharding=s_spec) for k, v in params.items()})

    def update_fn(updates, state, params=None):
        out, stats = {}, {}
        for k, g in updates.items():
            out[k], stats[k] = fn(g, state.stats[k])
        return out, DampedState(stats)

    return GradientTransformation(init_fn, update_fn)


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "block"))
    rng = np.random.default_rng(55)
    params = {"emb_proj": jax.device_put(rng.normal(size=(8, 16)).astype(np.float32),
                                         NamedSharding(mesh, P(None, "block")))}
    grads = {"emb_proj": jax.device_put(rng.normal(size=(2, 8, 16)).astype(np.float32),
                                        NamedSharding(mesh, P("data", None, "block")))}
    return mesh, params, grads


def main(mesh, params, grads):
    with jax.set_mesh(mesh):
        opt = chain(damped_shampoo(mesh), scale(-0.01))
        state = opt.init(params)
        updates, state = opt.update(grads, state, params)
        params = apply_updates(params, updates)
        print(float(params["emb_proj"].sum()))


if __name__ == "__main__":
    main(*inputs())
