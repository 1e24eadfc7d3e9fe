"""Conformer relative positional encoding: the pos_k / pos_v tables are rebuilt for each block."""
import dataclasses

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class AttentionConfig:
    attention_heads: int = 4
    pos_enc_layer_type: str = "rel_pos"
    head_axis: str = "tp"
    table_axes: tuple = ("dp",)


def gather_table(table, axes, dim):
    return jax.lax.all_gather(table, axes, axis=dim, tiled=True, to="reduced")


def rel_pos_tables(pos_k, pos_v, cfg):
    per_head = {name: gather_table(t, cfg.head_axis, 1) for name, t in (("k", pos_k), ("v", pos_v))}
    return {name: gather_table(t, cfg.table_axes, 0) for name, t in per_head.items()}


def inputs():
    rng = np.random.default_rng(21)
    return (rng.standard_normal((8, 16)).astype(np.float32), rng.standard_normal((8, 16)).astype(np.float32))


def main(pos_k, pos_v):
    cfg = AttentionConfig()
    mesh = jax.make_mesh((4, 2), ("dp", "tp"))
    sharding = NamedSharding(mesh, P("dp", "tp"))
    pos_k, pos_v = jax.device_put(pos_k, sharding), jax.device_put(pos_v, sharding)
    out = P(None, None, reduced={"dp", "tp"})
    body = lambda k, v: rel_pos_tables(k, v, cfg)
    return jax.shard_map(body, mesh=mesh, in_specs=(P("dp", "tp"), P("dp", "tp")),
                         out_specs={"k": out, "v": out})(pos_k, pos_v)


if __name__ == "__main__":
    print(main(*inputs()))
