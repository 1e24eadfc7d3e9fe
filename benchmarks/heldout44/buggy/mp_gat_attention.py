"""GAT-style attention over an edge list whose logits are shared across edge shards."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class GATConfig:
    num_heads: int = 2
    negative_slope: float = 0.2
    edge_axis: str = "edges"
    graph_axis: str = "graphs"


def attention_logits(sender_feats, receiver_feats, attn_vec):
    return jnp.einsum("geh,h->ge", sender_feats + receiver_feats, attn_vec)


def gat_layer(sender_feats, receiver_feats, attn_vec, cfg: GATConfig):
    logits = attention_logits(sender_feats, receiver_feats, attn_vec)
    logits = jax.lax.all_gather(logits, cfg.edge_axis, axis=1, tiled=True, to="reduced")
    weights = jax.nn.softmax(logits, axis=-1)
    return weights


def inputs():
    rng = np.random.default_rng(5)
    s = rng.normal(size=(4, 16, 6)).astype(np.float32)
    r = rng.normal(size=(4, 16, 6)).astype(np.float32)
    a = rng.normal(size=(6,)).astype(np.float32)
    return s, r, a


def main(s, r, a):
    cfg = GATConfig()
    mesh = jax.make_mesh((2, 4), (cfg.graph_axis, cfg.edge_axis))
    edge_spec = P(cfg.graph_axis, cfg.edge_axis, None)
    s = jax.device_put(s, NamedSharding(mesh, edge_spec))
    r = jax.device_put(r, NamedSharding(mesh, edge_spec))
    a = jax.device_put(a, NamedSharding(mesh, P()))
    layer = functools.partial(gat_layer, cfg=cfg)
    return jax.shard_map(layer, mesh=mesh, in_specs=(edge_spec, edge_spec, P()),
                         out_specs=P(cfg.graph_axis, None))(s, r, a)


if __name__ == "__main__":
    main(*inputs())
