import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class EncoderConfig:
    batch_axis: str = "batch"
    channel_axis: str = "feat"


class PointNetEncoder:
    def __init__(self, mesh, cfg=EncoderConfig()):
        self.mesh = mesh
        self.cfg = cfg

    def _global_energy(self, feats):
        pooled = jnp.max(feats, axis=1)
        energy = jax.lax.psum(jnp.sum(pooled * pooled, axis=-1, keepdims=True), self.cfg.channel_axis)
        return jax.lax.all_gather(energy, self.cfg.channel_axis, axis=1, tiled=True, to="invarying")

    def __call__(self, points, w):
        def body(p, w):
            return self._global_energy(jax.nn.relu(jnp.einsum("bnc,cf->bnf", p, w)))

        specs = (P(self.cfg.batch_axis, None, None), P(None, self.cfg.channel_axis))
        return jax.shard_map(body, mesh=self.mesh, in_specs=specs, out_specs=P(self.cfg.batch_axis, None))(points, w)


def inputs():
    rng = np.random.default_rng(100)
    return rng.normal(size=(8, 32, 3)).astype(np.float32), rng.normal(size=(3, 16)).astype(np.float32)


def main(points, w):
    mesh = jax.make_mesh((2, 4), ("batch", "feat"))
    points = jax.device_put(points, NamedSharding(mesh, P("batch", None, None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "feat")))
    out = PointNetEncoder(mesh)(points, w)
    print(out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
