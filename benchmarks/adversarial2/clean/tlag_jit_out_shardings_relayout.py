"""A jitted preprocessing step lays its output out over ('a', 'b') whatever its input's layout."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("a", "b"))
    raw = jax.device_put(x, NamedSharding(mesh, P("b")))
    normalise = jax.jit(lambda v: (v - v.mean()) / 10.0,
                        out_shardings=NamedSharding(mesh, P(("a", "b"))))
    x = normalise(raw)
    with jax.set_mesh(mesh):
        return top_level_all_gather(x, P("a", reduced={"b"}))


if __name__ == "__main__":
    print(main(*inputs()))
