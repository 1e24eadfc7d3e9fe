import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


GATHER = {"cols": "model"}


def body(b):
    full_rows = jax.lax.all_gather(b, "data", axis=0, tiled=True, to="reduced")
    axes = tuple(jax.tree.leaves(GATHER))
    return jax.lax.all_gather(full_rows, axes, axis=1, tiled=True, to="reduced")


def main(x=None):
    if x is None:
        (x,) = inputs()
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    out = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                        out_specs=P(None, None, reduced={"data", "model"}))(x)
    print(out.shape)
    return out


if __name__ == "__main__":
    main()
