"""Async checkpointing of EMA weights: each shard is passed round the ring before the save."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DECAY = 0.999


def ring(n):
    return [(i, (i + 1) % n) for i in range(n)]


def ema_body(ema, params):
    ema = DECAY * ema + (1 - DECAY) * params
    snapshot = jax.lax.all_gather(ema, "fsdp", axis=0, tiled=True, to="reduced")
    staged = jax.lax.ppermute(snapshot, "fsdp", ring(4))
    return ema, staged


def main(ema, params):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tp"))
    spec = P("fsdp", "tp")
    ema = jax.device_put(ema, NamedSharding(mesh, spec))
    params = jax.device_put(params, NamedSharding(mesh, spec))
    fn = jax.shard_map(ema_body, mesh=mesh, in_specs=(spec, spec),
                       out_specs=(spec, spec))
    return fn(ema, params)


def inputs():
    rng = np.random.default_rng(32)
    return (rng.standard_normal((16, 8), dtype=np.float32),
            rng.standard_normal((16, 8), dtype=np.float32))
