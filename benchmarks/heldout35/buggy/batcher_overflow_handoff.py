"""Overflow handoff: requests a replica cannot batch in time move to its ring neighbour."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REPLICA = "replica"
N_REPLICAS = 8


def ring(n, shift=1):
    return [(i, (i + shift) % n) for i in range(n)]


def spill(queue, capacity):
    keep = queue[:capacity]
    overflow = queue[capacity:]
    return keep, overflow


def handoff(queue):
    keep, overflow = spill(queue, 4)
    snapshot = jax.lax.all_gather(overflow, REPLICA, to="reduced", tiled=True)
    received = jax.lax.ppermute(snapshot, REPLICA, perm=ring(N_REPLICAS))
    return keep, received


def inputs():
    return (np.arange(N_REPLICAS * 6, dtype=np.float32).reshape(N_REPLICAS * 6, 1),)


def main(queue):
    mesh = jax.make_mesh((N_REPLICAS,), (REPLICA,))
    queue = jax.device_put(queue, NamedSharding(mesh, P(REPLICA, None)))
    fn = jax.shard_map(handoff, mesh=mesh, in_specs=P(REPLICA, None),
                       out_specs=(P(REPLICA, None), P(REPLICA, None)))
    return fn(queue)


if __name__ == "__main__":
    print(main(*inputs()))
