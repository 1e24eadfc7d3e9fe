"""jnp.argsort's indices are invariant on jax 0.10.2 even of a varying block: gathering them to
reduced raises (all_gather_reduced only accepts inputs that are varying)."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def body(block):
    order = jnp.argsort(block, axis=-1)
    return jax.lax.all_gather(order, "i", axis=0, tiled=True, to="reduced")  # SF101


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))(x)
