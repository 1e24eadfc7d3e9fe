import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

BINDINGS = {
    "CrossNetwork.num_layers": 3,
    "CrossNetwork.shard_axis": "i",
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
    def __init__(self, num_layers=2, shard_axis="j"):
        self.num_layers = num_layers
        self.shard_axis = shard_axis

    def kernel_norms(self, kernels):
        sq = jnp.sum(kernels * kernels, axis=1)
        return jax.lax.all_gather(sq, self.shard_axis, to="reduced")  # none


def main(mesh, x):
    BINDINGS["CrossNetwork.shard_axis"] = "j"
    net = CrossNetwork()
    report = jax.shard_map(net.kernel_norms, mesh=mesh, in_specs=P(None, "j"),
                           out_specs=P(None, reduced={net.shard_axis}))
    return report(x)
