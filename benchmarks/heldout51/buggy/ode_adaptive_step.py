"""PI step-size controller: the worst local error over the spatial grid picks the next dt."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ControllerState(NamedTuple):
    dt: jax.Array
    prev_err: jax.Array


class PIController:
    def __init__(self, order=5, safety=0.9, axis_name="space"):
        self.order = order
        self.safety = safety
        self.axis_name = axis_name

    def worst_error(self, err):
        shared = jax.lax.all_gather(err, self.axis_name, axis=-1, tiled=True, to="reduced")
        return jax.lax.pmax(shared, self.axis_name)


def inputs():
    rng = np.random.default_rng(42)
    return (np.abs(rng.normal(size=(4, 32))).astype(np.float32),)


def main(err):
    mesh = jax.make_mesh((2, 4), ("ens", "space"))
    err = jax.device_put(err, NamedSharding(mesh, P("ens", "space")))
    ctl = PIController()
    return jax.shard_map(ctl.worst_error, mesh=mesh, in_specs=P("ens", "space"),
                         out_specs=P("ens", None))(err)


if __name__ == "__main__":
    main(*inputs())
