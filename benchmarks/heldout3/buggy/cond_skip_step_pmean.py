import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


def make_update(axes, threshold=100.0):
    data_axis = axes[0]

    def update(w, g):
        g = lax.psum(g, data_axis)
        gnorm = jnp.sqrt(jnp.sum(g * g))

        def apply(w):
            return w - 0.1 * lax.pmean(g, axes)

        def skip(w):
            return w

        return lax.cond(gnorm < threshold, apply, skip, w)

    return update


def inputs():
    return np.ones((4, 4), np.float32), np.full((8, 4), 0.5, np.float32)


def main(w, g):
    axes = ("d", "t")
    mesh = jax.make_mesh((2, 4), axes)
    w = jax.device_put(w, NamedSharding(mesh, P(None, "t")))
    g = jax.device_put(g, NamedSharding(mesh, P("d", "t")))
    f = jax.shard_map(make_update(axes), mesh=mesh, in_specs=(P(None, "t"), P("d", "t")),
                      out_specs=P(None, "t"))
    return f(w, g)


if __name__ == "__main__":
    print(main(*inputs()))
