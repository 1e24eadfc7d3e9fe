"""Buffer sync of a text-box IoU tracker, DDP broadcast_buffers ported from torch to shard_map."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("replica", "shard"))


def box_iou(a, b):
    lt = jnp.maximum(a[:, :2], b[:, :2])
    rb = jnp.minimum(a[:, 2:], b[:, 2:])
    inter = jnp.prod(jnp.clip(rb - lt, 0.0), axis=1)
    area = lambda x: (x[:, 2] - x[:, 0]) * (x[:, 3] - x[:, 1])
    return inter / (area(a) + area(b) - inter + 1e-6)


@dataclass
class DDPOptions:
    broadcast_buffers: bool = True
    src_rank: int = 0
    world_axis: str = "replica"


class IoUTracker:
    def __init__(self, options: DDPOptions, world_size: int):
        self.opt = options
        self.world = world_size

    def _broadcast(self, buf):
        perm = [(self.opt.src_rank, r) for r in range(self.world)]
        perm = [(s, d) for s, d in perm if s != d] + [(self.opt.src_rank, self.opt.src_rank)]
        return jax.lax.ppermute(buf, self.opt.world_axis, perm=perm[:1])

    def sync_buffers(self, running):
        stats = jax.lax.all_gather(running, self.opt.world_axis, tiled=True, to="reduced")
        if self.opt.broadcast_buffers:
            stats = self._broadcast(stats)
        return stats

    def forward(self, pred, gt):
        iou = box_iou(pred, gt)
        running = jnp.stack([iou.mean(), (iou > 0.5).mean()])
        return self.sync_buffers(running)


def inputs():
    rng = np.random.default_rng(12)
    xy = rng.random((16, 2)).astype(np.float32)
    wh = rng.random((16, 2)).astype(np.float32) + 0.1
    gt = np.concatenate([xy, xy + wh], axis=1)
    pred = gt + rng.normal(scale=0.03, size=gt.shape).astype(np.float32)
    s = NamedSharding(MESH, P("replica", None))
    return jax.device_put(pred, s), jax.device_put(gt, s)


def main(pred, gt):
    tracker = IoUTracker(DDPOptions(), world_size=MESH.shape["replica"])
    fn = jax.shard_map(tracker.forward, mesh=MESH, in_specs=(P("replica", None), P("replica", None)),
                       out_specs=P("replica"))
    print("synced iou buffers:", np.asarray(fn(pred, gt)))


if __name__ == "__main__":
    main(*inputs())
