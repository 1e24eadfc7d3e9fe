"""NeRF renderer that composites rays chunk by chunk in a scan."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def composite_chunk(carry, chunk):
    alpha, rgb = chunk
    alpha_all = jax.lax.all_gather(alpha, "pts", axis=1, tiled=True, to="reduced")
    weights = alpha_all.sum(axis=1)
    color = jax.lax.psum(weights, "pts")
    return carry + color.sum(), color


def render_body(alpha, rgb):
    total, colors = jax.lax.scan(composite_chunk, jnp.zeros_like(alpha[0, 0, 0]), (alpha, rgb))
    return colors


def main(alpha, rgb):
    mesh = jax.make_mesh((2, 4), ("rays", "pts"))
    spec = P(None, "rays", "pts")
    alpha = jax.device_put(alpha, NamedSharding(mesh, spec))
    rgb = jax.device_put(rgb, NamedSharding(mesh, spec))
    fn = jax.shard_map(render_body, mesh=mesh, in_specs=(spec, spec), out_specs=P(None, "rays"))
    return fn(alpha, rgb)


def inputs():
    rng = np.random.default_rng(52)
    return (rng.random((3, 8, 16)).astype(np.float32), rng.random((3, 8, 16)).astype(np.float32))
