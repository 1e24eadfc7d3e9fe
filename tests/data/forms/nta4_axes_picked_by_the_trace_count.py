"""A jitted step counts the runs of its Python (`TRACES[0] += 1`), and the program picks its
reduction by that count: JAX traces the step once and answers the later calls from its cache,
so the count is 1 and the psum is over "j" only; a count of 3 (the Python run on every call)
would take the psum over ("i", "j") whose gather over "i" raises."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TRACES = [0]


@jax.jit
def step(w, x):
    TRACES[0] += 1
    return w - 0.1 * jnp.mean(x) * w


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    w = jnp.ones((8, 8), jnp.float32)
    for _ in range(3):
        w = step(w, jnp.ones((8, 8), jnp.float32))
    axes = "j" if TRACES[0] == 1 else ("i", "j")

    def body(x):
        total = jax.lax.psum(jnp.sum(x), axes)
        return jax.lax.all_gather(total, "i", to="reduced")

    x = jax.device_put(np.asarray(w), NamedSharding(mesh, P("i", "j")))
    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, reduced={"i"})))(x)


if __name__ == "__main__":
    main()
