"""Truncated-SVD bookkeeping for an MPS: discarded weight per bond after cutting small singular values."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_BONDS = 8
CHI = 32


@dataclasses.dataclass
class TruncationOptions:
    cutoff: float = 1e-2
    max_bond: int = 24
    bond_axis: str = "bond"


class Truncator:
    def __init__(self, opts):
        self.opts = opts

    def spectrum(self, s):
        return jax.lax.all_gather(s, self.opts.bond_axis, axis=1, tiled=True, to="reduced")

    def discarded_weight(self, s):
        full = self.spectrum(s)
        keep = full > self.opts.cutoff
        return jnp.where(keep, 0.0, full * full).sum(axis=1)


def inputs():
    rng = np.random.default_rng(83)
    s = np.sort(np.exp(-rng.uniform(0, 8, size=(N_BONDS, CHI))), axis=1)[:, ::-1]
    return (np.ascontiguousarray(s).astype(np.float32),)


def main(s):
    opts = TruncationOptions()
    mesh = jax.make_mesh((2, 4), ("chain", opts.bond_axis))
    s = jax.device_put(s, NamedSharding(mesh, P("chain", opts.bond_axis)))
    trunc = Truncator(opts)
    fn = jax.shard_map(trunc.discarded_weight, mesh=mesh, in_specs=P("chain", opts.bond_axis),
                       out_specs=P("chain"))
    return fn(s)


if __name__ == "__main__":
    main(*inputs())
