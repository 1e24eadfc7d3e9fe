"""A sweep: each config's run and its report both sit inside that config's mesh block."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

SWEEP = [((2, 4), ("d", "m")), ((4, 2), ("d", "m"))]


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def report(w):
    return top_level_all_gather(w, P(None, "m", reduced={"d"}))


def main(x):
    outs = []
    for shape, names in SWEEP:
        mesh = jax.make_mesh(shape, names)
        with jax.set_mesh(mesh):
            w = jax.device_put(x, NamedSharding(mesh, P("d", "m")))
            w = w + 1.0
            if True:
                outs.append(np.asarray(report(w)))
    return outs[0] + outs[1]


if __name__ == "__main__":
    print(main(*inputs()))
