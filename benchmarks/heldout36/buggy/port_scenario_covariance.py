"""Portfolio construction: scenario return matrix shared for the covariance estimate."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ScenarioSet:
    axes = {"scenario": "scenarios", "asset": "assets"}

    def __init__(self, horizon_days=10):
        self.horizon_days = horizon_days

    def scaled(self, r):
        return r * jnp.sqrt(jnp.float32(self.horizon_days))

    def matrix(self, r):
        s, a = self.axes["scenario"], self.axes["asset"]
        by_scenario = jax.lax.all_gather(self.scaled(r), s, axis=0, tiled=True, to="reduced")
        full = jax.lax.all_gather(by_scenario, (a, s), axis=1, tiled=True, to="reduced")
        return full


def inputs():
    rng = np.random.default_rng(62)
    return (rng.normal(0, 0.01, (16, 8)).astype(np.float32),)


def main(r):
    sc = ScenarioSet()
    s, a = sc.axes["scenario"], sc.axes["asset"]
    mesh = jax.make_mesh((4, 2), (s, a))
    r = jax.device_put(r, NamedSharding(mesh, P(s, a)))
    fn = jax.shard_map(sc.matrix, mesh=mesh, in_specs=P(s, a), out_specs=P(None, None, reduced={s, a}))
    return fn(r)


if __name__ == "__main__":
    print(main(*inputs()))
