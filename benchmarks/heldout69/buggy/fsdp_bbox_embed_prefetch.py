"""Forward prefetch and reshard-after-forward of a bbox embedding, an FSDP unit ported to shard_map."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("fsdp", "tp"))


@dataclass(frozen=True)
class FSDPUnitConfig:
    axis: str = "fsdp"
    reshard_after_forward: bool = True
    forward_prefetch: bool = True


class FSDPUnit:
    def __init__(self, name, cfg):
        self.name = name
        self.cfg = cfg

    def unshard(self, shard):
        return jax.lax.all_gather(shard, self.cfg.axis, axis=0, tiled=True, to="reduced")

    def reshard(self, full):
        if not self.cfg.reshard_after_forward:
            return full
        return jax.lax.psum_scatter(full, self.cfg.axis, scatter_dimension=0, tiled=True)


def bbox_embed(unit, boxes, table_shard):
    table = unit.unshard(table_shard)
    idx = jnp.clip((boxes * (table.shape[0] - 1)).astype(jnp.int32), 0, table.shape[0] - 1)
    emb = jnp.take(table, idx, axis=0).sum(axis=1)
    return emb, unit.reshard(table)


def inputs():
    rng = np.random.default_rng(22)
    boxes = rng.random((8, 4)).astype(np.float32)
    table = rng.normal(size=(32, 6)).astype(np.float32)
    return (jax.device_put(boxes, NamedSharding(MESH, P("fsdp", None))),
            jax.device_put(table, NamedSharding(MESH, P("fsdp", None))))


def main(boxes, table):
    unit = FSDPUnit("layout.bbox", FSDPUnitConfig())
    fn = jax.shard_map(lambda b, t: bbox_embed(unit, b, t), mesh=MESH,
                       in_specs=(P("fsdp", None), P("fsdp", None)),
                       out_specs=(P("fsdp", None), P("fsdp", None)))
    emb, table = fn(boxes, table)
    print("bbox embeddings:", emb.shape, "table:", table.shape)


if __name__ == "__main__":
    main(*inputs())
