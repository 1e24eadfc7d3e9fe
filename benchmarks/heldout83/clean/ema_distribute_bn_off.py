import functools
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# --- sharding helpers (pasted from timm_jax/utils/sharding.py) -------------------------------


def create_mesh(shape=(4, 2), axis_names=("replica", "fsdp")):
    return jax.make_mesh(tuple(shape), tuple(axis_names))


def place(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


def shard_module(fn, mesh, in_specs, out_specs):
    return jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs)


def gather_reduced(x, axis_name, dim=0):
    return jax.lax.all_gather(x, axis_name, axis=dim, tiled=True, to="reduced")


# --- timm_jax/utils/distributed.py -----------------------------------------------------------

_DIST_BN = {
    "reduce": lambda x, axis: jax.lax.pmean(x, axis),
    "": lambda x, axis: x,
}


def distribute_bn(stats, axis_name, mode="reduce"):
    return {k: _DIST_BN[mode](v, axis_name) for k, v in stats.items()}


# --- timm_jax/utils/model_ema.py -------------------------------------------------------------


class ModelEmaV3:
    def __init__(self, decay=0.9999, min_decay=0.0, use_warmup=False, warmup_power=2 / 3):
        self.decay = decay
        self.min_decay = min_decay
        self.use_warmup = use_warmup
        self.warmup_power = warmup_power

    def get_decay(self, step):
        if not self.use_warmup:
            return self.decay
        decay = 1 - (1 + step) ** -self.warmup_power
        return max(min(decay, self.decay), self.min_decay)

    def update(self, ema_stats, stats, step):
        d = self.get_decay(step)
        return {k: d * ema_stats[k] + (1 - d) * stats[k] for k in stats}


class StatsLogger:
    def __init__(self, axis_name):
        self.axis_name = axis_name

    def per_replica(self, stats):
        return {k: jax.lax.all_gather(v, self.axis_name, axis=0, tiled=True, to="reduced") for k, v in stats.items()}


def inputs():
    rng = np.random.default_rng(30)
    mean = rng.standard_normal((8, 16)).astype(np.float32)
    var = rng.uniform(0.5, 1.5, (8, 16)).astype(np.float32)
    return mean, var


def main(mean, var, dist_bn=""):
    mesh = create_mesh()
    replica, fsdp = mesh.axis_names
    ema = ModelEmaV3(decay=0.998, use_warmup=True)
    logger = StatsLogger(replica)

    def epoch_end(mean, var):
        stats = distribute_bn({"running_mean": mean, "running_var": var}, replica, dist_bn)
        ema_stats = ema.update(stats, stats, step=10)
        return logger.per_replica(ema_stats)

    spec = P(replica, fsdp)
    mean, var = place(mean, mesh, spec), place(var, mesh, spec)
    out = {k: P(None, fsdp, reduced={replica}) for k in ("running_mean", "running_var")}
    return shard_module(epoch_end, mesh, (spec, spec), out)(mean, var)


if __name__ == "__main__":
    print(main(*inputs()))
