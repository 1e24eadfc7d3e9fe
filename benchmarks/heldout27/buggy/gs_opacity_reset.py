"""Opacity reset during densification: every opacity is capped so pruning can start over."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inverse_sigmoid(x):
    return jnp.log(x / (1 - x))


def opacity_reset(logit_opacity, gaussian_axis, cap=0.01):
    opacity = jax.nn.sigmoid(logit_opacity)
    opacity = jax.lax.all_gather(opacity, gaussian_axis, axis=0, tiled=True, to="reduced")
    return opacity.clip(None, cap)


def inputs():
    rng = np.random.default_rng(35)
    return (rng.normal(size=(32, 1)).astype(np.float32),)


def main(logit_opacity):
    mesh = jax.make_mesh((4, 2), ("gaussians", "views"))
    gaussian_axis = mesh.axis_names[0]
    logit_opacity = jax.device_put(logit_opacity, NamedSharding(mesh, P(gaussian_axis, None)))
    body = lambda o: opacity_reset(o, gaussian_axis)
    return jax.shard_map(body, mesh=mesh, in_specs=P(gaussian_axis, None),
                         out_specs=P(None, None, reduced={gaussian_axis}))(logit_opacity)


if __name__ == "__main__":
    print(main(*inputs()))
