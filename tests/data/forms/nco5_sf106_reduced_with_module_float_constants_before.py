"""Near miss of co5: the constants are applied before the gather (the reduced type is kept), and
after it only to a value gathered to invariant."""
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def body(x):
    r = jax.lax.all_gather((x + jnp.pi) * (2.0 * math.pi), "j", axis=1, tiled=True, to="reduced")
    v = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="invarying")
    return r, v * np.e


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=(P("i", None, reduced={"j"}), P("i", None)))(x)
