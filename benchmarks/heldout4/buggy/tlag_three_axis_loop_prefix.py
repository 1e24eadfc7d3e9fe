"""A 3-D mesh (replica, fsdp, tensor); the flat batch dimension is split over all three axes.
The eval loop builds its out spec by walking the mesh axes and keeping the first two."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def keep_outer(mesh, n):
    kept, dropped = [], []
    for i, name in enumerate(mesh.axis_names):
        (kept if i < n else dropped).append(name)
    return tuple(kept), set(dropped)


def inputs():
    return (np.arange(16 * 2, dtype=np.float32).reshape(16, 2),)


def main(x):
    mesh = jax.make_mesh((2, 2, 2), ("replica", "fsdp", "tensor"))
    with jax.set_mesh(mesh):
        x = jax.device_put(x, NamedSharding(mesh, P(mesh.axis_names)))
        kept, dropped = keep_outer(mesh, 2)
        out = top_level_all_gather(x, P(kept, reduced=dropped))
        return out


if __name__ == "__main__":
    print(main(*inputs()))
