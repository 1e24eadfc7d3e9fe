"""jnp.take drops the reduced type: gathering the picked rows over ('i', 'j') to reduced is legal."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(v):
        rows = jax.lax.all_gather(v, "i", to="reduced", tiled=True)
        picked = rows[::2]
        return jax.lax.all_gather(picked, ("i", "j"), to="reduced", tiled=True)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, None, reduced={"i", "j"}))(x)


if __name__ == "__main__":
    print(main(*inputs()))
