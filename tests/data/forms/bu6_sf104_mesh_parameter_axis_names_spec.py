import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def place(mesh, x):
    return jax.device_put(x, NamedSharding(mesh, P(tuple(mesh.axis_names), None)))


def export(mesh, w):
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P(mesh.axis_names[-1], None, reduced={mesh.axis_names[0]}))  # SF104


def main(x):
    mesh = jax.make_mesh((2, 4), ("rows", "cols"))
    return export(mesh, place(mesh, x))
