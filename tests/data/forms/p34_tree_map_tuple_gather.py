import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


def body(grads):
    scaled = jax.tree.map(jnp.tanh, grads)
    return lax.all_gather(scaled, ("i", "j"), to="reduced", tiled=True)  # SF102 (leaf 'a' is fine, leaf 'b' is reduced on 'i')


def run(mesh, a, b):
    specs = {"a": P(("i", "j")), "b": P("j", reduced={"i"})}
    return jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=P(None, reduced={"i", "j"}))({"a": a, "b": b})
