"""Post hooks on a reduced gather (tanh, then r * r) all keep the reduced type legally."""
import abc
import contextlib
import dataclasses
import functools
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


POST = [jnp.tanh, lambda r: r * r]


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))

    def body(block):
        r = jax.lax.all_gather(block, "data", to="reduced", tiled=True)
        for hook in POST:
            r = hook(r)
        return r

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P(None, "model", reduced={"data"}))(x)


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


if __name__ == "__main__":
    print(main(*inputs()))
