"""AdamW-like update in a train-step factory: local shard update plus the decayed full weight for the next forward."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class OptimizerConfig:
    peak_lr: float = 1e-2
    warmup_steps: int = 10
    weight_decay: float = 0.1


def warmup_schedule(cfg):
    def schedule(step):
        return cfg.peak_lr * jnp.minimum(1.0, (step + 1) / cfg.warmup_steps)
    return schedule


def build_update_fn(cfg, fsdp_axis):
    lr_fn = warmup_schedule(cfg)

    def update(step, w, g):
        lr = lr_fn(step)
        w_full = jax.lax.all_gather(w, fsdp_axis, tiled=True, to="reduced")
        decayed = w_full * (1.0 - lr * cfg.weight_decay)
        return decayed, w * (1.0 - lr * cfg.weight_decay) - lr * g

    return update


def inputs():
    rng = np.random.default_rng(35)
    return OptimizerConfig(), rng.standard_normal((8, 4)).astype(np.float32), rng.standard_normal((8, 4)).astype(np.float32)


def main(cfg, w, g):
    mesh = jax.make_mesh((4, 2), ("dp", "tp"))
    spec = P("dp", "tp")
    w = jax.device_put(w, NamedSharding(mesh, spec))
    g = jax.device_put(g, NamedSharding(mesh, spec))
    step = jax.device_put(jnp.asarray(3, jnp.int32), NamedSharding(mesh, P()))
    update = build_update_fn(cfg, "dp")
    fn = jax.jit(jax.shard_map(update, mesh=mesh, in_specs=(P(), spec, spec), out_specs=(P(None, "tp"), spec)))
    return fn(step, w, g)


if __name__ == "__main__":
    main(*inputs())
