"""The metric helper is called inside the block by main and by a CLI path that sets its own mesh."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

MESH = jax.make_mesh((2, 4), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def metric(h):
    return top_level_all_gather(h, P("data", reduced={"model"}))


def cli_eval(h):
    jax.set_mesh(MESH)
    return metric(h)


def main(x):
    with jax.set_mesh(MESH):
        h = jax.device_put(x, NamedSharding(MESH, P("data", "model")))
        first = metric(h)
    return first


if __name__ == "__main__":
    out = main(*inputs())
    print(out, cli_eval(jax.device_put(out, NamedSharding(MESH, P("data", "model")))))
