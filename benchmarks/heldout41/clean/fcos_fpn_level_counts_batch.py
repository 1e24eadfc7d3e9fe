"""FCOS: positives per FPN level, gathered per level, then a whole-mesh table for the logger."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FPN_STRIDES = (8, 16, 32)
MESH_AXES = ("batch", "spatial")


def level_positives(labels, level):
    return (labels[:, :, level] > 0).astype(jnp.float32).sum(axis=1, keepdims=True)


def gather_levels(counts, axes=MESH_AXES):
    per_level = jnp.concatenate(counts, axis=1)
    return jax.lax.all_gather(per_level, axes[-1], axis=1, tiled=True, to="reduced")


def positives_table(labels):
    counts = [level_positives(labels, i) for i in range(len(FPN_STRIDES))]
    table = gather_levels(counts)
    return jax.lax.all_gather(table, MESH_AXES[0], axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(14)
    return (rng.integers(0, 3, size=(8, 16, 3)).astype(np.int32),)


def main(labels):
    mesh = jax.make_mesh((4, 2), MESH_AXES)
    spec = P(*MESH_AXES, None)
    labels = jax.device_put(labels, NamedSharding(mesh, spec))
    return jax.shard_map(positives_table, mesh=mesh, in_specs=spec,
                         out_specs=P(None, None, reduced=set(MESH_AXES)))(labels)


if __name__ == "__main__":
    main(*inputs())
