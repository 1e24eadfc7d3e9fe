"""The report helper re-enters itself under the mesh when the caller has none set."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def report(w, mesh):
    if not jax.sharding.get_abstract_mesh().empty:
        with jax.set_mesh(mesh):
            return report(w, mesh)
    return top_level_all_gather(w, P(None, "m", reduced={"d"}))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("d", "m"))
    with jax.set_mesh(mesh):
        w = jax.device_put(x, NamedSharding(mesh, P("d", "m"))) * 3.0
    return report(w, mesh)


if __name__ == "__main__":
    print(main(*inputs()))
