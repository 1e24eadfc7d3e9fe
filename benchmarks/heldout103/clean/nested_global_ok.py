import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))

SYNC_AXIS = "data"


def configure(tensor_parallel):
    def choose():
        global SYNC_AXIS
        if tensor_parallel:
            SYNC_AXIS = "model"
    choose()


def body(block):
    r = jax.lax.all_gather(block, "model", axis=1, tiled=True, to="reduced")
    return jax.lax.psum(r, SYNC_AXIS)


configure(tensor_parallel=False)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    x = inputs()[0] if x is None else x
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                      out_specs=P(None, None, reduced={"model"}))
    return f(x)


if __name__ == "__main__":
    main()
