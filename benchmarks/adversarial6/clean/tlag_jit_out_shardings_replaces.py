"""x is placed transposed, but a jit with out_shardings re-lays it out; the jit result is gathered."""
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    a = jax.device_put(x, NamedSharding(mesh, P("model", "data")))
    step = jax.jit(lambda v: v * 2, out_shardings=NamedSharding(mesh, P("data", "model")))
    w = step(a)
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, P(None, "model", reduced={"data"}))


if __name__ == "__main__":
    print(main(*inputs()))
