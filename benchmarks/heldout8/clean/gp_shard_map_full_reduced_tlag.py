"""GP kernel built by shard_map over row blocks, gathered with every axis of the rows reduced."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"kernel_rows": P(("rows", "batch"), None), "gathered": P(None, None, reduced={"rows", "batch"})}


def rbf_block(a, b):
    return jnp.exp(-0.5 * jnp.sum((a[:, None] - b[None]) ** 2, axis=-1))


def inputs():
    return (np.random.default_rng(50).uniform(size=(16, 2)).astype(np.float32),)


def main(points):
    mesh = jax.make_mesh((4, 2), ("rows", "batch"))
    with jax.set_mesh(mesh):
        rows = jax.device_put(points, NamedSharding(mesh, SPECS["kernel_rows"]))
        everyone = jax.device_put(points, NamedSharding(mesh, P()))
        k = jax.shard_map(rbf_block, in_specs=(SPECS["kernel_rows"], P()), out_specs=SPECS["kernel_rows"])(rows, everyone)
        return top_level_all_gather(k, SPECS["gathered"])
