import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from functools import partial

mesh = jax.make_mesh((4, 2), ("data", "model"))


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


@partial(jax.jit, static_argnames="axes")
def gather_table(x, axes):
    def body(b):
        rows = jax.lax.all_gather(b, "data", axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(rows, axes, axis=1, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P(None, None, reduced={"data", "model"}))(x)


def main(x=None):
    if x is None:
        (x,) = inputs()
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    out = gather_table(x, axes=("model",))
    print(out.shape)
    return out


if __name__ == "__main__":
    main()
