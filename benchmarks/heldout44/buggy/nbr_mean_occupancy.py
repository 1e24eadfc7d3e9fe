"""Mean neighbour-list occupancy across replicas and atom shards, for resizing the buffer."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("replica", "atoms"))
REPLICA, ATOMS = MESH.axis_names


def occupancy(idx, capacity):
    return jnp.sum(idx < capacity, axis=-1).astype(jnp.float32)


def occupancy_report(idx):
    per_atom = occupancy(idx, capacity=8)
    per_replica = jax.lax.psum(jnp.sum(per_atom, axis=1), ATOMS)
    mean_fill = jax.lax.pmean(per_replica, MESH.axis_names)
    return mean_fill


def inputs():
    rng = np.random.default_rng(10)
    return (rng.integers(0, 12, size=(4, 16, 8)).astype(np.int32),)


def main(idx):
    spec = P(REPLICA, ATOMS, None)
    idx = jax.device_put(idx, NamedSharding(MESH, spec))
    return jax.shard_map(occupancy_report, mesh=MESH, in_specs=(spec,), out_specs=P())(idx)


if __name__ == "__main__":
    main(*inputs())
