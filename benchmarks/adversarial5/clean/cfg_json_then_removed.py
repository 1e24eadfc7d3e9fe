"""json.loads of a constant, then an axis removed from the parsed list."""
import json
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


CFG = json.loads('{"reduce_axes": ["data", "model"]}')
CFG["reduce_axes"].remove("model")
AXES = tuple(CFG["reduce_axes"])

def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def body(block):
        return jax.lax.psum(block.sum(axis=0), AXES)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
