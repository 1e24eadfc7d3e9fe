"""moe/optim/masked_expert_stats.py

Masked optimizer for the MoE layer: only the expert weights (selected by the mask
tree) go through the expert-statistics transform. Per-expert update magnitudes are
collected over the "expert" axis for the load-balance dashboard, and the same
table is then collected over every mesh axis for the cross-replica drift check.
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


MASK = {"gate": False, "w_up": True, "w_down": True}


class ExpertStatsState(NamedTuple):
    table: Any


def expert_stats(mesh, stats_axes):
    data_axis, expert_axis = mesh.axis_names
    g_spec = P(data_axis, expert_axis, None, None)

    def _stats(g):
        mag = jnp.mean(jnp.abs(g[0]), axis=(1, 2))
        table = jax.lax.all_gather(mag, expert_axis, axis=0, tiled=True, to="reduced")
        drift = jax.lax.all_gather(table, stats_axes, axis=0, tiled=True, to="reduced")
        return jax.lax.pmean(g[0], data_axis), drift

    fn = jax.shard_map(_stats, mesh=mesh, in_specs=(g_spec,),
                       out_specs=(P(expert_axis, None, None), P(None, reduced=set(stats_axes))))

    def init_fn(params):
        del params
        return ExpertStatsState({})

    def update_fn(updates, state, params=None):
        out, table = {}, {}
        for k, g in updates.items():
            out[k], table[k] = fn(g)
        return out, ExpertStatsState(table)

    return GradientTransformation(init_fn, update_fn)


def dense_mean():
    def init_fn(params):
        return EmptyState()

    def update_fn(updates, state, params=None):
        return {k: (jnp.mean(v, axis=0) if v.ndim == 3 else v) for k, v in updates.items()}, state

    return GradientTransformation(init_fn, update_fn)


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "expert"))
    rng = np.random.default_rng(61)
    e_sh = NamedSharding(mesh, P("expert", None, None))
    g_sh = NamedSharding(mesh, P("data", "expert", None, None))
    params = {"gate": jax.device_put(rng.normal(size=(8, 4)).astype(np.float32), NamedSharding(mesh, P())),
              "w_up": jax.device_put(rng.normal(size=(4, 8, 8)).astype(np.float32), e_sh),
              "w_down": jax.device_put(rng.normal(size=(4, 8, 8)).astype(np.float32), e_sh)}
    grads = {"gate": jax.device_put(rng.normal(size=(2, 8, 4)).astype(np.float32), NamedSharding(mesh, P())),
             "w_up": jax.device_put(rng.normal(size=(2, 4, 8, 8)).astype(np.float32), g_sh),
             "w_down": jax.device_put(rng.normal(size=(2, 4, 8, 8)).astype(np.float32), g_sh)}
    return mesh, params, grads


def main(mesh, params, grads):
    with jax.set_mesh(mesh):
        opt = chain(masked(expert_stats(mesh, ("data", "expert")), MASK), dense_mean(), scale(-0.01))
        state = opt.init(params)
        updates, state = opt.update(grads, state, params)
        params = apply_updates(params, updates)
        print({k: v.shape for k, v in params.items()})


if __name__ == "__main__":
    main(*inputs())
