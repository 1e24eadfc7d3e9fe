"""The gather mode comes from a StrEnum with `auto()`: `To.REDUCED` is its name in lower case, a
word this file never spells so; the gathered table (REDUCED on `model`) then goes into a pmax."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class To(enum.StrEnum):
    VARYING = enum.auto()
    REDUCED = enum.auto()


def make_body(mode: To):
    def body(x):
        full = jax.lax.all_gather(x, "model", axis=1, tiled=True, to=mode)
        return jax.lax.pmax(jnp.sum(full * full, axis=1), "model")  # SF103
    return body


def inputs():
    return (np.ones((8, 8), np.float32),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    xd = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    return jax.shard_map(make_body(To.REDUCED), mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P("data"))(xd)


if __name__ == "__main__":
    main(*inputs())
