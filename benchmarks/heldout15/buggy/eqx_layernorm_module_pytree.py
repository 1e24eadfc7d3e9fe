"""Equinox-style modules written by hand: dataclass pytrees, the axis a static field."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class ShardedLayerNorm:
    gamma: jax.Array
    axis: str = dataclasses.field(default="tp", metadata=dict(static=True))
    eps: float = dataclasses.field(default=1e-5, metadata=dict(static=True))

    def __call__(self, h):
        mu = jax.lax.pmean(jnp.mean(h, axis=-1, keepdims=True), self.axis)
        var = jax.lax.pmean(jnp.mean((h - mu) ** 2, axis=-1, keepdims=True), self.axis)
        out = (h - mu) * jax.lax.rsqrt(var + self.eps) * self.gamma
        stats = jax.lax.all_gather(var, self.axis, axis=1, tiled=True, to="reduced")
        return out, stats


def inputs():
    h = np.sin(np.arange(64, dtype=np.float32)).reshape(8, 8)
    return h, np.ones((8,), np.float32)


def main(h, gamma):
    mesh = jax.make_mesh((2, 4), ("dp", "tp"))
    ln = ShardedLayerNorm(gamma=jax.device_put(gamma, NamedSharding(mesh, P("tp"))))
    h = jax.device_put(h, NamedSharding(mesh, P("dp", "tp")))
    specs = ShardedLayerNorm(gamma=P("tp"))
    f = jax.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(specs, P("dp", "tp")),
                      out_specs=(P("dp", "tp"), P("dp", None, reduced={"tp"})))
    return f(ln, h)


if __name__ == "__main__":
    print(main(*inputs()))
