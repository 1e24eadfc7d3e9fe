"""Thermal line loading (percent of rating) for the overload report."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = {"scenarios": "scen", "lines": "lines"}


def line_flows(ptdf, injections, lines_axis):
    local = injections @ ptdf.T
    return jax.lax.all_gather(local, lines_axis, axis=1, tiled=True, to="reduced")


def loading(ptdf, injections, rating):
    flows = line_flows(ptdf, injections, AXES["lines"])
    percent = jnp.abs(flows) / rating
    worst = jnp.max(percent, axis=1)
    return jax.lax.pmax(worst, AXES["lines"])


def inputs():
    rng = np.random.default_rng(157)
    ptdf = (0.3 * rng.standard_normal((16, 10))).astype(np.float32)
    inj = rng.standard_normal((8, 10)).astype(np.float32)
    rating = (1 + rng.random(16)).astype(np.float32)
    return ptdf, inj, rating


def main(ptdf, injections, rating):
    mesh = jax.make_mesh((2, 4), tuple(AXES.values()))
    specs = (P(AXES["lines"], None), P(AXES["scenarios"], None), P())
    ptdf, injections, rating = (jax.device_put(a, NamedSharding(mesh, s))
                                for a, s in zip((ptdf, injections, rating), specs))
    fn = jax.shard_map(loading, mesh=mesh, in_specs=specs, out_specs=P(AXES["scenarios"]))
    return fn(ptdf, injections, rating)


if __name__ == "__main__":
    print(main(*inputs()))
