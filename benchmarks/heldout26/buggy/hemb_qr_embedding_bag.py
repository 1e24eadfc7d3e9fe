"""Quotient-remainder hashed embeddings, TorchRec-like: row-wise sharded tables, pooled bags."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class EmbeddingBagConfig:
    name: str
    num_embeddings: int
    embedding_dim: int
    feature_names: tuple


@dataclasses.dataclass(frozen=True)
class ParameterSharding:
    sharding_type: str
    axis: str


class EmbeddingBagCollection:
    def __init__(self, tables, plan):
        self.tables = {t.name: t for t in tables}
        self.plan = plan

    def lookup(self, name, weight, ids):
        cfg, ps = self.tables[name], self.plan[name]
        rows = weight.shape[0]
        offset = jax.lax.axis_index(ps.axis) * rows
        local = ids % cfg.num_embeddings - offset
        hit = (local >= 0) & (local < rows)
        emb = jnp.where(hit[..., None], weight[jnp.clip(local, 0, rows - 1)], 0.0)
        return jax.lax.psum(emb.sum(axis=1), ps.axis)

    def forward(self, q_weight, r_weight, ids):
        q = self.lookup("t_quotient", q_weight, ids // 16)
        r = self.lookup("t_remainder", r_weight, ids)
        pooled = q * r
        axis = self.plan["t_quotient"].axis
        return jax.lax.all_gather(pooled, axis, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(2661)
    return (rng.standard_normal((16, 8)).astype(np.float32), rng.standard_normal((16, 8)).astype(np.float32),
            rng.integers(0, 256, (8, 3)).astype(np.int32))


def main(q_weight, r_weight, ids):
    tables = [EmbeddingBagConfig("t_quotient", 16, 8, ("user_id",)),
              EmbeddingBagConfig("t_remainder", 16, 8, ("user_id",))]
    plan = {t.name: ParameterSharding("row_wise", "table") for t in tables}
    mesh = jax.make_mesh((2, 4), ("data", "table"))
    q_weight = jax.device_put(q_weight, NamedSharding(mesh, P("table", None)))
    r_weight = jax.device_put(r_weight, NamedSharding(mesh, P("table", None)))
    ids = jax.device_put(ids, NamedSharding(mesh, P("data", None)))
    ebc = EmbeddingBagCollection(tables, plan)
    fn = jax.shard_map(ebc.forward, mesh=mesh, in_specs=(P("table", None), P("table", None), P("data", None)),
                       out_specs=P("data", None, reduced={"table"}))
    return fn(q_weight, r_weight, ids)


if __name__ == "__main__":
    print(main(*inputs()))
