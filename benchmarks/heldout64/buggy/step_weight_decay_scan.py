"""Gradient-accumulation step built by a factory: micro-batches scanned with an L2 penalty."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class StepConfig:
    num_microbatches: int = 2
    l2_weight: float = 1e-4
    fsdp_axis: str = "dp"


def make_accumulating_loss(cfg: StepConfig):
    def loss(w, batches):
        w_full = jax.lax.all_gather(w, cfg.fsdp_axis, axis=0, tiled=True, to="reduced")

        def micro(acc, mb):
            pred = mb @ w_full
            penalty = jax.lax.psum(jnp.sum(w_full * w_full), cfg.fsdp_axis)
            return acc + jnp.mean(pred ** 2) + cfg.l2_weight * penalty, None

        total, _ = jax.lax.scan(micro, jnp.zeros_like(batches[0, 0, 0]), batches)
        return jax.lax.psum(total / cfg.num_microbatches, cfg.fsdp_axis)

    return loss


def inputs():
    rng = np.random.default_rng(32)
    cfg = StepConfig()
    w = rng.standard_normal((8, 4)).astype(np.float32)
    batches = rng.standard_normal((cfg.num_microbatches, 8, 8)).astype(np.float32)
    return cfg, w, batches


def main(cfg, w, batches):
    mesh = jax.make_mesh((4, 2), ("dp", "tp"))
    wspec, bspec = P(cfg.fsdp_axis, None), P(None, cfg.fsdp_axis, None)
    w = jax.device_put(w, NamedSharding(mesh, wspec))
    batches = jax.device_put(batches, NamedSharding(mesh, bspec))
    fn = jax.jit(jax.shard_map(make_accumulating_loss(cfg), mesh=mesh, in_specs=(wspec, bspec), out_specs=P()))
    return fn(w, batches)


if __name__ == "__main__":
    main(*inputs())
