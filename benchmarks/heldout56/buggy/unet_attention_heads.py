"""Spatial self-attention of a UNet mid-block with heads over the model axis; attention maps are gathered for visualisation."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class SpatialAttention:
    head_axis = "model"

    def __init__(self, mesh, head_dim=4):
        self.all_axes = tuple(mesh.axis_names)
        self.head_dim = head_dim

    def attention_maps(self, q, k):
        logits = jnp.einsum("bqd,bkd->bqk", q, k) / np.sqrt(self.head_dim)
        return jax.nn.softmax(logits, axis=-1)

    @functools.partial(jax.named_call, name="attn_visualise")
    def visualise(self, q, k):
        maps = self.attention_maps(q, k)[:, None]
        per_head = jax.lax.all_gather(maps, self.head_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(per_head, self.all_axes, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(33)
    return rng.standard_normal((8, 6, 4), dtype=np.float32), rng.standard_normal((8, 6, 4), dtype=np.float32)


def main(q, k):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    spec = P(("data", "model"), None, None)
    q, k = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (q, k))
    attn = SpatialAttention(mesh)
    maps = jax.shard_map(attn.visualise, mesh=mesh, in_specs=(spec, spec),
                         out_specs=P(None, None, None, None, reduced={"data", "model"}))(q, k)
    print(maps.shape)
    return maps


if __name__ == "__main__":
    main(*inputs())
