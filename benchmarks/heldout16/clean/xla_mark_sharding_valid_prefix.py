"""torch-xla style port: a checkpoint gathered to a valid prefix of the two-axis layout."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def mark_sharding(t, mesh, partition_spec):
    names = tuple(None if d is None else (tuple(mesh.axis_names[i] for i in d)
                                          if isinstance(d, tuple) else mesh.axis_names[d])
                  for d in partition_spec)
    return jax.device_put(t, NamedSharding(mesh, P(*names)))


def inputs():
    return (np.linspace(-1, 1, 16 * 8, dtype=np.float32).reshape(16, 8),)


def main(w):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    w = mark_sharding(w, mesh, ((0, 1), None))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P("data", None, reduced={"model"}))
