import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from functools import partial

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


@partial(jax.shard_map, mesh=mesh, in_specs=P("data", "model"), out_specs=P())
def global_mean(b):
    row = jax.lax.psum(jnp.mean(b, axis=1), "model")
    return jax.lax.pmean(row, mesh.axis_names)


def main(x=None):
    if x is None:
        (x,) = inputs()
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    out = global_mean(x)
    print(out.shape)
    return out


if __name__ == "__main__":
    main()
