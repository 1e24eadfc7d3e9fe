"""SimCLR training script with absl-like flags: the contrastive loss summed over the batch axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class _FlagValues(dict):
    __getattr__ = dict.__getitem__


FLAGS = _FlagValues(batch_axes="replica,host", temperature=0.2, mesh_shape="4,2")


def axes_from_flags():
    return tuple(FLAGS.batch_axes.split(","))


def contrastive(za, zb, t):
    logits = za @ zb.T / t
    return jax.nn.logsumexp(logits, axis=-1) - jnp.diagonal(logits)


def inputs():
    rng = np.random.default_rng(30)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(za, zb):
    axes = axes_from_flags()
    mesh = jax.make_mesh(tuple(int(n) for n in FLAGS.mesh_shape.split(",")), axes)
    za = jax.device_put(za, NamedSharding(mesh, P(axes[0], None)))
    zb = jax.device_put(zb, NamedSharding(mesh, P(axes[0], None)))

    def step(za, zb):
        loss = jnp.mean(contrastive(za, zb, FLAGS.temperature))
        return jax.lax.psum(loss, axes) / jax.lax.axis_size(axes)

    return jax.shard_map(step, mesh=mesh, in_specs=(P(axes[0], None),) * 2, out_specs=P())(za, zb)


if __name__ == "__main__":
    print(main(*inputs()))
