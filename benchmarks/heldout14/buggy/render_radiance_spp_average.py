"""Progressive rendering: every device traces a few samples per pixel of its tile; the
mean radiance over the frame is logged for convergence checks."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def trace(rays, key):
    noise = jax.random.uniform(key, rays.shape, minval=0.9, maxval=1.1)
    return jnp.abs(rays) * noise


def progressive(rays):
    axes = [name for name, size in MESH.shape.items() if size > 1]
    key = jax.random.fold_in(jax.random.key(0), jax.lax.axis_index("spp"))
    radiance = jax.lax.psum(trace(rays, key), "spp")
    return jax.lax.pmean(jnp.mean(radiance), tuple(axes))


def inputs():
    return (np.linspace(-1.0, 1.0, 64, dtype=np.float32).reshape(16, 4),)


MESH = jax.make_mesh((4, 2), ("tile", "spp"))


def main(rays):
    rays = jax.device_put(rays, NamedSharding(MESH, P("tile", None)))
    return jax.shard_map(progressive, mesh=MESH, in_specs=P("tile", None), out_specs=P())(rays)


if __name__ == "__main__":
    print(main(*inputs()))
