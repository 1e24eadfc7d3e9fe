"""A decorator adapting an (inputs, params) API to a (params, inputs) one swaps the arguments."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def params_first(fn):
    @functools.wraps(fn)
    def wrapped(params, batch):
        return fn(params, batch)
    return wrapped


@params_first
def apply(batch, params):
    # batch: sharded over both axes; params: sharded over data only
    h = batch * 2.0
    return jax.lax.psum(jnp.sum(h), ("data", "model")) + jax.lax.psum(jnp.sum(params), "data")


def inputs():
    return (np.ones((8, 8), np.float32), np.arange(64, dtype=np.float32).reshape(8, 8))


def main(params, batch):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    params = jax.device_put(params, NamedSharding(mesh, P("data", None)))
    batch = jax.device_put(batch, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(apply, mesh=mesh, in_specs=(P("data", None), P("data", "model")),
                      out_specs=P())
    return f(params, batch)


if __name__ == "__main__":
    print(main(*inputs()))
