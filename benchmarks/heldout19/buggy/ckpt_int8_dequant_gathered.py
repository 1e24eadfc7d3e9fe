"""Restore an int8-quantised checkpoint: shards gathered, then dequantised with their scale."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def dequant_body(q, scale):
    full = jax.lax.all_gather(q, "fsdp", axis=0, tiled=True, to="reduced")
    return full.astype(jnp.float32) * scale


def main(q, scale):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tp"))
    q = jax.device_put(q, NamedSharding(mesh, P("fsdp", "tp")))
    scale = jax.device_put(scale, NamedSharding(mesh, P("tp")))
    fn = jax.shard_map(dequant_body, mesh=mesh, in_specs=(P("fsdp", "tp"), P("tp")),
                       out_specs=P(None, "tp", reduced={"fsdp"}))
    return fn(q, scale)


def inputs():
    rng = np.random.default_rng(35)
    return (rng.integers(-127, 128, (16, 8)).astype(np.int8),
            (rng.random(8) * 0.01).astype(np.float32))
