"""Sequence parallelism: the relative-position bias table split over (sp, tp) is gathered in
one reduced gather over both axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SP, TP = "sp", "tp"


def inputs():
    rng = np.random.default_rng(103)
    return (rng.normal(size=(16, 4)).astype(np.float32),)


def full_table(bias):
    return jax.lax.all_gather(bias, (SP, TP), axis=0, tiled=True, to="reduced")


def main(bias):
    mesh = jax.make_mesh((4, 2), (SP, TP))
    bias = jax.device_put(bias, NamedSharding(mesh, P((SP, TP), None)))
    fn = jax.shard_map(full_table, mesh=mesh, in_specs=P((SP, TP), None),
                       out_specs=P(None, None, reduced={SP, TP}))
    return fn(bias)
