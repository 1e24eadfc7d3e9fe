"""RK4 integration of a linear decay field with registered diagnostics."""
from typing import Callable

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DIAGNOSTICS: dict[str, Callable] = {}


def diagnostic(name):
    def register(fn):
        DIAGNOSTICS[name] = fn
        return fn
    return register


@diagnostic("energy")
def energy(y, axis_name="space"):
    total = jax.lax.psum(jnp.sum(y * y, axis=-1), axis_name)
    return jax.lax.all_gather(total, axis_name, to="reduced")


def make_rk4(f, dt):
    def step(y, _):
        k1 = f(y)
        k2 = f(y + 0.5 * dt * k1)
        k3 = f(y + 0.5 * dt * k2)
        k4 = f(y + dt * k3)
        return y + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4), None
    return step


def inputs():
    rng = np.random.default_rng(40)
    return rng.uniform(0.1, 1.0, size=(2, 32)).astype(np.float32), rng.normal(size=(2, 32)).astype(np.float32)


def main(rates, y0):
    mesh = jax.make_mesh((2, 4), ("ens", "space"))
    sh = NamedSharding(mesh, P("ens", "space"))
    rates, y0 = jax.device_put(rates, sh), jax.device_put(y0, sh)

    def body(k, y):
        step = make_rk4(lambda y: -k * y, 0.1)
        y, _ = jax.lax.scan(step, y, None, length=10)
        return y, DIAGNOSTICS["energy"](y)

    return jax.shard_map(body, mesh=mesh, in_specs=(P("ens", "space"),) * 2,
                         out_specs=(P("ens", "space"), P(None, "ens", reduced={"space"})))(rates, y0)


if __name__ == "__main__":
    main(*inputs())
