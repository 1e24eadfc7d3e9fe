"""Batches from an islice of a loader are resharded before the gather."""
from jax._src.shard_map import top_level_all_gather
import itertools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def loader(mesh, xs, spec):
    for i in range(xs.shape[0]):
        yield jax.device_put(xs[i], NamedSharding(mesh, spec))


def inputs():
    return (np.arange(3 * 128, dtype=np.float32).reshape(3, 8, 16),)


def main(xs):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    out = []
    with jax.set_mesh(mesh):
        for b in itertools.islice(loader(mesh, xs, P("data", "model")), 2):
            b = b
            out.append(top_level_all_gather(b, P(None, "data", reduced={"model"})))
    return out


if __name__ == "__main__":
    print(main(*inputs()))
