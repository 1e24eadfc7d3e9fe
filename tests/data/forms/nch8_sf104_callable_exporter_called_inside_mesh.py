"""The exporter object is called inside the `with jax.set_mesh` block once, and handed to a helper
once: where the helper calls it is not followed, so no context is certain."""
import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Exporter:
    def __init__(self, spec):
        self.spec = spec

    def __call__(self, arr):
        return top_level_all_gather(arr, self.spec)


def run_later(fn, arr, mesh):
    with jax.set_mesh(mesh):
        return fn(arr)


def main(mesh, x):
    w = jax.device_put(x, NamedSharding(mesh, P("i", None)))
    export = Exporter(P(None, None, reduced={"i"}))
    with jax.set_mesh(mesh):
        first = export(w)
    return first, run_later(export, w, mesh)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jax.numpy.ones((8, 8)))
