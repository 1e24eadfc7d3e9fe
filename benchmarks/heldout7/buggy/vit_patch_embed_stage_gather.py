"""ViT with pipeline stages: the patch-embedding kernel is FSDP-sharded over (stage, tensor)."""
import functools
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class ViTConfig:
    patch: int = 4
    hidden: int = 16
    mesh_axes: tuple = ("stage", "tensor")
    mesh_shape: tuple = (2, 4)

    @property
    def fsdp_axes(self):
        return self.mesh_axes

    @property
    def tp_axis(self):
        return self.mesh_axes[-1]


def patchify(img, p):
    b, h, w = img.shape
    img = img.reshape(b, h // p, p, w // p, p).transpose(0, 1, 3, 2, 4)
    return img.reshape(b, (h // p) * (w // p), p * p)


def gather_tp(kernel, cfg):
    return jax.lax.all_gather(kernel, cfg.tp_axis, axis=1, tiled=True, to="reduced")


def gather_fsdp(kernel, cfg):
    return jax.lax.all_gather(kernel, cfg.fsdp_axes, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(8)
    return rng.normal(size=(2, 8, 8)).astype(np.float32), rng.normal(size=(16, 16)).astype(np.float32)


def main(images, kernel, cfg=ViTConfig()):
    mesh = jax.make_mesh(cfg.mesh_shape, cfg.mesh_axes)
    kspec = P(cfg.fsdp_axes[0], cfg.tp_axis)
    kernel = jax.device_put(kernel, NamedSharding(mesh, kspec))
    images = jax.device_put(images, NamedSharding(mesh, P()))

    def embed(img, k):
        k = gather_tp(k, cfg)
        k = gather_fsdp(k, cfg)
        return patchify(img, cfg.patch), k

    run = functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), kspec),
                            out_specs=(P(), P(None, None, reduced=set(cfg.fsdp_axes))))
    return run(embed)(images, kernel)


if __name__ == "__main__":
    print(main(*inputs()))
