"""Diagonal filter: squared prior variances of the gathered state block (reduced type kept)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class DiagonalKalman:
    def __init__(self, state_axis="state"):
        self.state_axis = state_axis

    def prior(self, p_diag):
        return jax.lax.all_gather(p_diag, self.state_axis, axis=1, tiled=True, to="reduced")

    def second_moment(self, p_diag):
        p = self.prior(p_diag)
        return p * p


def inputs():
    return (np.linspace(0.1, 2.0, 32 * 12, dtype=np.float32).reshape(32, 12),)


def main(p_diag):
    mesh = jax.make_mesh((2, 4), ("sensor", "state"))
    p_diag = jax.device_put(p_diag, NamedSharding(mesh, P("sensor", "state")))
    kf = DiagonalKalman()
    return jax.shard_map(kf.second_moment, mesh=mesh, in_specs=P("sensor", "state"),
                         out_specs=P("sensor", None, reduced={"state"}))(p_diag)


if __name__ == "__main__":
    main(*inputs())
