"""Multi-resolution Darcy-flow training: per-resolution losses scattered back by sample."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("batch", "mode")
RESOLUTIONS = (16, 8)


def downsample(u, res):
    stride = u.shape[-1] // res
    return u[..., ::stride]


def per_sample_loss(pred, target):
    return jnp.mean((pred - target) ** 2, axis=-1)


def losses(pred, target):
    out = []
    for res in RESOLUTIONS:
        sample = per_sample_loss(downsample(pred, res), downsample(target, res))
        sample = jax.lax.pcast(sample, AXES[1], to="varying")
        out.append(jax.lax.psum_scatter(sample, AXES, scatter_dimension=0, tiled=True))
    return out


def inputs():
    rng = np.random.default_rng(20)
    return (rng.normal(size=(16, 16)).astype(np.float32),
            rng.normal(size=(16, 16)).astype(np.float32))


def main(pred, target):
    mesh = jax.make_mesh((2, 4), AXES)
    pred, target = (jax.device_put(a, NamedSharding(mesh, P("batch", None))) for a in (pred, target))
    return jax.shard_map(losses, mesh=mesh, in_specs=(P("batch", None), P("batch", None)),
                         out_specs=[P(AXES), P(AXES)])(pred, target)


if __name__ == "__main__":
    print([l.shape for l in main(*inputs())])
