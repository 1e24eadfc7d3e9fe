import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class EncoderConfig:
    batch_axis: str = "batch"
    channel_axis: str = "feat"
    hidden: int = 16


class PointNetEncoder:
    def __init__(self, mesh, cfg=EncoderConfig()):
        self.mesh = mesh
        self.cfg = cfg

    def _global_energy(self, feats):
        pooled = jnp.max(feats, axis=1)
        energy = jax.lax.psum(jnp.sum(pooled * pooled, axis=-1, keepdims=True), self.cfg.channel_axis)
        return jax.lax.all_gather(energy, self.cfg.channel_axis, axis=1, tiled=True, to="reduced")

    def __call__(self, points, w):
        def body(p, w):
            feats = jax.nn.relu(jnp.einsum("bnc,cf->bnf", p, w))
            return self._global_energy(feats)

        specs = (P(self.cfg.batch_axis, None, None), P(None, self.cfg.channel_axis))
        out = P(self.cfg.batch_axis, None, reduced={self.cfg.channel_axis})
        return jax.shard_map(body, mesh=self.mesh, in_specs=specs, out_specs=out)(points, w)


def inputs():
    rng = np.random.default_rng(0)
    points = rng.normal(size=(8, 32, 3)).astype(np.float32)
    w = rng.normal(size=(3, 16)).astype(np.float32)
    return points, w


def main(points, w):
    mesh = jax.make_mesh((2, 4), ("batch", "feat"))
    points = jax.device_put(points, NamedSharding(mesh, P("batch", None, None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "feat")))
    out = PointNetEncoder(mesh)(points, w)
    print("global energy", out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
