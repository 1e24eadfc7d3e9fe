"""Hierarchical federated averaging: clients report to an edge server per silo, edges to the cloud."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SILO = "silo"
CLIENT = "client"
TOPOLOGY = (SILO, CLIENT)


def edge_aggregate(update):
    # every client of a silo sees the silo's stacked updates, typed reduced for the backward pass
    return jax.lax.all_gather(update, CLIENT, axis=0, tiled=True, to="reduced")


def cloud_aggregate(update, levels):
    per_edge = edge_aggregate(update)
    return jax.lax.all_gather(per_edge, levels, axis=0, tiled=True, to="reduced")


def hierarchical_round(updates, levels=TOPOLOGY):
    stacked = cloud_aggregate(updates, levels)
    return stacked


def inputs():
    return (np.linspace(-1.0, 1.0, 8 * 6, dtype=np.float32).reshape(8, 6),)


def main(updates):
    mesh = jax.make_mesh((2, 4), TOPOLOGY)
    updates = jax.device_put(updates, NamedSharding(mesh, P(TOPOLOGY, None)))
    fn = jax.shard_map(hierarchical_round, mesh=mesh, in_specs=P(TOPOLOGY, None),
                       out_specs=P(None, None, reduced=set(TOPOLOGY)))
    return fn(updates)


if __name__ == "__main__":
    print(main(*inputs()))
