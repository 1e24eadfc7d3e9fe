"""Water distribution network: district demand summed over pipes, cast back before the reduced gather."""
from enum import Enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(str, Enum):
    DISTRICT = "district"
    PIPE = "pipe"


class DemandReport:
    def __call__(self, q):
        supplied = jax.lax.psum(jnp.abs(q).sum(axis=-1), Axis.PIPE)
        supplied = jax.lax.pcast(supplied, Axis.PIPE, to="varying")
        return jax.lax.all_gather(supplied, Axis.PIPE, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(110)
    return (rng.uniform(-0.05, 0.05, (4, 32)).astype(np.float32),)


def main(q):
    mesh = jax.make_mesh((2, 4), ("district", "pipe"))
    q = jax.device_put(q, NamedSharding(mesh, P("district", "pipe")))
    return jax.shard_map(DemandReport(), mesh=mesh, in_specs=P("district", "pipe"),
                         out_specs=P("district", reduced={"pipe"}))(q)


if __name__ == "__main__":
    main(*inputs())
