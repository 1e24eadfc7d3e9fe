"""Offline evaluation: chargeback label delay. Chargebacks arrive days after the transaction;
the eval collects the delay matrix per replica (shards first) and then for the whole fleet, in
the order the eval config lists the collection stages."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EVAL = {
    "mesh": ((4, 2), ("replica", "shard")),
    "collect": [("shard",), ("shard", "replica")],
}


# --- sharding utils -------------------------------------------------------------------------

def make_mesh(shape, names):
    return jax.make_mesh(shape, names)


def place(mesh, array, spec):
    return jax.device_put(array, NamedSharding(mesh, spec))


def gather_stage(x, axes):
    dim = 1 if axes == ("shard",) else 0
    return jax.lax.all_gather(x, axes if len(axes) > 1 else axes[0], axis=dim, tiled=True, to="reduced")


class DelayCollector:
    def __init__(self, stages):
        self.stages = list(stages)

    def __call__(self, delays):
        out = jnp.log1p(delays)
        for axes in self.stages:
            out = gather_stage(out, axes)
        return out


def inputs():
    rng = np.random.default_rng(31)
    return (rng.exponential(12.0, size=(16, 8)).astype(np.float32),)


def main(delays):
    mesh = make_mesh(*EVAL["mesh"])
    replica, shard = mesh.axis_names
    delays = place(mesh, delays, P(replica, shard))
    collector = DelayCollector(EVAL["collect"])
    return jax.shard_map(collector, mesh=mesh, in_specs=P(replica, shard),
                         out_specs=P(None, None, reduced={replica, shard}))(delays)


if __name__ == "__main__":
    main(*inputs())
