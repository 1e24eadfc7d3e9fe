"""Entry point: a tensor sharded over both mesh axes is gathered over the second one only."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return jax.make_mesh((2, 4), ("data", "model")), np.arange(64, dtype=np.float32).reshape(8, 8)


def main(mesh, x):
    outer, inner = mesh.axis_names[0], mesh.axis_names[1]
    with jax.set_mesh(mesh):
        x = jax.device_put(x, NamedSharding(mesh, P((outer, inner))))
        y = top_level_all_gather(x, P(outer, reduced={inner}))
    return float(np.asarray(y).sum())
