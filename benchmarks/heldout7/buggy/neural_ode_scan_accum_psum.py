"""Neural ODE trained with gradient accumulation: per-microbatch loss carried by lax.scan, then reduced."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DT, STEPS = 0.1, 5


def dynamics(w, y):
    return jnp.tanh(y @ w)


def odeint_rk4(w, y0):
    def step(y, _):
        k1 = dynamics(w, y)
        k2 = dynamics(w, y + DT / 2 * k1)
        k3 = dynamics(w, y + DT / 2 * k2)
        k4 = dynamics(w, y + DT * k3)
        y = y + DT / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        return y, y
    return jax.lax.scan(step, y0, None, length=STEPS)[0]


def inputs():
    rng = np.random.default_rng(34)
    return rng.normal(size=(4, 16, 8)).astype(np.float32), rng.normal(size=(8, 8)).astype(np.float32) / 4


def main(micro, w):
    mesh = jax.make_mesh((4, 2), ("data", "state"))
    micro = jax.device_put(micro, NamedSharding(mesh, P(None, "data", "state")))
    w = jax.device_put(w, NamedSharding(mesh, P("state", None)))

    def accumulate(micro, w):
        def body(total, y0):
            w_full = jax.lax.all_gather(w, "state", tiled=True, to="invarying")
            y1 = odeint_rk4(w_full, jax.lax.all_gather(y0, "state", axis=1, tiled=True, to="invarying"))
            return total + jnp.sum(y1 ** 2), None
        total, _ = jax.lax.scan(body, jax.lax.pcast(jnp.zeros(()), "data", to="varying"), micro)
        return jax.lax.psum(total, ("data", "state"))

    return jax.shard_map(accumulate, mesh=mesh, in_specs=(P(None, "data", "state"), P("state", None)),
                         out_specs=P())(micro, w)


if __name__ == "__main__":
    print(main(*inputs()))
