"""Effective number of observations seen by each member under Gaussian localisation."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class Localization:
    radius: float = 2.0
    axes: tuple = ("member", "region")

    def taper(self, dist):
        return jnp.exp(-0.5 * (dist / self.radius) ** 2)

    def effective_obs(self, dist):
        w = self.taper(dist)
        count = jax.lax.psum(w.sum(axis=-1), self.axes[1])
        return jax.lax.pmean(count, self.axes)


def inputs():
    rng = np.random.default_rng(14)
    return (np.abs(rng.standard_normal((8, 16))).astype(np.float32) * 3.0,)


def main(dist):
    loc = Localization()
    mesh = jax.make_mesh((2, 4), loc.axes)
    dist = jax.device_put(dist, NamedSharding(mesh, P(*loc.axes)))
    return jax.shard_map(loc.effective_obs, mesh=mesh, in_specs=P(*loc.axes), out_specs=P())(dist)


if __name__ == "__main__":
    main(*inputs())
