"""FP8 KV-cache scales passed around the sequence ring for ring attention at decode time."""
import json
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FP8_E4M3_MAX = 448.0


@dataclass
class KVQuantConfig:
    kv_dtype: str
    seq_axis: str
    head_axis: str
    ring_size: int


CFG = KVQuantConfig(**json.loads(
    '{"kv_dtype": "fp8_e4m3", "seq_axis": "seq", "head_axis": "heads", "ring_size": 4}'))


def ring_perm(n):
    return [(i, (i + 1) % n) for i in range(n)]


def block_scales(k):
    amax = jnp.max(jnp.abs(k), axis=(0, 2))
    return jax.lax.all_gather(amax[None], CFG.seq_axis, axis=0, tiled=True, to="reduced")


def rotate_scales(k):
    scales = block_scales(k)
    neighbour = jax.lax.ppermute(scales, CFG.seq_axis, ring_perm(CFG.ring_size))
    return neighbour


def inputs():
    rng = np.random.default_rng(19)
    return (rng.standard_normal((32, 8, 4)).astype(np.float32),)


def main(k):
    mesh = jax.make_mesh((CFG.ring_size, 2), (CFG.seq_axis, CFG.head_axis))
    spec = P(CFG.seq_axis, CFG.head_axis, None)
    k = jax.device_put(k, NamedSharding(mesh, spec))
    fn = jax.shard_map(rotate_scales, mesh=mesh, in_specs=spec,
                       out_specs=P(CFG.seq_axis, CFG.head_axis))
    return fn(k)


if __name__ == "__main__":
    print(main(*inputs()))
