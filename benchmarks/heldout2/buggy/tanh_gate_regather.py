import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def gated_block(gate_shard):
    gate = jax.lax.all_gather(gate_shard, "x", to="reduced", tiled=True)
    gate = jnp.tanh(gate)
    gate = jnp.exp(gate)
    # the router wants the gate replicated over the whole 2-D mesh
    return jax.lax.all_gather(gate, ("x", "y"), to="reduced", tiled=True)


def inputs():
    return (np.linspace(-1, 1, 8 * 8, dtype=np.float32).reshape(8, 8),)


def main(g):
    mesh = jax.make_mesh((2, 4), ("x", "y"))
    g = jax.device_put(g, NamedSharding(mesh, P("x", "y")))
    f = jax.shard_map(gated_block, mesh=mesh, in_specs=P("x", "y"), out_specs=P(None, None, reduced={"x", "y"}))
    return f(g)
