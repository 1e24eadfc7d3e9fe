"""ViT embedding: position table split over 'tensor', gathered once and added to every image."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_SHAPE = {"data": 4, "tensor": 2}


def embed(patches, w_embed, pos_shard):
    pos = jax.lax.all_gather(pos_shard, "tensor", axis=1, tiled=True, to="reduced")
    tokens = patches @ w_embed
    return tokens + pos[None]


def main(patches, w_embed, pos):
    mesh = jax.make_mesh(tuple(MESH_SHAPE.values()), tuple(MESH_SHAPE))
    patches = jax.device_put(patches, NamedSharding(mesh, P("data")))
    w_embed = jax.device_put(w_embed, NamedSharding(mesh, P()))
    pos = jax.device_put(pos, NamedSharding(mesh, P(None, "tensor")))
    fn = jax.shard_map(embed, mesh=mesh, in_specs=(P("data"), P(), P(None, "tensor")),
                       out_specs=P("data", None, None, reduced={"tensor"}))
    return fn(patches, w_embed, pos)


def inputs():
    rng = np.random.default_rng(15)
    return (rng.standard_normal((8, 16, 48), dtype=np.float32),
            rng.standard_normal((48, 16), dtype=np.float32) * 0.1,
            rng.standard_normal((16, 16), dtype=np.float32) * 0.02)
