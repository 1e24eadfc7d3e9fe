"""Counterparty risk engine: expected exposure per trade over Monte Carlo paths, shared with every path shard."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class RiskEngine:
    def __init__(self, mesh):
        self.mesh = mesh
        self.axes = {"scenario": "paths", "book": "trades"}

    def expected_exposure(self, mtm):
        # mtm: (paths, time, trades) block; EE per time step and trade
        positive = jnp.maximum(mtm, 0.0).mean(axis=0)
        return jax.lax.pmean(positive, self.axes["scenario"])

    def ee_profile(self, mtm):
        ee = self.expected_exposure(mtm)
        return jax.lax.all_gather(ee, self.axes["scenario"], axis=0, tiled=True, to="reduced")

    def run(self, mtm):
        spec = P(self.axes["scenario"], None, self.axes["book"])
        mtm = jax.device_put(mtm, NamedSharding(self.mesh, spec))
        fn = jax.shard_map(self.ee_profile, mesh=self.mesh, in_specs=spec,
                           out_specs=P(None, self.axes["book"], reduced={self.axes["scenario"]}))
        return fn(mtm)


def inputs():
    rng = np.random.default_rng(97)
    return (np.cumsum(rng.normal(size=(16, 6, 4)), axis=1).astype(np.float32),)


def main(mtm):
    mesh = jax.make_mesh((4, 2), ("paths", "trades"))
    return RiskEngine(mesh).run(mtm)


if __name__ == "__main__":
    print(main(*inputs()))
