"""ViT embedding with the position table added to the local slice of hidden units first."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def embed(patches, w_embed, pos_shard):
    tokens = patches @ w_embed + pos_shard[None]
    return jax.lax.all_gather(tokens, "tensor", axis=2, tiled=True, to="reduced")


def main(patches, w_embed, pos):
    mesh = jax.make_mesh((4, 2), ("data", "tensor"))
    patches = jax.device_put(patches, NamedSharding(mesh, P("data")))
    w_embed = jax.device_put(w_embed, NamedSharding(mesh, P(None, "tensor")))
    pos = jax.device_put(pos, NamedSharding(mesh, P(None, "tensor")))
    fn = jax.shard_map(embed, mesh=mesh, in_specs=(P("data"), P(None, "tensor"), P(None, "tensor")),
                       out_specs=P("data", None, None, reduced={"tensor"}))
    return fn(patches, w_embed, pos)


def inputs():
    rng = np.random.default_rng(104)
    return (rng.standard_normal((8, 16, 48), dtype=np.float32),
            rng.standard_normal((48, 16), dtype=np.float32) * 0.1,
            rng.standard_normal((16, 16), dtype=np.float32) * 0.02)
