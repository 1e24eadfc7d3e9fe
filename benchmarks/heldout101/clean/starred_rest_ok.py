"""The batch axis and the remaining axes are split off the mesh names by starred assignment."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    batch, *rest = mesh.axis_names
    every = tuple(rest)

    def body(block):
        emb = jax.lax.all_gather(jnp.tanh(block), batch, axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(emb, every, axis=1, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P(None, None, reduced={batch, *every}))(x)


if __name__ == "__main__":
    main()
