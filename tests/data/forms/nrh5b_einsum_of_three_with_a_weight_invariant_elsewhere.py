"""As rh5, but the weight is invariant on "model", where the other operands vary: JAX's cast of it
is one pvary over "data" and "model", which rejects a reduced operand (JAX raises at the einsum,
which no state rule reports), so the run must not take the einsum's result as varying and
report the psum after it."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def step(a, b, w):
    w = jax.lax.all_gather(w, "data", axis=1, tiled=True, to="reduced")
    y = jnp.einsum("ij,jk,kl->il", a, b, w)
    s = jax.lax.psum(jnp.sum(y), "data")
    return jax.lax.psum(s, ("data", "model"))  # none


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    a = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("data", "model")))
    b = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("model", "data")))
    w = jax.device_put(jnp.ones((4, 4)), NamedSharding(mesh, P(None, "data")))
    f = jax.shard_map(step, mesh=mesh, in_specs=(P("data", "model"), P("model", "data"), P(None, "data")),
                      out_specs=P())
    return f(a, b, w)


if __name__ == "__main__":
    main()
