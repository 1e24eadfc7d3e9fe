"""vision/optim/ema_debias.py

Debiased parameter EMA for the FSDP ViT trainer. The EMA rows are regathered for
the eval tower (kept reduced over "fsdp", matching how the eval loss's gradient is
summed back), and the eval tower's mean weight magnitude is reported per step.
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


class DebiasedEmaState(NamedTuple):
    count: Any
    ema: Any
    magnitude: Any


def debiased_ema(mesh, decay):
    _, fsdp_axis = mesh.axis_names
    spec = P(fsdp_axis, None)

    def _update(w, e, count):
        e = decay * e + (1.0 - decay) * w
        tower = jax.lax.all_gather(e, fsdp_axis, axis=0, tiled=True, to="reduced")
        n = tower.shape[0] * tower.shape[1]
        mag = jax.lax.pmean(jnp.sum(jnp.abs(tower)), fsdp_axis) / n
        return e, mag / (1.0 - decay ** count)

    update = jax.shard_map(_update, mesh=mesh, in_specs=(spec, spec, P()), out_specs=(spec, P()))

    def init_fn(params):
        return DebiasedEmaState(jnp.zeros([], jnp.int32), jax.tree.map(jnp.zeros_like, params), {})

    def update_fn(updates, state, params=None):
        count = state.count + 1
        new_ema, mags = {}, {}
        for k, u in updates.items():
            new_ema[k], mags[k] = update(params[k] + u, state.ema[k], count.astype(jnp.float32))
        return updates, DebiasedEmaState(count, new_ema, mags)

    return GradientTransformation(init_fn, update_fn)


def lion(lr, b1=0.9, b2=0.99):
    def init_fn(params):
        return jax.tree.map(jnp.zeros_like, params)

    def update_fn(updates, state, params=None):
        direction = jax.tree.map(lambda m, g: jnp.sign(b1 * m + (1 - b1) * g), state, updates)
        new_m = jax.tree.map(lambda m, g: b2 * m + (1 - b2) * g, state, updates)
        return jax.tree.map(lambda d: -lr * d, direction), new_m

    return GradientTransformation(init_fn, update_fn)


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "fsdp"))
    rng = np.random.default_rng(22)
    sh = NamedSharding(mesh, P("fsdp", None))
    params = {"head": jax.device_put(rng.normal(size=(16, 8)).astype(np.float32), sh)}
    grads = {"head": jax.device_put(rng.normal(size=(16, 8)).astype(np.float32), sh)}
    return mesh, params, grads


def main(mesh, params, grads):
    with jax.set_mesh(mesh):
        opt = chain(lion(1e-3), debiased_ema(mesh, decay=0.99))
        state = opt.init(params)
        for _ in range(2):
            updates, state = opt.update(grads, state, params)
            params = apply_updates(params, updates)
        print({k: float(v) for k, v in state[1].magnitude.items()})


if __name__ == "__main__":
    main(*inputs())
