"""AdaGN scale-shift conditioning in a UNet ResBlock; the conditioning norm is averaged over the mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ResBlockConfig:
    def __init__(self, mesh):
        self.axes = mesh.axis_names
        self.data_axis, self.model_axis = mesh.axis_names


class ScaleShiftResBlock:
    def __init__(self, cfg):
        self.cfg = cfg

    def cond_norm(self, emb):
        sq = jax.lax.psum(jnp.sum(emb * emb, axis=-1), self.cfg.model_axis)
        return jax.lax.pmean(jnp.sqrt(sq).mean(), self.cfg.axes)

    def forward(self, h, emb):
        scale, shift = jnp.split(emb, 2, axis=-1)
        out = h * (1 + scale[:, None]) + shift[:, None]
        return out, self.cond_norm(emb)


def inputs():
    rng = np.random.default_rng(36)
    return rng.standard_normal((4, 6, 8), dtype=np.float32), rng.standard_normal((4, 16), dtype=np.float32)


def main(h, emb):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    h = jax.device_put(h, NamedSharding(mesh, P("data", None, "model")))
    emb = jax.device_put(emb, NamedSharding(mesh, P("data", "model")))
    block = ScaleShiftResBlock(ResBlockConfig(mesh))
    out, norm = jax.shard_map(block.forward, mesh=mesh, in_specs=(P("data", None, "model"), P("data", "model")),
                              out_specs=(P("data", None, "model"), P()))(h, emb)
    print(norm)
    return out


if __name__ == "__main__":
    main(*inputs())
