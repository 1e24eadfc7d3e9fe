"""FedRep: the shared representation is gathered per head shard, then across clients and heads."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LAYERS = {}


def layer(name):
    def wrap(fn):
        LAYERS[name] = fn
        return fn
    return wrap


@layer("representation")
def gather_representation(w, client_axis, head_axis):
    by_head = jax.lax.all_gather(w, head_axis, axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(by_head, (client_axis, head_axis), axis=0, tiled=True, to="reduced")


def inputs():
    return (np.linspace(-1, 1, 8 * 16, dtype=np.float32).reshape(8, 16),)


def main(w):
    mesh = jax.make_mesh((2, 4), ("client", "head"))
    w = jax.device_put(w, NamedSharding(mesh, P("client", "head")))
    body = functools.partial(LAYERS["representation"], client_axis="client", head_axis="head")
    out = P(None, None, reduced={"client", "head"})
    return jax.shard_map(body, mesh=mesh, in_specs=P("client", "head"), out_specs=out)(w)


if __name__ == "__main__":
    main(*inputs())
