import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


class Options:
    keep = "model"
    reduced = {"data"}


def export_spec(opts, reduced=None):
    if reduced is None:
        reduced = getattr(opts, "reduced", None) if hasattr(opts, "reduced") else set()
    if reduced:
        return P(None, opts.keep, reduced=reduced)
    return P(None, opts.keep)


def export(x):
    return top_level_all_gather(x, export_spec(Options()))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    x = inputs()[0] if x is None else x
    with jax.set_mesh(mesh):
        x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
        return export(x)


if __name__ == "__main__":
    main()
