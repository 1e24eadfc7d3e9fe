"""Photometric L1 loss after alpha compositing: Gaussian shards each hold partial pixel colours."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LOSS_AXES = ("views", "gaussians")
LAMBDA_DSSIM = 0.2


def composite(weights, colours):
    partial_rgb = jnp.einsum("vpg,gc->vpc", weights, colours)
    return jax.lax.psum(partial_rgb, LOSS_AXES[1])


def l1_loss(rendered, target):
    per_view = jnp.mean(jnp.abs(rendered - target), axis=(1, 2))
    return jax.lax.pmean(jnp.mean(per_view), LOSS_AXES)


def render_and_score(weights, colours, target):
    return (1.0 - LAMBDA_DSSIM) * l1_loss(composite(weights, colours), target)


def inputs():
    rng = np.random.default_rng(34)
    w = rng.uniform(size=(4, 16, 32)).astype(np.float32) / 32
    return w, rng.uniform(size=(32, 3)).astype(np.float32), rng.uniform(size=(4, 16, 3)).astype(np.float32)


def main(weights, colours, target):
    mesh = jax.make_mesh((2, 4), LOSS_AXES)
    specs = (P("views", None, "gaussians"), P("gaussians", None), P("views", None, None))
    weights, colours, target = (jax.device_put(a, NamedSharding(mesh, s))
                                for a, s in zip((weights, colours, target), specs))
    return jax.shard_map(render_and_score, mesh=mesh, in_specs=specs, out_specs=P())(weights, colours, target)


if __name__ == "__main__":
    print(main(*inputs()))
