"""A torch-xla SPMD training script ported by hand: mark_sharding, then a gathered checkpoint."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Mesh:
    """xs.Mesh(device_ids, mesh_shape, axis_names) look-alike."""

    def __init__(self, device_ids, mesh_shape, axis_names):
        self.jax_mesh = jax.make_mesh(mesh_shape, axis_names)
        self.axis_names = axis_names

    def spec(self, partition_spec):
        out = []
        for d in partition_spec:
            if isinstance(d, tuple):
                out.append(tuple(self.axis_names[i] for i in d))
            else:
                out.append(None if d is None else self.axis_names[d])
        return P(*out)


def mark_sharding(t, mesh, partition_spec):
    return jax.device_put(t, NamedSharding(mesh.jax_mesh, mesh.spec(partition_spec)))


def inputs():
    w = np.linspace(-1, 1, 16 * 8, dtype=np.float32).reshape(16, 8)
    return (w,)


def main(w):
    mesh = Mesh(list(range(8)), (2, 4), ("data", "model"))
    w = mark_sharding(w, mesh, ((0, 1), None))
    w = w * 0.5
    with jax.set_mesh(mesh.jax_mesh):
        ckpt = top_level_all_gather(w, mesh.spec((1, None)))
    return ckpt
