"""SimCLR contrastive head: features are tensor-sharded, negatives come from every device."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Module:
    """A tiny flax-like base: submodules hold config, methods are used as shard_map bodies."""

    def __init__(self, **kwargs):
        for k, v in kwargs.items():
            setattr(self, k, v)


class ContrastiveHead(Module):
    axes = ("data", "model")

    def full_features(self, z):
        return jax.lax.all_gather(z, self.axes[1], axis=1, tiled=True, to="reduced")

    def negatives(self, z):
        feats = self.full_features(z)
        return jax.lax.all_gather(feats, self.axes, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(1)
    return (rng.normal(size=(16, 32)).astype(np.float32),)


def main(z):
    mesh = jax.make_mesh((2, 4), ContrastiveHead.axes)
    head = ContrastiveHead(temperature=0.2, proj_dim=32)
    z = jax.device_put(z, NamedSharding(mesh, P(*head.axes)))
    bank = jax.shard_map(head.negatives, mesh=mesh, in_specs=P(*head.axes),
                         out_specs=P(None, None, reduced=set(head.axes)))(z)
    return bank


if __name__ == "__main__":
    main(*inputs())
