"""A config dict round-tripped through json, then its axes updated."""
import json
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


BASE = {"axes": ["data", "model"]}
CFG = json.loads(json.dumps(BASE))
CFG.update(axes=["data"])

def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def body(block):
        return jax.lax.psum(block.sum(axis=0), tuple(CFG["axes"]))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))
