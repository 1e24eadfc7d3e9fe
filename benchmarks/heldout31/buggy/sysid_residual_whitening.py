"""Residual whitening across randomized episodes before the Gauss-Newton step."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Whitening:
    axis: str = "episode"
    eps: float = 1e-6

    def pooled(self, resid):
        return jax.lax.all_gather(resid, self.axis, to="reduced", tiled=True)

    def __call__(self, resid):
        r = self.pooled(resid)
        scale = jnp.sqrt(jnp.mean(r * r, axis=0) + self.eps)
        return jax.lax.psum((resid / scale).sum(), ("episode", "param", "ensemble"))


def inputs():
    mesh = jax.make_mesh((2, 2, 2), ("episode", "param", "ensemble"))
    resid = jnp.sin(jnp.arange(8 * 8, dtype=jnp.float32)).reshape(8, 8)
    return mesh, jax.device_put(resid, NamedSharding(mesh, P("episode", ("param", "ensemble"))))


def main(mesh, resid):
    return jax.shard_map(Whitening(), mesh=mesh, in_specs=P("episode", ("param", "ensemble")),
                         out_specs=P())(resid)
