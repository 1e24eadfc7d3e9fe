import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Placer:
    def __init__(self, mesh):
        self.mesh = mesh
        self.spec = P(*mesh.axis_names)

    def place(self, x):
        return jax.device_put(x, NamedSharding(self.mesh, self.spec))


def main(x):
    mesh = jax.make_mesh((2, 4), ("rows", "cols"))
    w = Placer(mesh).place(x)
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P("cols", None, reduced={"rows"}))  # SF104
