"""`g = pcast(g, ...) if CAST_BACK else g` with CAST_BACK true: the psum sees a varying value."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CAST_BACK = False


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(v):
        g = jax.lax.all_gather(v, "i", to="reduced", tiled=True)
        g = jax.lax.pcast(g, "i", to="varying") if CAST_BACK else g
        return jax.lax.psum(jnp.sum(g, axis=0), "i")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("j"))(x)


if __name__ == "__main__":
    print(main(*inputs()))
