"""Economic-dispatch summary: total generation per scenario, shared with every bus shard."""
import tomllib

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CASE = tomllib.loads("""
[case]
name = "ieee-32"
base_mva = 100.0

[parallel]
mesh_shape = [2, 4]
scenario_axis = "scen"
bus_axis = "bus"
""")


def dispatch_summary(pg):
    par = CASE["parallel"]
    mw = pg * CASE["case"]["base_mva"]
    total = jax.lax.psum(jnp.sum(mw, axis=1), par["bus_axis"])
    return jax.lax.all_gather(total, par["bus_axis"], to="reduced")


def inputs():
    rng = np.random.default_rng(131)
    return (rng.random((8, 32)).astype(np.float32),)


def main(pg):
    par = CASE["parallel"]
    mesh = jax.make_mesh(tuple(par["mesh_shape"]), (par["scenario_axis"], par["bus_axis"]))
    spec = P(par["scenario_axis"], par["bus_axis"])
    pg = jax.device_put(pg, NamedSharding(mesh, spec))
    fn = jax.shard_map(dispatch_summary, mesh=mesh, in_specs=spec,
                       out_specs=P(None, par["scenario_axis"], reduced={par["bus_axis"]}))
    return fn(pg)


if __name__ == "__main__":
    print(main(*inputs()))
