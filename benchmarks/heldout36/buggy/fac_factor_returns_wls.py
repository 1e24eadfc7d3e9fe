"""Barra-style risk model: cross-sectional factor returns by regression on exposures."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RISK_MODEL = {
    "name": "USE4-lite",
    "axes": {"universe": "stocks", "history": "days"},
    "ridge": 1e-3,
}


class CrossSectionalRegression:
    def __init__(self, config):
        self.universe = config["axes"]["universe"]
        self.history = config["axes"]["history"]
        self.ridge = config["ridge"]

    def moments(self, exposures, returns):
        xtx = jax.lax.psum(jnp.einsum("sk,sl->kl", exposures, exposures), self.universe)
        xty = jax.lax.psum(jnp.einsum("sk,sd->kd", exposures, returns), self.universe)
        return xtx, xty

    def __call__(self, exposures, returns):
        xtx, xty = self.moments(exposures, returns)
        f = jnp.linalg.solve(xtx + self.ridge * jnp.eye(xtx.shape[0]), xty)
        return jax.lax.all_gather(f, self.universe, axis=0, to="reduced")


def inputs():
    rng = np.random.default_rng(21)
    return rng.normal(size=(32, 4)).astype(np.float32), rng.normal(0, 0.02, (32, 8)).astype(np.float32)


def main(exposures, returns):
    axes = RISK_MODEL["axes"]
    mesh = jax.make_mesh((4, 2), (axes["universe"], axes["history"]))
    exposures = jax.device_put(exposures, NamedSharding(mesh, P(axes["universe"], None)))
    returns = jax.device_put(returns, NamedSharding(mesh, P(axes["universe"], axes["history"])))
    model = CrossSectionalRegression(RISK_MODEL)
    fn = jax.shard_map(model, mesh=mesh,
                       in_specs=(P(axes["universe"], None), P(axes["universe"], axes["history"])),
                       out_specs=P(None, None, axes["history"], reduced={axes["universe"]}))
    return fn(exposures, returns)


if __name__ == "__main__":
    print(main(*inputs()))
