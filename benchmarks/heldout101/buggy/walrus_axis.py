"""The axis is read from an options dict with an assignment expression."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

OPTIONS = {"gather": "model", "log_every": 10}


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    if (axis := OPTIONS.get("gather")) is None:
        axis = "data"

    def body(block):
        loss = jax.lax.psum(jnp.mean(block, axis=1), "model")
        return jax.lax.all_gather(loss, axis, tiled=True, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P("data", reduced={axis}))(x)


if __name__ == "__main__":
    main()
