"""Barlow Twins cross-correlation: the second branch's batch is joined over data shards, then the
whole matrix is collected over every axis in the order the loss config lists them."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LOSS_CONFIG = {"lambd": 0.005, "batch_axis": "data", "corr_axes": ("feat", "data")}


class BarlowTwinsLoss:
    def __init__(self, config=LOSS_CONFIG):
        self.config = config

    def branch(self, z):
        return jax.lax.all_gather(z, self.config["batch_axis"], axis=0, tiled=True, to="reduced")

    def correlation_inputs(self, z):
        zb = self.branch(z)
        return jax.lax.all_gather(zb, self.config["corr_axes"], axis=1, tiled=True, to="reduced")


def inputs():
    return (np.random.default_rng(51).normal(size=(16, 32)).astype(np.float32),)


def main(z):
    mesh = jax.make_mesh((2, 4), ("data", "feat"))
    z = jax.device_put(z, NamedSharding(mesh, P("data", "feat")))
    loss = BarlowTwinsLoss()
    return jax.shard_map(loss.correlation_inputs, mesh=mesh, in_specs=P("data", "feat"),
                         out_specs=P(None, None, reduced={"data", "feat"}))(z)


if __name__ == "__main__":
    main(*inputs())
