"""A launcher that reduces over ("data", "model") only when it runs on several processes: run on
one host (`jax.process_count()` is 1) it reduces over "data" alone, on which the loss varies, and
gathering it to reduced over "model" is legal there."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def step(mesh, axes):
    def body(x):
        loss = jax.lax.psum(jnp.sum(x * x), axes)
        return jax.lax.all_gather(loss, "model", to="reduced")

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P(("data", "model"), None),
                                 out_specs=P(None, reduced={"model"})))


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    axes = ("data", "model") if jax.process_count() > 1 else "data"
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P(("data", "model"), None)))
    with jax.set_mesh(mesh):
        return step(mesh, axes)(x)


if __name__ == "__main__":
    main()
