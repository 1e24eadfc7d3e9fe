"""The same helper on `jax.sharding.get_abstract_mesh()`: the export asks for P(None, "j",
reduced={"i"}), which gathers the first dimension whole and lists "i" as reduced, and JAX
accepts the gather."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def predict(x):
    return jax.shard_map(lambda a: a * 2, mesh=jax.sharding.get_abstract_mesh(), in_specs=P("i", "j"),
                         out_specs=P("i", "j"))(x)


class Export:
    def __init__(self, dims, reduced=()):
        self.dims, self.reduced = dims, set(reduced)

    @property
    def spec(self):
        return P(*self.dims, reduced=self.reduced)


def main(dims=(None, "j")):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    export = Export(dims, reduced=("i",))
    with jax.set_mesh(mesh):
        y = predict(x)
        return top_level_all_gather(y, export.spec)


if __name__ == "__main__":
    main()
