"""MoCo queue checkpointing: the negative queue lives sharded over the mesh; the checkpoint
writer wants it with rows split over the fsdp shards."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class QueueLayout:
    train: P = field(default_factory=lambda: P("replica", "shard"))
    checkpoint: P = field(default_factory=lambda: P("shard", None, reduced={"replica"}))


@dataclass
class MoCoConfig:
    queue_size: int = 64
    dim: int = 16
    layout: QueueLayout = field(default_factory=QueueLayout)


def build_queue_init(cfg, mesh):
    def init():
        q = jnp.arange(cfg.queue_size * cfg.dim, dtype=jnp.float32).reshape(cfg.queue_size, cfg.dim)
        return q / jnp.linalg.norm(q, axis=1, keepdims=True)
    return jax.jit(init, out_shardings=NamedSharding(mesh, cfg.layout.train))


class QueueCheckpointer:
    def __init__(self, cfg):
        self.cfg = cfg

    def save(self, queue):
        return top_level_all_gather(queue, self.cfg.layout.checkpoint)


def inputs():
    return ()


def main():
    cfg = MoCoConfig()
    mesh = jax.make_mesh((4, 2), ("replica", "shard"))
    queue = build_queue_init(cfg, mesh)()
    with jax.set_mesh(mesh):
        return QueueCheckpointer(cfg).save(queue)


if __name__ == "__main__":
    main(*inputs())
