"""The gathered array comes from a jit whose out_shardings fixes the layout the gather expects."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("dp", "mp"))
    with jax.set_mesh(mesh):
        x = jax.device_put(x, NamedSharding(mesh, P(("dp", "mp"))))
        norm = jax.jit(lambda v: v / (jnp.abs(v).max() + 1.0),
                       out_shardings=NamedSharding(mesh, P("dp", "mp")))
        y = norm(x)
        out = top_level_all_gather(y, P("dp", None, reduced={"mp"}))
        return jax.reshard(out, P("dp"))


if __name__ == "__main__":
    print(main(*inputs()))
