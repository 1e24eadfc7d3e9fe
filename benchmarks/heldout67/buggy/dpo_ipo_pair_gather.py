"""IPO variant of the DPO loss, written as a loss class selected by name."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class PreferenceBatch(NamedTuple):
    chosen_logps: jax.Array
    rejected_logps: jax.Array


class IPOLoss:
    name = "ipo"
    axes = ("data", "seq")

    def __init__(self, tau=0.05):
        self.tau = tau

    def gather_pairs(self, logratios):
        per_data = jax.lax.all_gather(logratios, self.axes[0], axis=0, tiled=True, to="reduced")
        return jax.lax.all_gather(per_data, self.axes, axis=1, tiled=True, to="reduced")

    def __call__(self, batch: PreferenceBatch):
        logratios = batch.chosen_logps - batch.rejected_logps
        full = self.gather_pairs(logratios)
        return full


LOSSES = {cls.name: cls for cls in (IPOLoss,)}


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "seq"))
    sharding = NamedSharding(mesh, P("data", "seq"))
    c = jax.device_put(-jnp.linspace(0.1, 2.0, 64).reshape(8, 8), sharding)
    r = jax.device_put(-jnp.linspace(0.5, 3.0, 64).reshape(8, 8), sharding)
    return mesh, PreferenceBatch(c, r)


def main(mesh, batch):
    loss_fn = LOSSES["ipo"](tau=0.1)
    spec = P("data", "seq")
    fn = jax.shard_map(loss_fn, mesh=mesh, in_specs=(PreferenceBatch(spec, spec),),
                       out_specs=P(None, None, reduced={"data", "seq"}))
    return fn(batch)


if __name__ == "__main__":
    main(*inputs())
