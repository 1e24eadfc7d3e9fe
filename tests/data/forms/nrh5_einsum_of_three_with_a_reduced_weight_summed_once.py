"""As rh5, but the sum is taken over both axes at once from the varying result (JAX accepts it). An einsum of three operands, one a weight gathered reduced on "data" (and varying on "model")
and the others varying on both axes: JAX casts the weight to varying on "data" first, so the
result varies on both axes (run on 0.10.2); its sum over "data" is then invariant there and
varying on "model"."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def step(a, b, w):
    w = jax.lax.all_gather(w, "data", axis=1, tiled=True, to="reduced")
    y = jnp.einsum("ij,jk,kl->il", a, b, w)
    s = jnp.sum(y)
    return jax.lax.psum(s, ("data", "model"))  # none


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    a = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("data", "model")))
    b = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("model", "data")))
    w = jax.device_put(jnp.ones((16, 8)), NamedSharding(mesh, P("model", "data")))
    f = jax.shard_map(step, mesh=mesh, in_specs=(P("data", "model"), P("model", "data"), P("model", "data")),
                      out_specs=P())
    return f(a, b, w)


if __name__ == "__main__":
    main()
