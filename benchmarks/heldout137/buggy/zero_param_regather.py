"""ranker/optim/zero_regather.py

ZeRO-1 with parameter regather: after the sharded Adam step each replica applies
the update to its own row block and the blocks are gathered back (as a reduced,
replicated value, so the backward pass sums their cotangents) for the next forward.
The weight-decay monitor reports the norm of the full weights.
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


class ShardingPlan(NamedTuple):
    mesh: Any
    owner_axis: str
    tp_axis: str

    @property
    def block(self):
        return P(self.owner_axis, self.tp_axis)


def sharded_sgdm_apply(plan, lr, momentum=0.9, wd=1e-4):
    """Momentum SGD that also applies the step and regathers the owned block."""
    rep = plan.mesh.shape[plan.owner_axis]

    def _apply(g_full, w, buf):
        g = jax.lax.psum_scatter(g_full, plan.owner_axis, scatter_dimension=0, tiled=True) / rep
        buf = momentum * buf + g + wd * w
        w_new = w - lr * buf
        w_full = jax.lax.all_gather(w_new, plan.owner_axis, axis=0, tiled=True, to="reduced")
        sq = jax.lax.psum(jnp.sum(w_full * w_full), plan.tp_axis)
        norm = jnp.sqrt(jax.lax.psum(sq, plan.owner_axis))
        return w_new, buf, w_full, norm

    apply = jax.shard_map(
        _apply, mesh=plan.mesh,
        in_specs=(plan.block, plan.block, plan.block),
        out_specs=(plan.block, plan.block, P(None, plan.tp_axis, reduced={plan.owner_axis}), P()))

    def init_fn(params):
        return {k: jnp.zeros_like(v) for k, v in params.items()}

    def update_fn(updates, state, params=None):
        deltas, bufs = {}, {}
        for k, g in updates.items():
            w_new, bufs[k], _, norm = apply(g, params[k], state[k])
            deltas[k] = w_new - params[k]
        return deltas, bufs

    return GradientTransformation(init_fn, update_fn)


def inputs():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    plan = ShardingPlan(mesh, "data", "model")
    rng = np.random.default_rng(2)
    blk = NamedSharding(mesh, plan.block)
    params = {"dense": jax.device_put(rng.normal(size=(16, 16)).astype(np.float32), blk)}
    grads = {"dense": jax.device_put(rng.normal(size=(64, 16)).astype(np.float32), blk)}
    return plan, params, grads


def main(plan, params, grads):
    with jax.set_mesh(plan.mesh):
        opt = chain(sharded_sgdm_apply(plan, lr=0.05))
        state = opt.init(params)
        for _ in range(3):
            updates, state = opt.update(grads, state, params)
            params = apply_updates(params, updates)
        print(float(jnp.mean(params["dense"])))


if __name__ == "__main__":
    main(*inputs())
