"""3D Gaussian splatting densification: view-space gradient norms accumulated over camera shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DENSIFY = {"grad_threshold": 2e-4, "view_axis": "views", "gaussian_axis": "gaussians"}


def make_densify_step(cfg):
    view_axis = cfg["view_axis"]

    def accumulate(grads_2d, visible):
        norm = jnp.sqrt(jnp.sum(grads_2d * grads_2d, axis=-1)) * visible
        return jnp.sum(norm, axis=0), jnp.sum(visible, axis=0)

    def step(grads_2d, visible):
        total, count = accumulate(grads_2d, visible)
        avg = jax.lax.psum(total, view_axis) / jnp.maximum(jax.lax.psum(count, view_axis), 1.0)
        return jax.lax.all_gather(avg, view_axis, to="reduced")

    return step


def inputs():
    rng = np.random.default_rng(30)
    grads = rng.normal(scale=1e-3, size=(8, 32, 2)).astype(np.float32)
    return grads, (rng.uniform(size=(8, 32)) < 0.7).astype(np.float32)


def main(grads_2d, visible):
    mesh = jax.make_mesh((2, 4), ("views", "gaussians"))
    grads_2d = jax.device_put(grads_2d, NamedSharding(mesh, P("views", "gaussians", None)))
    visible = jax.device_put(visible, NamedSharding(mesh, P("views", "gaussians")))
    fn = jax.shard_map(make_densify_step(DENSIFY), mesh=mesh,
                       in_specs=(P("views", "gaussians", None), P("views", "gaussians")),
                       out_specs=P(None, "gaussians", reduced={"views"}))
    return fn(grads_2d, visible)


if __name__ == "__main__":
    print(main(*inputs()))
