"""SimCLR script with absl-like flags: the loss cast to varying on the host axis before the tuple psum."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class _Flags(dict):
    __getattr__ = dict.__getitem__


FLAGS = _Flags(batch_axes="replica,host", temperature=0.2)


def inputs():
    rng = np.random.default_rng(113)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(za, zb):
    axes = tuple(FLAGS.batch_axes.split(","))
    mesh = jax.make_mesh((4, 2), axes)
    spec = P(axes[0], None)
    za, zb = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (za, zb))

    def step(za, zb):
        logits = za @ zb.T / FLAGS.temperature
        loss = jnp.mean(jax.nn.logsumexp(logits, axis=-1) - jnp.diagonal(logits))
        loss = jax.lax.pcast(loss, axes[1], to="varying")
        return jax.lax.psum(loss, axes) / jax.lax.axis_size(axes)

    return jax.shard_map(step, mesh=mesh, in_specs=(spec, spec), out_specs=P())(za, zb)


if __name__ == "__main__":
    print(main(*inputs()))
