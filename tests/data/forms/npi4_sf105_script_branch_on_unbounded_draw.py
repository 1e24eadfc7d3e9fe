import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main(mesh):
    rng = np.random.default_rng(1)
    scale = rng.normal(3.0, 0.1) * 2.0  # (a normal draw has no bound: the test below is not decided)
    low = rng.uniform(-1, 1)  # (either sign)
    axes = ("i", "j") if scale > 0 or low > 0 else "i"

    def body(x):
        s = jax.lax.psum(jnp.sum(x), "i")
        return jax.lax.psum(s, axes if scale < -100 else "j")

    x = jax.device_put(jnp.ones((8, 8), jnp.float32), NamedSharding(mesh, P("i", "j")))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")))
