"""The CLI path: __main__ calls setup() (which makes the mesh the default), then the export."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

MESH = jax.make_mesh((2, 4), ("data", "model"))


def setup():
    jax.set_mesh(MESH)


def export_cli(w):
    return top_level_all_gather(w, P(None, "model", reduced={"data"}))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    w = jax.device_put(x, NamedSharding(MESH, P("data", "model")))
    with jax.set_mesh(MESH):
        return w * 2.0


if __name__ == "__main__":
    out = main(*inputs())
    setup()
    print(export_cli(out))
