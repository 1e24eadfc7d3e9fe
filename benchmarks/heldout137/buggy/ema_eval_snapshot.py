"""vision/optim/ema_eval_copy.py

EMA transform for the 2-D sharded ViT trainer (rows on "fsdp", columns on "data") that also materialises the evaluation
copy: the EMA rows are regathered over "fsdp" for the eval tower on each host,
and the same gathered copy is handed to the snapshotter, which collects it over
every axis of the mesh.
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


class EvalEmaState(NamedTuple):
    ema: Any
    snapshot: Any


class Snapshotter:
    def __init__(self, mesh):
        self.axes = tuple(mesh.axis_names)

    def __call__(self, x):
        return jax.lax.all_gather(x, self.axes, axis=0, tiled=True, to="reduced")


def ema_with_eval_copy(mesh, decay=0.999):
    data_axis, fsdp_axis = mesh.axis_names
    snap = Snapshotter(mesh)
    spec = P(fsdp_axis, data_axis)

    def _step(w, e):
        e = decay * e + (1.0 - decay) * w
        eval_copy = jax.lax.all_gather(e, fsdp_axis, axis=0, tiled=True, to="reduced")
        return e, snap(eval_copy)

    step = jax.shard_map(_step, mesh=mesh, in_specs=(spec, spec),
                         out_specs=(spec, P(None, None, reduced=set(mesh.axis_names))))

    def init_fn(params):
        return EvalEmaState(jax.tree.map(jnp.copy, params), {})

    def update_fn(updates, state, params=None):
        ema, snaps = {}, {}
        for k, u in updates.items():
            ema[k], snaps[k] = step(params[k] + u, state.ema[k])
        return updates, EvalEmaState(ema, snaps)

    return GradientTransformation(init_fn, update_fn)


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "fsdp"))
    rng = np.random.default_rng(21)
    sh = NamedSharding(mesh, P("fsdp", "data"))
    params = {"qkv": jax.device_put(rng.normal(size=(16, 12)).astype(np.float32), sh),
              "mlp": jax.device_put(rng.normal(size=(8, 12)).astype(np.float32), sh)}
    updates = {k: jax.device_put(np.full(v.shape, -0.01, np.float32), sh) for k, v in params.items()}
    return mesh, params, updates


def main(mesh, params, updates):
    with jax.set_mesh(mesh):
        opt = chain(scale(1.0), ema_with_eval_copy(mesh))
        state = opt.init(params)
        out, state = opt.update(updates, state, params)
        params = apply_updates(params, out)
        print({k: v.shape for k, v in state[1].snapshot.items()})


if __name__ == "__main__":
    main(*inputs())
