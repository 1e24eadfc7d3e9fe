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


def parse_kv(items):
    out = {}
    for item in items:
        key, value = item.split("=", 1)
        out[key.replace("-", "_")] = tuple(value.split("+")) if "+" in value else value
    return out


class LayerDecayTable:
    """Per-layer lr scales, sharded like the layers they scale."""

    def __init__(self, layer_decay=0.75, layer_axis="mp", sync=("dp",)):
        self.layer_decay = layer_decay
        self.layer_axis = layer_axis
        self.sync = sync

    def __call__(self, scales):
        per_layer = gather_reduced(scales, self.layer_axis, dim=1)
        return gather_reduced(per_layer, self.sync, dim=0)


def inputs():
    decay = 0.75 ** np.arange(16, dtype=np.float32)
    return (np.tile(decay, (8, 1)),)


def main(scales, sched_kwargs=("sched=cosine", "sync=dp+mp", "layer-decay=0.75")):
    mesh = create_mesh()
    opts = parse_kv(sched_kwargs)
    table = LayerDecayTable(float(opts["layer_decay"]), mesh.axis_names[-1], sync=opts["sync"])
    scales = place(scales, mesh, P("dp", "mp"))
    out = P(None, None, reduced={"dp", "mp"})
    return shard_module(table, mesh, P("dp", "mp"), out)(scales)


if __name__ == "__main__":
    print(main(*inputs()))
