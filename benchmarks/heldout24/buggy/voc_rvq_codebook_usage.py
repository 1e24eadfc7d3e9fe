"""Codebook usage of a residual vector quantiser (EnCodec/SoundStream-style codec).

The config mirrors the YAML the training job is launched with; it is turned into an
attribute-access tree the same way OmegaConf would present it.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {
    "model": {"codebook_size": 16, "dim": 8},
    "dist": {"mesh_shape": [2, 4], "axes": ["batch", "time"], "frame_axis": "time"},
}


class Node(dict):
    __getattr__ = dict.__getitem__


def to_node(tree):
    return Node({k: to_node(v) if isinstance(v, dict) else v for k, v in tree.items()})


def nearest_code(frames, codebook):
    dist = jnp.sum((frames[:, None, :] - codebook[None]) ** 2, axis=-1)
    return jnp.argmin(dist, axis=-1)


def codebook_usage(cfg, mesh):
    frame_axis = cfg.dist.frame_axis
    size = cfg.model.codebook_size

    def body(frames, codebook):
        codes = nearest_code(frames.reshape(-1, frames.shape[-1]), codebook)
        counts = jax.nn.one_hot(codes, size).sum(axis=0)
        counts = jax.lax.psum(counts, frame_axis)
        per_chunk = jax.lax.all_gather(counts, frame_axis, to="reduced")
        return per_chunk

    return jax.shard_map(body, mesh=mesh,
                         in_specs=(P("batch", "time", None), P()),
                         out_specs=P("batch", None, reduced={frame_axis}))


def inputs():
    rng = np.random.default_rng(0)
    return (rng.standard_normal((4, 32, 8)).astype(np.float32),
            rng.standard_normal((16, 8)).astype(np.float32))


def main(frames, codebook):
    cfg = to_node(CONFIG)
    mesh = jax.make_mesh(tuple(cfg.dist.mesh_shape), tuple(cfg.dist.axes))
    frames = jax.device_put(frames, NamedSharding(mesh, P("batch", "time", None)))
    codebook = jax.device_put(codebook, NamedSharding(mesh, P()))
    return codebook_usage(cfg, mesh)(frames, codebook)


if __name__ == "__main__":
    print(main(*inputs()))
