import functools
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# --- sharding helpers (pasted from timm_jax/utils/sharding.py) -------------------------------


def create_mesh(shape=(4, 2), axis_names=("dp", "mp")):
    return jax.make_mesh(tuple(shape), tuple(axis_names))


def place(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


def shard_module(fn, mesh, in_specs, out_specs):
    return jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs)


def gather_reduced(x, axis_name, dim=0):
    return jax.lax.all_gather(x, axis_name, axis=dim, tiled=True, to="reduced")


# --- timm_jax/scheduler -----------------------------------------------------------------------


class CosineLRScheduler:
    def __init__(self, base_lr, t_initial, lr_min=0.0, warmup_t=0, warmup_lr_init=0.0):
        self.base_lr = base_lr
        self.t_initial = t_initial
        self.lr_min = lr_min
        self.warmup_t = warmup_t
        self.warmup_lr_init = warmup_lr_init

    def __call__(self, t):
        if t < self.warmup_t:
            return self.warmup_lr_init + t * (self.base_lr - self.warmup_lr_init) / self.warmup_t
        t = t - self.warmup_t
        return self.lr_min + 0.5 * (self.base_lr - self.lr_min) * (1 + math.cos(math.pi * t / self.t_initial))


class StepLRScheduler:
    def __init__(self, base_lr, decay_t, decay_rate=0.1, warmup_t=0, warmup_lr_init=0.0):
        self.base_lr = base_lr
        self.decay_t = decay_t
        self.decay_rate = decay_rate

    def __call__(self, t):
        return self.base_lr * self.decay_rate ** (t // self.decay_t)


_SCHEDULERS = {"cosine": CosineLRScheduler, "step": StepLRScheduler}


def create_scheduler_v2(sched="cosine", base_lr=1e-3, num_epochs=300, decay_epochs=90,
                        warmup_epochs=5, warmup_lr=1e-5, min_lr=0.0, **kwargs):
    if sched == "cosine":
        return CosineLRScheduler(base_lr, num_epochs - warmup_epochs, min_lr, warmup_epochs, warmup_lr)
    return _SCHEDULERS[sched](base_lr, decay_epochs, warmup_t=warmup_epochs, warmup_lr_init=warmup_lr, **kwargs)


class NoisyScheduler:
    """Wraps a scheduler; the lr noise is drawn per shard and then synced."""

    def __init__(self, base, noise_range_t=None, noise_pct=0.67, noise_std=1.0, sync_axis="dp"):
        self.base = base
        self.noise_range_t = noise_range_t
        self.noise_pct = noise_pct
        self.noise_std = noise_std
        self.sync_axis = sync_axis

    def noise(self, eps):
        eps = gather_reduced(eps, self.sync_axis, dim=0)
        eps = jnp.tanh(eps * eps)
        return jax.lax.pmean(eps.sum(axis=0), self.sync_axis)

    def lr_factor(self, t, eps):
        if self.noise_range_t is None or not (self.noise_range_t[0] <= t < self.noise_range_t[1]):
            return jnp.ones(eps.shape[1:], jnp.float32)
        return 1.0 + self.noise(eps)


def inputs():
    rng = np.random.default_rng(52)
    return (rng.standard_normal((8, 16)).astype(np.float32) * 0.3,)


def main(eps):
    mesh = create_mesh()
    base = create_scheduler_v2("step", base_lr=0.1, decay_epochs=30)
    sched = NoisyScheduler(base, noise_range_t=(10, 60), sync_axis=mesh.axis_names[0])
    eps = place(eps, mesh, P("dp", "mp"))
    factor = functools.partial(sched.lr_factor, 20)
    return shard_module(factor, mesh, P("dp", "mp"), P("mp"))(eps)


if __name__ == "__main__":
    print(main(*inputs()))
