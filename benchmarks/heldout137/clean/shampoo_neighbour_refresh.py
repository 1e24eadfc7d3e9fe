"""mt/optim/shampoo_neighbour_refresh.py

Blocked Shampoo for the MT decoder with neighbour refreshes: each device sends its
own block statistics one step along the block ring (the neighbour computes the
inverse root on alternate steps), and the refreshed roots are regathered (reduced
over "block") for the batched kernel.
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


class NeighbourState(NamedTuple):
    stats: Any
    roots: Any


def ring(n):
    return [(i, (i + 1) % n) for i in range(n)]


def neighbour_shampoo(mesh, beta2=0.99, eps=1e-4, data_axis="data", block_axis="block"):
    nb = mesh.shape[block_axis]
    g_spec = P(data_axis, None, block_axis)
    s_spec = P(block_axis, None, None)

    def _step(g, stats):
        g = jax.lax.pmean(g[0], data_axis)
        r = beta2 * stats[0] + (1 - beta2) * (g.T @ g)
        theirs = jax.lax.ppermute(r, block_axis, perm=ring(nb))
        root = jnp.diag(1.0 / jnp.sqrt(jnp.diagonal(theirs) + eps))
        roots = jax.lax.all_gather(root, block_axis, axis=0, tiled=False, to="reduced")
        return g / jnp.sqrt(jnp.diagonal(r) + eps), r[None], roots

    fn = jax.shard_map(_step, mesh=mesh, in_specs=(g_spec, s_spec),
                       out_specs=(P(None, block_axis), s_spec, P(None, None, None, reduced={block_axis})))

    def init_fn(params):
        stats = {k: jnp.zeros((nb, v.shape[1] // nb, v.shape[1] // nb), v.dtype, out_sharding=s_spec)
                 for k, v in params.items()}
        return NeighbourState(stats, {})

    def update_fn(updates, state, params=None):
        out, stats, roots = {}, {}, {}
        for k, g in updates.items():
            out[k], stats[k], roots[k] = fn(g, state.stats[k])
        return out, NeighbourState(stats, roots)

    return GradientTransformation(init_fn, update_fn)


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "block"))
    rng = np.random.default_rng(74)
    params = {"ffn": jax.device_put(rng.normal(size=(8, 16)).astype(np.float32),
                                    NamedSharding(mesh, P(None, "block")))}
    grads = {"ffn": jax.device_put(rng.normal(size=(2, 8, 16)).astype(np.float32),
                                   NamedSharding(mesh, P("data", None, "block")))}
    return mesh, params, grads


def main(mesh, params, grads):
    with jax.set_mesh(mesh):
        opt = chain(neighbour_shampoo(mesh), scale(-0.01))
        state = opt.init(params)
        updates, state = opt.update(grads, state, params)
        params = apply_updates(params, updates)
        print(float(params["ffn"].sum()))


if __name__ == "__main__":
    main(*inputs())
