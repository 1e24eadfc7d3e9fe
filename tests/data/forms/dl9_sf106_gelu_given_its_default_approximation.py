"""timm's `gelu_tanh` activation: `functools.partial(jax.nn.gelu, approximate=True)`, gelu's own
default spelled out, is the call the transfer table observed without the keyword."""
import functools

import jax
from jax.sharding import PartitionSpec as P

gelu_tanh = functools.partial(jax.nn.gelu, approximate=True)


def body(x):
    full = jax.lax.all_gather(x, "i", axis=0, tiled=True, to="reduced")
    return gelu_tanh(full)  # SF106


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)
