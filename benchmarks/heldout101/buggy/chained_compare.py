"""A chained comparison on the tensor-parallel size decides whether columns are gathered."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def export_spec(mesh):
    tp = mesh.shape["model"]
    if 1 < tp <= 2:
        return P("data", None)
    return P("data", "model")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    with jax.set_mesh(mesh):
        w = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
        out = top_level_all_gather(w, export_spec(mesh))
    return out


if __name__ == "__main__":
    main()
