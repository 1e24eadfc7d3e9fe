"""A jitted step counts the runs of its Python (`TRACES[0] += 1`): JAX traces it on the first
call and answers the later ones from its cache, so after the loop the count is 1 there, or 3
where the Python ran each time. The gather after the loop reads none of it: the gather of a
psum's invariant result to "reduced" raises either way."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TRACES = [0]


@jax.jit
def step(w, x):
    TRACES[0] += 1
    return w - 0.1 * jnp.mean(x) * w


def body(x):
    total = jax.lax.psum(jnp.sum(x), "i")
    return jax.lax.all_gather(total, "i", to="reduced")  # SF101


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    w = jnp.ones((8, 8), jnp.float32)
    for _ in range(3):
        w = step(w, jnp.ones((8, 8), jnp.float32))
    x = jax.device_put(np.asarray(w), NamedSharding(mesh, P("i", "j")))
    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, reduced={"i"})))(x)


if __name__ == "__main__":
    main()
