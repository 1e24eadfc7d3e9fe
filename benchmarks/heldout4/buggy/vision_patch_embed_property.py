"""A ViT patch embedding whose kernel is sharded two ways; the gather axes come from properties
of a config object, and the kernel is upcast between the two gathers."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class ViTConfig:
    patch: int = 4
    hidden: int = 16
    mesh_axes: tuple = ("fsdp", "tensor")

    @property
    def fsdp_axis(self):
        return self.mesh_axes[0]

    @property
    def all_axes(self):
        return tuple(self.mesh_axes)


class PatchEmbed:
    def __init__(self, cfg: ViTConfig):
        self.cfg = cfg

    def kernel(self, k):
        k = jax.lax.all_gather(k, self.cfg.fsdp_axis, axis=0, tiled=True, to="reduced")
        k = k.astype(jnp.float32)
        return jax.lax.all_gather(k, self.cfg.all_axes, axis=1, tiled=True, to="reduced")

    def __call__(self, patches, k):
        return patches @ self.kernel(k)


def inputs():
    patches = np.ones((8, 16), np.float32)
    k = (np.arange(16 * 16) % 5).astype(np.float16).reshape(16, 16)
    return patches, k


def main(patches, k):
    cfg = ViTConfig()
    mesh = jax.make_mesh((2, 4), cfg.mesh_axes)
    patches = jax.device_put(patches, NamedSharding(mesh, P()))
    k = jax.device_put(k, NamedSharding(mesh, P(*cfg.mesh_axes)))
    embed = PatchEmbed(cfg)
    f = jax.shard_map(embed, mesh=mesh, in_specs=(P(), P(*cfg.mesh_axes)), out_specs=P())
    return f(patches, k)


if __name__ == "__main__":
    print(main(*inputs()))
