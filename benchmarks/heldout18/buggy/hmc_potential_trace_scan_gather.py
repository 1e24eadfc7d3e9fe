"""Hand-written HMC for a Bayesian logistic regression: chains over 'chain', data over 'data'."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("chain", "data"))
STEP, N_LEAPFROG = 0.05, 4


def potential(q, x, y):
    logits = x @ q[0]
    loglik = jnp.sum(y * logits - jnp.logaddexp(0.0, logits))
    return -jax.lax.psum(loglik, "data") + 0.5 * jnp.sum(q * q)


def leapfrog(carry, _, x, y):
    q, p = carry
    p = p - 0.5 * STEP * jax.grad(potential)(q, x, y)
    q = q + STEP * p
    p = p - 0.5 * STEP * jax.grad(potential)(q, x, y)
    return (q, p), potential(q, x, y)


def trajectory(q0, p0, x, y):
    (q, p), energies = jax.lax.scan(lambda c, t: leapfrog(c, t, x, y), (q0, p0), None,
                                    length=N_LEAPFROG)
    trace = jax.lax.all_gather(energies, "data", to="reduced")
    return q, trace


def inputs():
    x = jnp.cos(jnp.arange(64 * 3, dtype=jnp.float32)).reshape(64, 3)
    y = (x[:, 0] > 0).astype(jnp.float32)
    q0 = jnp.zeros((2, 3))
    return (jax.device_put(q0, NamedSharding(mesh, P("chain"))),
            jax.device_put(jnp.ones((2, 3)), NamedSharding(mesh, P("chain"))),
            jax.device_put(x, NamedSharding(mesh, P("data"))),
            jax.device_put(y, NamedSharding(mesh, P("data"))))


def main(q0, p0, x, y):
    f = jax.shard_map(trajectory, mesh=mesh,
                      in_specs=(P("chain"), P("chain"), P("data"), P("data")),
                      out_specs=(P("chain"), P(None, "chain", reduced={"data"})))
    return f(q0, p0, x, y)
