"""FSDP layer under jax.checkpoint: the gathered bias is clipped before it is added."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

CFG = {"fsdp_axis": "fsdp", "bias_clip": 3.0}


def gathered(p, cfg=CFG):
    return jax.lax.all_gather(p, cfg["fsdp_axis"], axis=0, tiled=True, to="reduced")


@functools.partial(jax.checkpoint, policy=jax.checkpoint_policies.dots_saveable)
def layer(b):
    b = gathered(b)
    b = jnp.clip(b, -CFG["bias_clip"], CFG["bias_clip"])
    return b


def inputs():
    mesh = jax.make_mesh((8,), (CFG["fsdp_axis"],))
    b = jax.random.normal(jax.random.key(42), (16,)) * 4
    return mesh, jax.device_put(b, NamedSharding(mesh, P(CFG["fsdp_axis"])))


def main(mesh, b):
    return jax.shard_map(layer, mesh=mesh, in_specs=P(CFG["fsdp_axis"]),
                         out_specs=P(reduced={CFG["fsdp_axis"]}))(b)
