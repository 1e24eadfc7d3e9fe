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
from jax._src.shard_map import top_level_all_gather


class AdamW:
    def __init__(self, lr, betas=(0.9, 0.999), weight_decay=0.05):
        self.lr = lr
        self.betas = betas
        self.weight_decay = weight_decay

    def init(self, params):
        return {
            "exp_avg": jax.tree.map(jnp.zeros_like, params),
            "exp_avg_sq": jax.tree.map(jnp.zeros_like, params),
        }

    def state_dict(self, state, mesh):
        replica, shard = mesh.axis_names
        spec = P(None, shard, reduced={replica})
        return {k: jax.tree.map(lambda v: top_level_all_gather(v, spec), tree) for k, tree in state.items()}


def inputs():
    rng = np.random.default_rng(53)
    return ({"fc1.weight": rng.standard_normal((8, 16)).astype(np.float32),
             "fc2.weight": rng.standard_normal((8, 16)).astype(np.float32)},)


def main(params):
    mesh = create_mesh()
    scheduler = create_scheduler_v2("cosine", base_lr=1e-3, num_epochs=100)
    optimizer = AdamW(scheduler(0), weight_decay=0.05)
    params = jax.tree.map(lambda p: place(p, mesh, P("dp", "mp")), params)
    state = optimizer.init(params)
    with mesh:
        return optimizer.state_dict(state, mesh)


if __name__ == "__main__":
    print(jax.tree.map(jnp.shape, main(*inputs())))
