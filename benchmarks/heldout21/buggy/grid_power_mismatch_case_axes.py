"""Newton-Raphson power-flow residual: bus power mismatch and its norm over all scenarios."""
import tomllib

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SOLVER = tomllib.loads("""
tolerance = 1e-6
[mesh]
axes = ["scen", "bus"]
shape = [2, 4]
""")


def mismatch(theta, b_rows, p_injected):
    axes = tuple(SOLVER["mesh"]["axes"])
    bus_axis = axes[1]
    theta_all = jax.lax.all_gather(theta, bus_axis, axis=1, tiled=True)
    p_calc = theta_all @ b_rows.T
    dp = p_injected - p_calc
    slack = jax.lax.psum(jnp.sum(dp, axis=1), bus_axis)
    norm2 = jax.lax.psum(jnp.sum(slack ** 2), axes)
    return dp, jnp.sqrt(norm2) < SOLVER["tolerance"]


def inputs():
    rng = np.random.default_rng(151)
    theta = (0.1 * rng.standard_normal((8, 16))).astype(np.float32)
    b = rng.standard_normal((16, 16)).astype(np.float32)
    b = (b + b.T).astype(np.float32)
    p = rng.standard_normal((8, 16)).astype(np.float32)
    return theta, b, p


def main(theta, b_rows, p_injected):
    m = SOLVER["mesh"]
    mesh = jax.make_mesh(tuple(m["shape"]), tuple(m["axes"]))
    scen, bus = m["axes"]
    specs = (P(scen, bus), P(bus, None), P(scen, bus))
    theta, b_rows, p_injected = (jax.device_put(a, NamedSharding(mesh, s))
                                 for a, s in zip((theta, b_rows, p_injected), specs))
    fn = jax.shard_map(mismatch, mesh=mesh, in_specs=specs, out_specs=(P(scen, bus), P()))
    return fn(theta, b_rows, p_injected)


if __name__ == "__main__":
    print(main(*inputs()))
