"""Methods on a reduced gather: .max(axis=0) and .T @ drop the reduced type before the scaling."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8) / 64,)


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(x, NamedSharding(mesh, P("i", "j")))

    def body(b):
        g = jax.lax.all_gather(b, "i", to="reduced", tiled=True)
        peak = g.sum(axis=0) * 2.0
        gram = (g.T @ g) / 8.0
        return peak, gram

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=(P("j"), P("j")))(x)


if __name__ == "__main__":
    print(main(*inputs()))
