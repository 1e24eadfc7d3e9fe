"""The shared default list is filled by the first call (a warm-up whose result is dropped); the
second call sees it non-empty and skips the sum over "i"."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


def reduce_once(x, done=[]):
    if done:
        return x
    done.append(True)
    return jax.lax.psum(x, "i")


def body(x):
    x * 0.0
    x = reduce_once(x)
    return jax.lax.all_gather(x, "i", axis=0, tiled=True, to="reduced")


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())
