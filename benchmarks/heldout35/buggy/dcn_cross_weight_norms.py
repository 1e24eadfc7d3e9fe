"""DCN-v2 cross network: per-layer kernel norms for the training dashboard.

Constructor arguments are bound gin-style from BINDINGS, so the same class is used by the
trainer, the exporter and this diagnostic job.
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BINDINGS = {
    "CrossNetwork.num_layers": 3,
    "CrossNetwork.shard_axis": "feature",
    "CrossNetwork.batch_axis": "batch",
}


def configurable(cls):
    """Fill constructor keywords from BINDINGS (gin style)."""
    init = cls.__init__

    @functools.wraps(init)
    def wrapped(self, **kw):
        for key, value in BINDINGS.items():
            owner, name = key.split(".")
            if owner == cls.__name__:
                kw.setdefault(name, value)
        init(self, **kw)

    cls.__init__ = wrapped
    return cls


@configurable
class CrossNetwork:
    def __init__(self, num_layers=2, shard_axis="model", batch_axis="data"):
        self.num_layers = num_layers
        self.shard_axis = shard_axis
        self.batch_axis = batch_axis

    def kernel_norms(self, kernels):
        # kernels: (num_layers, d_in / shards, d_out), rows split over the feature axis
        sq = jnp.sum(kernels * kernels, axis=(1, 2))
        sq = jax.lax.psum(sq, self.shard_axis)
        return jax.lax.all_gather(jnp.sqrt(sq), self.shard_axis, to="reduced")


def inputs():
    rng = np.random.default_rng(0)
    return (rng.normal(size=(3, 16, 16)).astype(np.float32),)


def main(kernels):
    mesh = jax.make_mesh((2, 4), ("batch", "feature"))
    net = CrossNetwork()
    kernels = jax.device_put(kernels, NamedSharding(mesh, P(None, net.shard_axis, None)))
    report = jax.shard_map(
        net.kernel_norms, mesh=mesh,
        in_specs=P(None, net.shard_axis, None),
        out_specs=P(None, None, reduced={net.shard_axis}),
    )
    return report(kernels)


if __name__ == "__main__":
    print(main(*inputs()))
